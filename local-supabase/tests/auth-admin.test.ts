/** Contract tests of the admin user endpoints (service role only) with supabase-js's admin API. */
import { afterAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  anonClient,
  authFetch,
  database,
  readEnv,
  serviceClient,
  signUpAndConfirm,
  signedIn,
  uniqueEmail,
} from './support/auth-helpers.ts';

const env = readEnv();
const sql = database(env);
const admin = serviceClient(env).auth.admin;

afterAll(() => sql.end());

describe('admin user endpoints', () => {
  it('refuses the anon key and user tokens with 403 not_admin, and no token with 401', async () => {
    const anon = await authFetch(env, '/admin/users', { bearer: env.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.json).toEqual({ code: 'not_admin', message: 'User not allowed' });

    const { email } = await signUpAndConfirm(env);
    const { session } = await signedIn(env, email);
    // supabase-js's admin API, but carrying a user's access token instead of the service key.
    const asUser = anonClient(env, { Authorization: `Bearer ${session.access_token}` }).auth.admin;
    const listed = await asUser.listUsers();
    expect(listed.error).toMatchObject({ status: 403, code: 'not_admin' });
    const deleted = await asUser.deleteUser(session.user.id);
    expect(deleted.error).toMatchObject({ status: 403, code: 'not_admin' });
    expect(await admin.getUserById(session.user.id)).toMatchObject({ error: null });

    const none = await fetch(`${env.apiUrl}/auth/v1/admin/users`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });

  it('lists users page by page with X-Total-Count and Link', async () => {
    for (let i = 0; i < 3; i++) {
      const { error } = await admin.createUser({
        email: uniqueEmail('listed'),
        password: PASSWORD,
        email_confirm: true,
      });
      expect(error).toBeNull();
    }
    const { data, error } = await admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    if (!('aud' in data)) throw new Error('listUsers returned no page');
    expect(data.users).toHaveLength(2);
    expect(data.aud).toBe('authenticated');
    // Other test files add users to the same stack concurrently, so totals are compared loosely.
    expect(data.total).toBeGreaterThanOrEqual(3);
    // supabase-js reads only one digit of each Link page number, so lastPage is checked on the raw header.
    expect(data.nextPage).toBe(2);

    const raw = await authFetch(env, '/admin/users?page=2&per_page=2', { bearer: env.serviceRoleKey });
    const total = Number(raw.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(data.total);
    expect(raw.headers.get('link')).toBe(
      `</admin/users?page=3&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    expect((raw.json.users as unknown[]).length).toBe(2);
    // Newest first.
    const times = data.users.map((user) => Date.parse(user.created_at));
    expect(times[0]).toBeGreaterThanOrEqual(times[1] as number);
  });

  it('gets a user by id, with 404s for unknown and malformed ids', async () => {
    const { userId, email } = await signUpAndConfirm(env);
    const { data, error } = await admin.getUserById(userId);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, role: 'authenticated' });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: userId, user_id: userId });

    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    const malformed = await authFetch(env, '/admin/users/not-a-uuid', { bearer: env.serviceRoleKey });
    expect(malformed.status).toBe(404);
  });

  it('bans with ban_duration (sign-in, token use and refresh all refused) and lifts the ban with none', async () => {
    const { userId, email } = await signUpAndConfirm(env);
    const { session } = await signedIn(env, email);
    const banned = await admin.updateUserById(userId, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const until = Date.parse(banned.data.user?.banned_until as string);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);

    const signIn = await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    // Checked before the password, as GoTrue does.
    const wrongPassword = await anonClient(env).auth.signInWithPassword({ email, password: 'nope-nope' });
    expect(wrongPassword.error?.code).toBe('user_banned');
    const getUser = await anonClient(env).auth.getUser(session.access_token);
    expect(getUser.error).toMatchObject({ status: 403, code: 'user_banned' });
    const refresh = await anonClient(env).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'Invalid Refresh Token: User Banned',
    });

    const bad = await admin.updateUserById(userId, { ban_duration: 'forever' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const lifted = await admin.updateUserById(userId, { ban_duration: 'none' });
    expect(lifted.data.user?.banned_until).toBeUndefined();
    expect((await anonClient(env).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('updates metadata, password and confirmation', async () => {
    const email = uniqueEmail('admin-update');
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      user_metadata: { firstname: 'Old' },
    });
    const userId = created.data.user?.id as string;
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const { data, error } = await admin.updateUserById(userId, {
      user_metadata: { firstname: 'New', extra: 1 },
      app_metadata: { plan: 'pro' },
      password: 'admin-set-password',
      email_confirm: true,
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ firstname: 'New', extra: 1 });
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', plan: 'pro' });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(
      (await anonClient(env).auth.signInWithPassword({ email, password: 'admin-set-password' })).error,
    ).toBeNull();
    const taken = await admin.createUser({ email, password: PASSWORD });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('deletes a user with identities, sessions, refresh tokens and profile', async () => {
    const { userId, email } = await signUpAndConfirm(env);
    const { session } = await signedIn(env, email);
    const counts = () => sql<
      { users: number; identities: number; sessions: number; tokens: number; profiles: number }[]
    >`
      select (select count(*)::int from auth.users where id = ${userId}) as users,
             (select count(*)::int from auth.identities where user_id = ${userId}) as identities,
             (select count(*)::int from auth.sessions where user_id = ${userId}) as sessions,
             (select count(*)::int from auth.refresh_tokens where user_id = ${userId}) as tokens,
             (select count(*)::int from public.profiles where auth_id = ${userId}) as profiles`;
    expect((await counts())[0]).toMatchObject({ users: 1, identities: 1, profiles: 1 });
    expect((await counts())[0]?.sessions).toBeGreaterThan(0);

    const { error } = await admin.deleteUser(userId);
    expect(error).toBeNull();
    expect((await counts())[0]).toEqual({ users: 0, identities: 0, sessions: 0, tokens: 0, profiles: 0 });
    const stale = await anonClient(env).auth.getUser(session.access_token);
    expect(stale.error).toMatchObject({ status: 403, code: 'user_not_found' });
    const again = await admin.deleteUser(userId);
    expect(again.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});
