/**
 * Rate limits as GoTrue applies them. This file starts its own stack with low limits (the shared test
 * stack raises them so other tests never trip): one mail per address per 60 s, three sign-in or
 * sign-up requests per IP per 5 minutes, three mails per hour for the project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/stack/test-stack.ts';
import {
  PASSWORD,
  anonClient,
  database,
  mailCount,
  readEnv,
  uniqueEmail,
  type AuthTestEnv,
} from './support/auth-helpers.ts';

let stack: TestStack;
let env: AuthTestEnv;

beforeAll(async () => {
  stack = await startTestStack({
    env: {
      LOCAL_AUTH_EMAIL_MAX_FREQUENCY: '60',
      LOCAL_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '3',
      LOCAL_AUTH_RATE_LIMIT_EMAIL_SENT: '3',
    },
  });
  env = readEnv(stack.env);
});

afterAll(() => stack?.stop());

/** Each test speaks from its own client address, so the per-IP buckets do not interfere. */
const from = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('rate limits', () => {
  it('refuses a resend within max_frequency with over_email_send_rate_limit and the seconds left', async () => {
    const email = uniqueEmail('resend');
    const client = anonClient(env, from('203.0.113.10'));
    const began = Date.now();
    expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const { error } = await client.auth.resend({ type: 'signup', email });
    // The mail went out after `began`; how long ago it was by the resend depends on the machine.
    const elapsed = Math.ceil((Date.now() - began) / 1000);
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    const seconds = Number(
      /^For security purposes, you can only request this after (\d+) seconds\.$/.exec(
        error?.message ?? '',
      )?.[1],
    );
    expect(seconds).toBeGreaterThanOrEqual(60 - elapsed);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await mailCount(env, email)).toBe(1);
  });

  it('limits sign-in and sign-up requests per IP with over_request_rate_limit', async () => {
    const client = anonClient(env, from('203.0.113.20'));
    for (let i = 0; i < 3; i++) {
      const { error } = await client.auth.signInWithPassword({
        email: 'user@example.com',
        password: 'wrong-password',
      });
      expect(error?.code).toBe('invalid_credentials');
    }
    const limited = await client.auth.signInWithPassword({
      email: 'user@example.com',
      password: 'password123',
    });
    expect(limited.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const signUp = await client.auth.signUp({ email: uniqueEmail('limited'), password: PASSWORD });
    expect(signUp.error?.code).toBe('over_request_rate_limit');

    const elsewhere = anonClient(env, from('203.0.113.21'));
    expect(
      (await elsewhere.auth.signInWithPassword({ email: 'user@example.com', password: 'password123' })).error,
    ).toBeNull();
  });

  it('stops mailing at the project quota and leaves no half-created user behind', async () => {
    const sql = database(env);
    try {
      let refused: string | undefined;
      // One mail went out in the first test; the quota is three per hour.
      for (let i = 0; i < 4 && !refused; i++) {
        const email = uniqueEmail('quota');
        const client = anonClient(env, from(`203.0.113.${30 + i}`));
        const { error } = await client.auth.signUp({ email, password: PASSWORD });
        if (error) {
          expect(error).toMatchObject({
            status: 429,
            code: 'over_email_send_rate_limit',
            message: 'email rate limit exceeded',
          });
          refused = email;
        }
      }
      expect(refused).toBeDefined();
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from auth.users where email = ${refused ?? ''}`;
      expect(row?.n).toBe(0);
    } finally {
      await sql.end();
    }
  });
});
