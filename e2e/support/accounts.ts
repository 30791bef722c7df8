import { randomUUID } from 'node:crypto';
import { testClient } from './supabase-client.ts';

const admin = testClient('service_role');

export const DEMO_PASSWORD = 'password123';
export const DEMO_ADMIN = { email: 'admin@example.com', password: DEMO_PASSWORD };
export const DEMO_USER = { email: 'user@example.com', password: DEMO_PASSWORD };

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A confirmed account made through the auth admin API, as an operator would. */
export async function createConfirmedAccount(
  prefix: string,
  firstname = 'Casey',
  lastname = 'Tester',
): Promise<TestAccount> {
  const email = uniqueEmail(prefix);
  const password = 'correct-horse-7';
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { firstname, lastname },
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  return { id: data.user.id, email, password, firstname, lastname };
}
