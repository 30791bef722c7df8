/**
 * Contract tests of sign-up, the email link (implicit flow), OTP verification, resend and password
 * recovery, driven by the real supabase-js against a running local stack.
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
  signUpAndConfirm,
  uniqueEmail,
} from './support/auth-helpers.ts';

const env = readEnv();
const sql = database(env);

afterAll(() => sql.end());

describe('sign-up with email confirmation', () => {
  it('mails a link that confirms the address and signs the user in', async () => {
    const email = uniqueEmail('signup');
    const client = anonClient(env);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { firstname: 'Ada' }, emailRedirectTo: 'http://127.0.0.1:4321/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, role: 'authenticated', aud: 'authenticated' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toMatchObject({ firstname: 'Ada' });
    const userId = data.user?.id as string;

    // The profile trigger on auth.users fired.
    const profiles = await sql`select email, status from public.profiles where auth_id = ${userId}`;
    expect(profiles).toEqual([{ email, status: 'pending' }]);

    const { link, message } = await latestMail(env, email);
    expect(message.Subject).toBe('Confirm your signup');
    expect(new URL(link).searchParams.get('type')).toBe('signup');

    const { status, location, fragment } = await followLink(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:4321/welcome');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(3000);

    const { data: sessionData, error: sessionError } = await client.auth.setSession({
      access_token: fragment.get('access_token') as string,
      refresh_token: fragment.get('refresh_token') as string,
    });
    expect(sessionError).toBeNull();
    expect(sessionData.user?.id).toBe(userId);
    const { data: current } = await client.auth.getUser();
    expect(current.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(current.user?.user_metadata).toMatchObject({ firstname: 'Ada', email_verified: true });

    const [profile] = await sql`select status from public.profiles where auth_id = ${userId}`;
    expect(profile?.status).toBe('active');

    // The link works once.
    const again = await followLink(link);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    // And the password works now.
    const signIn = await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('refuses to sign in an unconfirmed user with email_not_confirmed, and a wrong password first', async () => {
    const email = uniqueEmail('unconfirmed');
    const client = anonClient(env);
    await client.auth.signUp({ email, password: PASSWORD });
    const unconfirmed = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(unconfirmed.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });
    const wrong = await client.auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('answers a sign-up for a confirmed address with an obfuscated user and sends no mail', async () => {
    const { email, userId } = await signUpAndConfirm(env);
    const before = await mailCount(env, email);
    const { data, error } = await anonClient(env).auth.signUp({ email, password: 'another-password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(userId);
    expect(data.user?.email).toBe(email);
    expect(data.user?.role).toBe('');
    expect(await mailCount(env, email)).toBe(before);
    // The stored password did not change.
    const signIn = await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('re-sends the confirmation to an unconfirmed address without changing its password', async () => {
    const email = uniqueEmail('again');
    const first = await anonClient(env).auth.signUp({ email, password: PASSWORD });
    const second = await anonClient(env).auth.signUp({ email, password: 'a-different-one' });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    expect(await mailCount(env, email)).toBe(2);
    await followLink((await latestMail(env, email)).link);
    expect((await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('verifies the 6-digit code from the mail with verifyOtp', async () => {
    const email = uniqueEmail('otp');
    const client = anonClient(env);
    await client.auth.signUp({ email, password: PASSWORD });
    const { otp } = await latestMail(env, email);
    const wrong = await client.auth.verifyOtp({
      email,
      token: otp === '000000' ? '111111' : '000000',
      type: 'signup',
    });
    expect(wrong.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
    const { data, error } = await client.auth.verifyOtp({ email, token: otp, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('verifies a token_hash with verifyOtp', async () => {
    const email = uniqueEmail('hash');
    const client = anonClient(env);
    await client.auth.signUp({ email, password: PASSWORD });
    const token = new URL((await latestMail(env, email)).link).searchParams.get('token') as string;
    const { data, error } = await client.auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
  });

  it('redirects an expired link to the site with error=access_denied and otp_expired', async () => {
    const email = uniqueEmail('expired');
    await anonClient(env).auth.signUp({ email, password: PASSWORD });
    const { link } = await latestMail(env, email);
    await sql`update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = ${email}`;
    const { status, fragment } = await followLink(link);
    expect(status).toBe(303);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
    const [user] = await sql`select email_confirmed_at from auth.users where email = ${email}`;
    expect(user?.email_confirmed_at).toBeNull();
  });

  it('sends users only to allowed redirect URLs', async () => {
    const email = uniqueEmail('redirect');
    await anonClient(env).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const { link } = await latestMail(env, email);
    const target = new URL(new URL(link).searchParams.get('redirect_to') as string);
    expect(target.hostname).not.toBe('evil.example');
    const { location } = await followLink(link);
    expect(location.hostname).not.toBe('evil.example');
  });

  it('answers resend with {} for unknown and confirmed addresses, and mails unconfirmed ones', async () => {
    const client = anonClient(env);
    const unknown = await client.auth.resend({ type: 'signup', email: uniqueEmail('nobody') });
    expect(unknown.error).toBeNull();
    const { email: confirmed } = await signUpAndConfirm(env);
    const before = await mailCount(env, confirmed);
    expect((await client.auth.resend({ type: 'signup', email: confirmed })).error).toBeNull();
    expect(await mailCount(env, confirmed)).toBe(before);

    const pending = uniqueEmail('pending');
    await client.auth.signUp({ email: pending, password: PASSWORD });
    expect((await client.auth.resend({ type: 'signup', email: pending })).error).toBeNull();
    expect(await mailCount(env, pending)).toBe(2);
  });

  it('recovers a password: mail, link with type=recovery, then updateUser', async () => {
    const { email } = await signUpAndConfirm(env);
    const client = anonClient(env);
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
    const { link, message } = await latestMail(env, email, 'Reset your password');
    expect(message.Subject).toBe('Reset your password');
    const { fragment } = await followLink(link);
    expect(fragment.get('type')).toBe('recovery');
    await client.auth.setSession({
      access_token: fragment.get('access_token') as string,
      refresh_token: fragment.get('refresh_token') as string,
    });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    expect((await client.auth.updateUser({ password: 'brand-new-password' })).error).toBeNull();
    const old = await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await anonClient(env).auth.signInWithPassword({ email, password: 'brand-new-password' });
    expect(fresh.error).toBeNull();
  });

  it('rejects weak passwords and invalid addresses with GoTrue codes', async () => {
    const client = anonClient(env);
    const weak = await client.auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(weak.error && 'reasons' in weak.error ? weak.error.reasons : []).toEqual(['length']);
    const invalid = await authFetch(env, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'not-an-email', password: PASSWORD }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });
});
