/** /users: list, stats, role and status changes (with the auth ban), deletion, own-account rules. */
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import type { AdminUser, UserListResponse, UserStatsResponse } from '../../_shared/api-contract.ts';
import {
  ANON_KEY,
  API_URL,
  call,
  db,
  DEMO_PASSWORD,
  demo,
  freshUser,
  storedObjects,
  test,
  uploadUnique,
} from './helpers.ts';

test('GET /users lists every profile in the admin view shape', async () => {
  const admin = await demo('admin');
  const fresh = await freshUser('listed');
  const response = await call<UserListResponse>('GET', '/users', { token: admin.token });
  assert.equal(response.status, 200);
  const row = response.body.data.find((u) => u.auth_id === fresh.userId);
  assert.ok(row);
  assert.deepEqual(Object.keys(row).sort(), [
    'auth_id',
    'avatar',
    'created_at',
    'email',
    'firstname',
    'lastname',
    'role',
    'status',
    'username',
  ]);
  assert.equal(row.email, fresh.email);
  assert.equal(row.role, 'user');
  assert.equal(row.status, 'active');
  assert.ok(response.body.data.some((u) => u.email === 'admin@example.com' && u.role === 'admin'));
});

test('GET /users/stats counts by role and status', async () => {
  const admin = await demo('admin');
  const before = await call<UserStatsResponse>('GET', '/users/stats', { token: admin.token });
  await freshUser('counted');
  const after = await call<UserStatsResponse>('GET', '/users/stats', { token: admin.token });
  assert.equal(after.status, 200);
  assert.equal(after.body.stats.total, before.body.stats.total + 1);
  assert.equal(after.body.stats.byRole.user, (before.body.stats.byRole.user ?? 0) + 1);
  assert.equal(after.body.stats.byStatus.active, (before.body.stats.byStatus.active ?? 0) + 1);
  assert.ok((after.body.stats.byRole.admin ?? 0) >= 1);
});

test('PATCH role: returns the user; validation and unknown users', async () => {
  const admin = await demo('admin');
  const target = await freshUser('promoted');
  const response = await call<{ user: AdminUser }>('PATCH', `/users/${target.userId}/role`, {
    token: admin.token,
    json: { role: 'moderator' },
  });
  assert.equal(response.status, 200);
  assert.equal(response.body.user.role, 'moderator');
  assert.equal(response.body.user.auth_id, target.userId);

  for (const json of [{ role: 'doctor' }, {}]) {
    const bad = await call('PATCH', `/users/${target.userId}/role`, { token: admin.token, json });
    assert.equal(bad.status, 400, JSON.stringify(json));
  }
  const badJson = await call('PATCH', `/users/${target.userId}/role`, {
    token: admin.token,
    rawBody: 'role=admin',
  });
  assert.equal(badJson.status, 400);
  assert.equal(
    (await call('PATCH', '/users/xyz/role', { token: admin.token, json: { role: 'user' } })).status,
    400,
  );
  const unknown = await call('PATCH', `/users/${crypto.randomUUID()}/role`, {
    token: admin.token,
    json: { role: 'user' },
  });
  assert.equal(unknown.status, 404);
});

test('an admin cannot change or delete their own account', async () => {
  const admin = await freshUser('self-admin', 'admin');
  for (const [method, path, json] of [
    ['PATCH', `/users/${admin.userId}/role`, { role: 'user' }],
    ['PATCH', `/users/${admin.userId}/status`, { status: 'banned' }],
    ['DELETE', `/users/${admin.userId}`, undefined],
  ] as const) {
    const response = await call(method, path, { token: admin.token, json });
    assert.equal(response.status, 403, `${method} ${path}`);
    assert.match(String(response.body.error), /own account/);
  }
  const [row] = await db<{ role: string; status: string }[]>`
    select role, status from public.profiles where auth_id = ${admin.userId}`;
  assert.deepEqual({ ...row }, { role: 'admin', status: 'active' });
});

test('banning refuses sign-in and API calls; reactivating restores both', async () => {
  const admin = await demo('admin');
  const target = await freshUser('banned');
  const banned = await call<{ user: AdminUser }>('PATCH', `/users/${target.userId}/status`, {
    token: admin.token,
    json: { status: 'banned' },
  });
  assert.equal(banned.status, 200);
  assert.equal(banned.body.user.status, 'banned');

  const client = createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const refused = await client.auth.signInWithPassword({ email: target.email, password: DEMO_PASSWORD });
  assert.ok(refused.error, 'a banned user cannot sign in');
  const apiCall = await call('GET', `/certificates/user/${target.userId}`, { token: target.token });
  assert.equal(apiCall.status, 403);
  assert.equal(apiCall.body.error, 'Your account has been banned');

  const active = await call<{ user: AdminUser }>('PATCH', `/users/${target.userId}/status`, {
    token: admin.token,
    json: { status: 'active' },
  });
  assert.equal(active.body.user.status, 'active');
  const again = await client.auth.signInWithPassword({ email: target.email, password: DEMO_PASSWORD });
  assert.equal(again.error, null);
  assert.equal(
    (await call('GET', `/certificates/user/${target.userId}`, { token: target.token })).status,
    200,
  );
  assert.equal(
    (await call('PATCH', `/users/${target.userId}/status`, { token: admin.token, json: { status: 'gone' } }))
      .status,
    400,
  );
});

