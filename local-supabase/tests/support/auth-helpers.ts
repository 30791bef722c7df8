/**
 * Helpers for the auth contract tests: real supabase-js clients, the Mailpit-compatible outbox read
 * through the `mailpit-api` client, and direct SQL (as `postgres`) to count rows and age timestamps.
 */
import { randomUUID } from 'node:crypto';
import {
  createClient,
  type Session,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import { MailpitClient } from 'mailpit-api';
import postgres from 'postgres';

export interface AuthTestEnv {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  mailpitUrl: string;
  dbUrl: string;
  jwtSecret: string;
}

function required(env: Record<string, string | undefined>, name: string): string {
  const value = env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the tests through the test stack (see docs/local-stack-auth.md)`,
    );
  return value;
}

export function readEnv(env: Record<string, string | undefined> = process.env): AuthTestEnv {
  return {
    apiUrl: required(env, 'API_URL'),
    anonKey: required(env, 'ANON_KEY'),
    serviceRoleKey: required(env, 'SERVICE_ROLE_KEY'),
    mailpitUrl: required(env, 'MAILPIT_URL'),
    dbUrl: required(env, 'DB_URL'),
    jwtSecret: required(env, 'JWT_SECRET'),
  };
}

/** A unique address per test, so tests never see each other's users or mails. */
export const uniqueEmail = (label = 'auth') => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export const PASSWORD = 'correct-horse-42';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/**
 * supabase-js builds its Realtime client eagerly and, on Node 20, finds no global WebSocket. These
 * tests never open a channel, so the transport only has to exist; it is constructed on connect.
 */
function NoRealtime(): never {
  throw new Error('Realtime is not part of the auth tests');
}

/**
 * A server-side style client: no storage, no background refresh, so tests control every call.
 * `headers` go on every request (an Authorization here overrides the key's).
 */
function client(env: AuthTestEnv, key: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(env.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as RealtimeTransport },
    global: { headers },
  });
}

export const anonClient = (env: AuthTestEnv, headers?: Record<string, string>): SupabaseClient =>
  client(env, env.anonKey, headers);
export const serviceClient = (env: AuthTestEnv): SupabaseClient => client(env, env.serviceRoleKey);

export const mailpit = (env: AuthTestEnv) => new MailpitClient(env.mailpitUrl);

export const database = (env: AuthTestEnv) => postgres(env.dbUrl, { max: 2, onnotice: () => undefined });

/** The latest mail to `email` (waits briefly for it), with its confirmation link and OTP. */
export async function latestMail(env: AuthTestEnv, email: string, subject?: string) {
  const query = `to:"${email}"${subject ? ` subject:"${subject}"` : ''}`;
  const message = await mailpit(env).waitForMessage({ query }, { timeout: 5000, interval: 100 });
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<]+/.exec(message.Text)?.[0];
  const otp = /\b(\d{6})\b/.exec(message.Text)?.[1];
  if (!link || !otp) throw new Error(`mail to ${email} has no verify link or code:\n${message.Text}`);
  return { message, link: link.replace(/&amp;/g, '&'), otp };
}

export async function mailCount(env: AuthTestEnv, email: string): Promise<number> {
  const found = await mailpit(env).searchMessages({ query: `to:"${email}"` });
  return found.messages_count;
}

/** Follows an email link like a browser would, without running the page: returns the 303 target. */
export async function followLink(
  link: string,
): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? '');
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

export async function signUpAndConfirm(env: AuthTestEnv, email = uniqueEmail(), password = PASSWORD) {
  const client = anonClient(env);
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { firstname: 'Test' } },
  });
  if (error || !data.user) throw error ?? new Error('signUp returned no user');
  const { link } = await latestMail(env, email);
  const { fragment } = await followLink(link);
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (!accessToken || !refreshToken) throw new Error(`confirmation did not sign in: ${fragment.toString()}`);
  return { email, password, userId: data.user.id };
}

/** Signs in with supabase-js and returns the client holding the session. */
export async function signedIn(
  env: AuthTestEnv,
  email: string,
  password = PASSWORD,
): Promise<{ client: SupabaseClient; session: Session }> {
  const client = anonClient(env);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

/** A raw call to /auth/v1 with supabase-js's headers, for requests the client cannot make. */
export async function authFetch(
  env: AuthTestEnv,
  path: string,
  init: { method?: string; body?: string; bearer?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${env.apiUrl}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: {
      apikey: env.anonKey,
      'X-Supabase-Api-Version': '2024-01-01',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json;charset=UTF-8' } : {}),
      ...(init.bearer ? { Authorization: `Bearer ${init.bearer}` } : {}),
      ...init.headers,
    },
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json: json as Record<string, unknown>, text };
}
