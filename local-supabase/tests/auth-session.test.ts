/**
 * Contract tests of password sign-in, access tokens (claims, JWKS, expiry, forgery), GET/PUT /user,
 * refresh-token rotation with reuse detection, and sign-out, with the real supabase-js.
 */
import { SignJWT, createRemoteJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  anonClient,
  authFetch,
  database,
  followLink,
  latestMail,
  readEnv,
  signUpAndConfirm,
  signedIn,
  uniqueEmail,
} from './support/auth-helpers.ts';

const env = readEnv();
const sql = database(env);

afterAll(() => sql.end());

/** Makes a refresh token look as if it was rotated longer ago than the reuse interval (10 s). */
const ageToken = (token: string) =>
  sql`update auth.refresh_tokens set updated_at = updated_at - interval '11 seconds' where token = ${token}`;

describe('password sign-in and access tokens', () => {
  it('signs in the SQL-seeded user@example.com with password123', async () => {
    const { data, error } = await anonClient(env).auth.signInWithPassword({
      email: 'user@example.com',
      password: 'password123',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe('33333333-3333-4333-8333-333333333333');
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
  });

  it('refuses an unknown email and a wrong password alike', async () => {
    const client = anonClient(env);
    const unknown = await client.auth.signInWithPassword({
      email: uniqueEmail('ghost'),
      password: 'whatever1',
    });
    const wrong = await client.auth.signInWithPassword({
      email: 'user@example.com',
      password: 'wrong-password',
    });
    for (const result of [unknown, wrong]) {
      expect(result.data.session).toBeNull();
      expect(result.error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('issues ES256 access tokens with GoTrue claims, verifiable through the JWKS', async () => {
    const { email, userId } = await signUpAndConfirm(env);
    const { client, session } = await signedIn(env, email);
    const jwks = createRemoteJWKSet(new URL(`${env.apiUrl}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(session.access_token, jwks, {
      issuer: `${env.apiUrl}/auth/v1`,
      audience: 'authenticated',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: userId,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { firstname: 'Test', email_verified: true },
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(session.expires_in).toBeGreaterThan(3590);

    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(userId);
    const [row] =
      await sql`select count(*)::int as n from auth.sessions where id = ${payload.session_id as string}`;
    expect(row?.n).toBe(1);
  });

  it('rejects an expired token and a forged one with 403 bad_jwt', async () => {
    const { email, userId } = await signUpAndConfirm(env);
    const { session } = await signedIn(env, email);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'authenticated', aud: 'authenticated', session_id: '' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(env.jwtSecret));
    const expiredResponse = await authFetch(env, '/user', { bearer: expired });
    expect(expiredResponse.status).toBe(403);
    expect(expiredResponse.json.code).toBe('bad_jwt');
    expect(expiredResponse.json.message).toContain('token is expired');

    // Same claims and key id, signed with a key that is not the project's.
    const { privateKey } = await generateKeyPair('ES256');
    const { kid } = decodeProtectedHeader(session.access_token);
    const forged = await new SignJWT({ role: 'service_role', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid: kid as string, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    const forgedResponse = await authFetch(env, '/user', { bearer: forged });
    expect(forgedResponse.status).toBe(403);
    expect(forgedResponse.json.code).toBe('bad_jwt');
    const forgedAdmin = await authFetch(env, '/admin/users', { bearer: forged });
    expect(forgedAdmin.status).toBe(403);

    const { error } = await anonClient(env).auth.getUser(expired);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('GET and PUT /user', () => {
  it('merges user_metadata per key (null deletes) and refuses app_metadata', async () => {
    const { email } = await signUpAndConfirm(env);
    const { client } = await signedIn(env, email);
    const first = await client.auth.updateUser({ data: { lastname: 'Lovelace', nickname: 'ada' } });
    expect(first.error).toBeNull();
    expect(first.data.user?.user_metadata).toMatchObject({
      firstname: 'Test',
      lastname: 'Lovelace',
      nickname: 'ada',
    });
    const second = await client.auth.updateUser({ data: { nickname: null } });
    expect(second.data.user?.user_metadata).not.toHaveProperty('nickname');
    const { data } = await client.auth.getUser();
    expect(data.user?.user_metadata).toMatchObject({ firstname: 'Test', lastname: 'Lovelace' });

    const token = (await client.auth.getSession()).data.session?.access_token as string;
    const appMetadata = await authFetch(env, '/user', {
      method: 'PUT',
      bearer: token,
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(appMetadata.status).toBe(403);
    expect(appMetadata.json).toEqual({
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    });
  });

  it('ends the other sessions of a user who changes the password', async () => {
    const { email } = await signUpAndConfirm(env);
    const first = await signedIn(env, email);
    const second = await signedIn(env, email);
    expect((await first.client.auth.updateUser({ password: 'a-new-secret' })).error).toBeNull();
    const stale = await anonClient(env).auth.refreshSession({ refresh_token: second.session.refresh_token });
    expect(stale.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const kept = await anonClient(env).auth.refreshSession({ refresh_token: first.session.refresh_token });
    expect(kept.error).toBeNull();
  });
  it('changes the email address once the link mailed to the new address is followed', async () => {
    const { email, userId } = await signUpAndConfirm(env);
    const { client } = await signedIn(env, email);
    const newEmail = uniqueEmail('moved');
    const taken = await client.auth.updateUser({ email: 'user@example.com' });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    const { link } = await latestMail(env, newEmail);
    expect(new URL(link).searchParams.get('type')).toBe('email_change');
    const { fragment } = await followLink(link);
    expect(fragment.get('type')).toBe('email_change');
    const [row] = await sql`select email, email_change from auth.users where id = ${userId}`;
    expect(row).toEqual({ email: newEmail, email_change: '' });
    const [profile] = await sql`select email from public.profiles where auth_id = ${userId}`;
    expect(profile?.email).toBe(newEmail);
    expect(
      (await anonClient(env).auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error,
    ).toBeNull();
  });
});

describe('refresh-token rotation', () => {
  it('rotates, hands out the same child on a quick retry, and revokes the family on late reuse', async () => {
    const { email } = await signUpAndConfirm(env);
    const { session } = await signedIn(env, email);
    const client = anonClient(env);
    const tokenA = session.refresh_token;

    const rotated = await client.auth.refreshSession({ refresh_token: tokenA });
    expect(rotated.error).toBeNull();
    const tokenB = rotated.data.session?.refresh_token as string;
    expect(tokenB).toMatch(/^[a-z0-9]{12}$/);
    expect(tokenB).not.toBe(tokenA);

    // The response was lost and the client retries with A: it gets B again, not a new branch.
    const retry = await anonClient(env).auth.refreshSession({ refresh_token: tokenA });
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(tokenB);

    const next = await anonClient(env).auth.refreshSession({ refresh_token: tokenB });
    const tokenC = next.data.session?.refresh_token as string;
    expect(tokenC).not.toBe(tokenB);

    // A comes back after the reuse interval while C is current: a stolen token.
    await ageToken(tokenA);
    const reused = await anonClient(env).auth.refreshSession({ refresh_token: tokenA });
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const family = await sql`
      select bool_and(revoked) as all_revoked from auth.refresh_tokens
      where session_id = (select session_id from auth.refresh_tokens where token = ${tokenC})`;
    expect(family[0]?.all_revoked).toBe(true);
    await ageToken(tokenC);
    const afterRevocation = await anonClient(env).auth.refreshSession({ refresh_token: tokenC });
    expect(afterRevocation.error?.code).toBe('refresh_token_already_used');
  });

  it('refuses malformed and unknown refresh tokens', async () => {
    const malformed = await authFetch(env, '/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: 'short' }),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ code: 'validation_failed', message: 'Refresh token is not valid' });
    const unknown = await anonClient(env).auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('sign-out', () => {
  it('ends the session: its refresh token and its access token stop working', async () => {
    const { email } = await signUpAndConfirm(env);
    const { client, session } = await signedIn(env, email);
    const other = await signedIn(env, email);
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();

    const refresh = await anonClient(env).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await authFetch(env, '/user', { bearer: session.access_token });
    expect(user.status).toBe(403);
    expect(user.json).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    // scope=local left the other session alone; a global sign-out ends it too.
    expect((await other.client.auth.getUser()).error).toBeNull();
    const logout = await authFetch(env, '/logout', { method: 'POST', bearer: other.session.access_token });
    expect(logout.status).toBe(204);
    expect(logout.text).toBe('');
    const [row] = await sql`
      select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = ${email}`;
    expect(row?.n).toBe(0);
  });
});
