/**
 * Accounts under pressure, with the real supabase-js: simultaneous sign-ups of one address, the
 * password-reset link (single use, expiring, same answer for unknown addresses), sessions of a banned
 * user, and the back-off after failed sign-ins per account and per client address.
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
  mailpit,
  readEnv,
  serviceClient,
  signUpAndConfirm,
  signedIn,
  uniqueEmail,
} from './support/auth-helpers.ts';

const env = readEnv();
const sql = database(env);

afterAll(() => sql.end());

/** A client whose requests seem to come from `ip` (the stand-in trusts X-Forwarded-For from loopback). */
const clientFrom = (ip: string) => anonClient(env, { 'X-Forwarded-For': ip });
let nextAddress = 1;
/** A public address (TEST-NET-3) no other test uses. */
const freshIp = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

describe('simultaneous sign-ups with one address', () => {
  it('create exactly one account; every other one gets user_already_exists, none a 500', async () => {
    const email = uniqueEmail('race');
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        anonClient(env).auth.signUp({
          email,
          password: PASSWORD,
          options: { data: { firstname: `Racer${i}` } },
        }),
      ),
    );
    const created = attempts.filter((attempt) => attempt.error === null);
    const refused = attempts.filter((attempt) => attempt.error !== null);
    expect(created).toHaveLength(1);
    expect(created[0]?.data.user?.identities).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const attempt of refused) {
      expect(attempt.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    }
    const users = await sql`select id from auth.users where lower(email) = ${email}`;
    expect(users).toHaveLength(1);
    const profiles = await sql`select auth_id from public.profiles where email = ${email}`;
    expect(profiles).toEqual([{ auth_id: users[0]?.id }]);
    expect(await mailCount(env, email)).toBe(1);
  });

  it('still treats a later sign-up of an unconfirmed address as a resend, as GoTrue does', async () => {
    const email = uniqueEmail('later');
    expect((await anonClient(env).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const again = await anonClient(env).auth.signUp({ email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(again.data.user?.identities).toHaveLength(1);
    expect(await mailCount(env, email)).toBe(2);
  });
});

describe('password reset link', () => {
  it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
    const { email } = await signUpAndConfirm(env);
    const ghost = uniqueEmail('ghost');
    const body = (address: string) => JSON.stringify({ email: address });
    const known = await authFetch(env, '/recover', { method: 'POST', body: body(email) });
    const unknown = await authFetch(env, '/recover', { method: 'POST', body: body(ghost) });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    expect(await mailCount(env, ghost)).toBe(0);
    expect(await mailCount(env, email)).toBe(2);
  });

  it('works once: a second use of the link and of its code is refused', async () => {
    const { email } = await signUpAndConfirm(env);
    const client = anonClient(env);
    const redirectTo = 'http://127.0.0.1:4321/reset-password';
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const { link, otp } = await latestMail(env, email, 'Reset your password');
    const first = await followLink(link);
    expect(`${first.location.origin}${first.location.pathname}`).toBe(redirectTo);
    expect(first.fragment.get('type')).toBe('recovery');
    const { error } = await client.auth.setSession({
      access_token: first.fragment.get('access_token') as string,
      refresh_token: first.fragment.get('refresh_token') as string,
    });
    expect(error).toBeNull();
    expect((await client.auth.updateUser({ password: 'a-new-password-1' })).error).toBeNull();

    const second = await followLink(link);
    expect(second.fragment.get('access_token')).toBeNull();
    expect(second.fragment.get('error_code')).toBe('otp_expired');
    const code = await anonClient(env).auth.verifyOtp({ email, token: otp, type: 'recovery' });
    expect(code.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const signIn = await anonClient(env).auth.signInWithPassword({ email, password: 'a-new-password-1' });
    expect(signIn.error).toBeNull();
  });

  it('expires after otp_expiry and never changes the password', async () => {
    const { email, userId } = await signUpAndConfirm(env);
    expect((await anonClient(env).auth.resetPasswordForEmail(email)).error).toBeNull();
    const { link } = await latestMail(env, email, 'Reset your password');
    // Age the request past the one-hour expiry of config.toml.
    await sql`update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = ${userId}`;
    const { fragment } = await followLink(link);
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
    expect((await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('a newer request replaces the older link', async () => {
    const { email } = await signUpAndConfirm(env);
    await anonClient(env).auth.resetPasswordForEmail(email);
    const { link: older } = await latestMail(env, email, 'Reset your password');
    await anonClient(env).auth.resetPasswordForEmail(email);
    const messages = await mailpit(env).searchMessages({
      query: `to:"${email}" subject:"Reset your password"`,
    });
    expect(messages.messages_count).toBe(2);
    expect((await followLink(older)).fragment.get('error_code')).toBe('otp_expired');
  });
});

describe('sessions of a banned user', () => {
  it('stop working on the next call: user, refresh and sign-in are refused', async () => {
    const { email, userId } = await signUpAndConfirm(env);
    const { client, session } = await signedIn(env, email);
    expect((await client.auth.getUser()).error).toBeNull();

    const ban = await serviceClient(env).auth.admin.updateUserById(userId, { ban_duration: '876000h' });
    expect(ban.error).toBeNull();

    const user = await authFetch(env, '/user', { bearer: session.access_token });
    expect(user.status).toBe(403);
    expect(user.json).toMatchObject({ code: 'user_banned' });
    const refreshed = await anonClient(env).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'user_banned' });
    const update = await authFetch(env, '/user', {
      method: 'PUT',
      bearer: session.access_token,
      body: JSON.stringify({ password: 'another-password-9' }),
    });
    expect(update.status).toBe(403);
    const again = await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ code: 'user_banned' });
  });
});

/**
 * The back-off after the first failure past the free ones is 1 s and doubles with each further one
 * (src/auth/login-throttle.ts). A refusal checked against that first second depends on the machine
 * sending the next request within it, which a busy one does not always do. So the tests fail twice
 * more, each time once the back-off before has run out (waiting longer only costs time), and check
 * the refusals against the resulting 4 s back-off. `fail` makes one failed sign-in and checks that it
 * was counted as one (400 invalid_credentials, not 429), which also shows that each back-off ended.
 */
async function backOffFourSeconds(fail: () => Promise<void>): Promise<void> {
  for (const backOffMs of [1_000, 2_000]) {
    await fail();
    await new Promise((resolve) => setTimeout(resolve, backOffMs + 100));
  }
  await fail();
}

describe('failed sign-ins back off', () => {
  it('per account: after 5 failures the account is refused with 429 and Retry-After, even from elsewhere', async () => {
    const { email } = await signUpAndConfirm(env);
    const fail = async () => {
      const wrong = await clientFrom(freshIp()).auth.signInWithPassword({
        email,
        password: 'wrong-password',
      });
      expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    };
    for (let i = 0; i < 5; i++) await fail();
    // Past the free failures the back-off starts; from another address, the right password waits too.
    await backOffFourSeconds(fail);
    const response = await authFetch(env, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
      headers: { 'X-Forwarded-For': freshIp() },
    });
    expect(response.status).toBe(429);
    expect(response.json).toMatchObject({ code: 'over_request_rate_limit' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(4);
    // Other accounts are not affected.
    const other = await signUpAndConfirm(env);
    expect((await signedIn(env, other.email)).session.access_token).toEqual(expect.any(String));
    // Once the back-off has passed, the right password works and clears the count.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    const ok = await clientFrom(freshIp()).auth.signInWithPassword({ email, password: PASSWORD });
    expect(ok.error).toBeNull();
    const wrongAgain = await clientFrom(freshIp()).auth.signInWithPassword({ email, password: 'nope-nope' });
    expect(wrongAgain.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('per address: 30 failures on any accounts from one address make that address wait', async () => {
    // Signed up first: a sign-up and confirmation between the failures and the check below could
    // outlast the back-off.
    const { email } = await signUpAndConfirm(env);
    const ip = freshIp();
    const guesser = clientFrom(ip);
    const fail = async () => {
      const wrong = await guesser.auth.signInWithPassword({
        email: uniqueEmail('spray'),
        password: 'wrong-password',
      });
      expect(wrong.error).toMatchObject({ code: 'invalid_credentials' });
    };
    for (let i = 0; i < 30; i++) await fail();
    await backOffFourSeconds(fail);
    const blocked = await guesser.auth.signInWithPassword({ email, password: PASSWORD });
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const elsewhere = await clientFrom(freshIp()).auth.signInWithPassword({ email, password: PASSWORD });
    expect(elsewhere.error).toBeNull();
  });
});
