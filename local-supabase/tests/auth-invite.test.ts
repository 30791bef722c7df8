/**
 * Contract tests of POST /invite (supabase-js `auth.admin.inviteUserByEmail`): the invited account,
 * the "invite" mail, and its link, which confirms the address and signs the user in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  anonClient,
  authFetch,
  database,
  followLink,
  latestMail,
  mailCount,
  readEnv,
  serviceClient,
  signUpAndConfirm,
  signedIn,
  uniqueEmail,
} from './support/auth-helpers.ts';

const env = readEnv();
const sql = database(env);
const admin = serviceClient(env).auth.admin;
const REDIRECT = 'http://127.0.0.1:4321/accept-invitation';

afterAll(() => sql.end());

describe('invitations', () => {
  it('creates an unconfirmed account without a password and mails a link that confirms and signs in', async () => {
    const email = uniqueEmail('invited');
    const { data, error } = await admin.inviteUserByEmail(email, {
      redirectTo: REDIRECT,
      data: { first_name: 'Grace', last_name: 'Hopper' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, role: 'authenticated', aud: 'authenticated' });
    expect(data.user?.invited_at).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
    expect(data.user?.identities).toHaveLength(1);
    const userId = data.user?.id as string;

    const [row] = await sql`select encrypted_password, invited_at, confirmation_sent_at
                            from auth.users where id = ${userId}`;
    expect(row?.encrypted_password).toBe('');
    expect(row?.invited_at).toEqual(row?.confirmation_sent_at);
    // The profile trigger took the names from the invitation's data.
    const profiles =
      await sql`select firstname, lastname, status from public.profiles where auth_id = ${userId}`;
    expect(profiles).toEqual([{ firstname: 'Grace', lastname: 'Hopper', status: 'pending' }]);
    // Without a password nobody can sign in before accepting.
    const early = await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.status).toBe(400);

    const { link, message } = await latestMail(env, email);
    expect(message.Subject).toBe('You have been invited');
    const params = new URL(link).searchParams;
    expect(params.get('type')).toBe('invite');
    expect(params.get('redirect_to')).toBe(REDIRECT);

    const { status, location, fragment } = await followLink(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('token_type')).toBe('bearer');

    const client = anonClient(env);
    const { data: sessionData, error: sessionError } = await client.auth.setSession({
      access_token: fragment.get('access_token') as string,
      refresh_token: fragment.get('refresh_token') as string,
    });
    expect(sessionError).toBeNull();
    expect(sessionData.user?.id).toBe(userId);
    expect(sessionData.user?.email_confirmed_at).toEqual(expect.any(String));
    const [profile] = await sql`select status from public.profiles where auth_id = ${userId}`;
    expect(profile?.status).toBe('active');
    // As GoTrue: a random password, never an empty one, until the user chooses theirs.
    const [confirmed] = await sql`select encrypted_password from auth.users where id = ${userId}`;
    expect(confirmed?.encrypted_password).toMatch(/^\$2[aby]\$/);

    const chosen = await client.auth.updateUser({ password: PASSWORD });
    expect(chosen.error).toBeNull();
    const { session } = await signedIn(env, email);
    expect(session.user.id).toBe(userId);

    // The link works once.
    const again = await followLink(link);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
  });

  it('invites an unconfirmed address again without waiting, and refuses a confirmed one with 422', async () => {
    const email = uniqueEmail('reinvited');
    const first = await admin.inviteUserByEmail(email);
    expect(first.error).toBeNull();
    await latestMail(env, email);
    // No per-address wait (max_frequency applies to the mails users ask for, not to an admin's).
    const second = await admin.inviteUserByEmail(email, { data: { first_name: 'Ignored' } });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    // An existing account keeps its metadata.
    expect(second.data.user?.user_metadata).not.toHaveProperty('first_name');
    await expect.poll(() => mailCount(env, email), { timeout: 10_000 }).toBe(2);

    const member = await signUpAndConfirm(env);
    const mailsBefore = await mailCount(env, member.email);
    const refused = await admin.inviteUserByEmail(member.email);
    expect(refused.error).toMatchObject({ status: 422, code: 'email_exists' });
    expect(refused.error?.message).toBe('A user with this email address has already been registered');
    expect(await mailCount(env, member.email)).toBe(mailsBefore);
  });

  it('is for the service role only and validates the address like sign-up', async () => {
    const body = JSON.stringify({ email: uniqueEmail('not-admin') });
    const anon = await authFetch(env, '/invite', { method: 'POST', body, bearer: env.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.json).toEqual({ code: 'not_admin', message: 'User not allowed' });
    const { email } = await signUpAndConfirm(env);
    const { session } = await signedIn(env, email);
    const asUser = await authFetch(env, '/invite', { method: 'POST', body, bearer: session.access_token });
    expect(asUser.status).toBe(403);

    const missing = await authFetch(env, '/invite', {
      method: 'POST',
      body: JSON.stringify({}),
      bearer: env.serviceRoleKey,
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ code: 'validation_failed', message: 'An email address is required' });
    const malformed = await admin.inviteUserByEmail('not an address');
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