test('DELETE removes the user, their certificates and their stored files', async () => {
  const admin = await demo('admin');
  const target = await freshUser('deleted');
  await uploadUnique(target);
  await uploadUnique(admin, target.userId);
  assert.equal((await storedObjects(`${target.userId}/`)).length, 2);

  const response = await call('DELETE', `/users/${target.userId}`, { token: admin.token });
  assert.equal(response.status, 200);
  assert.equal(typeof response.body.message, 'string');
  assert.deepEqual(await storedObjects(`${target.userId}/`), []);
  assert.equal((await db`select 1 from public.certificates where user_id = ${target.userId}`).length, 0);
  assert.equal((await db`select 1 from public.profiles where auth_id = ${target.userId}`).length, 0);
  assert.equal((await db`select 1 from auth.users where id = ${target.userId}`).length, 0);
  assert.equal((await call('DELETE', `/users/${target.userId}`, { token: admin.token })).status, 404);
});

test('GET /users/me: any signed-in user reads only their own profile; anonymous callers get 401', async () => {
  const fresh = await freshUser('self');
  const own = await call<{ user: AdminUser }>('GET', '/users/me', { token: fresh.token });
  assert.equal(own.status, 200);
  assert.equal(own.body.user.auth_id, fresh.userId);
  assert.equal(own.body.user.email, fresh.email);
  assert.equal(own.body.user.role, 'user');

  const admin = await demo('admin');
  const adminOwn = await call<{ user: AdminUser }>('GET', '/users/me', { token: admin.token });
  assert.equal(adminOwn.body.user.role, 'admin');
  assert.equal(adminOwn.body.user.email, 'admin@example.com');

  assert.equal((await call('GET', '/users/me', {})).status, 401);
});

test('PATCH /users/me: Edit Profile changes only the caller’s own names, trimmed', async () => {
  const fresh = await freshUser('edited');
  const other = await freshUser('untouched');
  const response = await call<{ user: AdminUser }>('PATCH', '/users/me', {
    token: fresh.token,
    json: { firstname: '  Zoë ', lastname: 'Okafor-Smith', username: 'zoe.okafor_1' },
  });
  assert.equal(response.status, 200);
  assert.equal(response.body.user.auth_id, fresh.userId);
  assert.equal(response.body.user.firstname, 'Zoë');
  assert.equal(response.body.user.lastname, 'Okafor-Smith');
  assert.equal(response.body.user.username, 'zoe.okafor_1');
  const [stored] = await db<{ firstname: string; role: string; email: string }[]>`
    select firstname, role, email from public.profiles where auth_id = ${fresh.userId}`;
  assert.deepEqual(stored, { firstname: 'Zoë', role: 'user', email: fresh.email });
  const [untouched] = await db<{ lastname: string }[]>`
    select lastname from public.profiles where auth_id = ${other.userId}`;
  assert.equal(untouched?.lastname, 'untouched');
});

test('PATCH /users/me: the register form’s rules, no other fields, no anonymous caller', async () => {
  const fresh = await freshUser('refused');
  const valid = { firstname: 'Ada', lastname: 'Lovelace', username: 'ada' };
  const refused = async (json: unknown, message: RegExp) => {
    const response = await call<{ error: string }>('PATCH', '/users/me', { token: fresh.token, json });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.match(response.body.error, message);
  };
  await refused({ ...valid, firstname: ' ' }, /First name is required/);
  await refused({ ...valid, lastname: 'L' }, /Last name must be at least 2 characters/);
  await refused({ ...valid, username: 'ab' }, /Username must be at least 3 characters/);
  await refused({ ...valid, username: 'ada lovelace' }, /Username may contain only/);
  await refused({ ...valid, firstname: 'x'.repeat(101) }, /At most 100 characters/);
  // Role, status and e-mail are not part of Edit Profile: the request is refused, nothing changes.
  await refused({ ...valid, role: 'admin' }, /role/);
  const [stored] = await db<{ role: string; firstname: string }[]>`
    select role, firstname from public.profiles where auth_id = ${fresh.userId}`;
  assert.deepEqual(stored, { role: 'user', firstname: 'Test' });
  assert.equal((await call('PATCH', '/users/me', { json: valid })).status, 401);
});
