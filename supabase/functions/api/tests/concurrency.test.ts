/**
 * Concurrent admin actions on one row end in a consistent state: revoke/unrevoke races on one
 * certificate, and role/status races on one user, each accepted change leaving exactly one
 * user_history row in the order the changes were applied (append-only, refused in the database).
 */
import assert from 'node:assert/strict';
import { call, db, demo, freshUser, type Persona, test, uploadUnique } from './helpers.ts';

const ROLES = ['user', 'moderator', 'admin'] as const;
const STATUSES = ['active', 'inactive', 'banned'] as const;

interface HistoryRow {
  id: string;
  changed_by: string | null;
  old_role: string;
  new_role: string;
  old_status: string;
  new_status: string;
}

const historyOf = (userId: string) => db<HistoryRow[]>`
  select id::text, changed_by, old_role::text, new_role::text, old_status::text, new_status::text
  from public.user_history where user_id = ${userId} order by id`;

/**
 * The recorded changes compose, one after another, from the starting state to the final one: as
 * transitions old -> new they form one trail (every state entered as often as left, except the start
 * and the end). So no accepted change is missing, none is recorded twice, and none is invented.
 */
function assertComposes(
  rows: HistoryRow[],
  initial: { role: string; status: string },
  final: { role: string; status: string },
) {
  const state = (role: string, status: string) => `${role}/${status}`;
  const balance = new Map<string, number>();
  const add = (key: string, delta: number) => balance.set(key, (balance.get(key) ?? 0) + delta);
  for (const row of rows) {
    add(state(row.old_role, row.old_status), 1);
    add(state(row.new_role, row.new_status), -1);
  }
  add(state(initial.role, initial.status), -1);
  add(state(final.role, final.status), 1);
  const trail = rows.map(
    (row) => `${state(row.old_role, row.old_status)}->${state(row.new_role, row.new_status)}`,
  );
  const unbalanced = [...balance.entries()].filter(([, n]) => n !== 0);
  assert.deepEqual(
    unbalanced,
    [],
    `history does not lead from ${state(initial.role, initial.status)} to ${state(final.role, final.status)}: ${trail.join(', ')}`,
  );
  // Each change is recorded with the value it replaced, so at least the first one starts at the start.
  assert.ok(rows.some((row) => state(row.old_role, row.old_status) === state(initial.role, initial.status)));
}

async function profileOf(userId: string) {
  const [row] = await db<{ role: string; status: string }[]>`
    select role::text, status::text from public.profiles where auth_id = ${userId}`;
  return row!;
}

test('20 concurrent revoke/unrevoke calls on one certificate end consistent, each answered 200 or 409', async () => {
  const admin = await demo('admin');
  const owner = await freshUser('race-certificate');
  const certificate = await uploadUnique(admin, owner.userId, 'Raced certificate');
  const actions = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'revoke' : 'unrevoke'));
  const responses = await Promise.all(
    actions.map((action) =>
      call('POST', `/certificates/${action}/${certificate.id}`, {
        token: admin.token,
        json: { reason: 'Race test' },
      }),
    ),
  );
  const statuses = responses.map((response) => response.status);
  assert.ok(
    statuses.every((status) => status === 200 || status === 409),
    `unexpected answers: ${statuses.join(',')}`,
  );
  const ok = (action: string) => actions.filter((a, i) => a === action && statuses[i] === 200).length;
  const revokes = ok('revoke');
  const unrevokes = ok('unrevoke');
  // Starting unrevoked, accepted calls alternate: revoke, unrevoke, revoke, ...
  assert.ok(
    revokes - unrevokes === 0 || revokes - unrevokes === 1,
    `${revokes} revokes vs ${unrevokes} unrevokes`,
  );
  assert.ok(revokes >= 1, 'at least the first revoke must win');
  const [row] = await db<{ revoked: boolean; revoked_at: Date | null; revoked_by: string | null }[]>`
    select revoked, revoked_at, revoked_by from public.certificates where id = ${certificate.id}`;
  assert.equal(row!.revoked, revokes - unrevokes === 1);
  if (row!.revoked) {
    assert.ok(row!.revoked_at && row!.revoked_by === admin.userId, 'revoked without when and by whom');
  } else {
    assert.equal(row!.revoked_at, null);
    assert.equal(row!.revoked_by, null);
  }
});

async function raceProfile(
  admin: Persona,
  target: Persona,
  changes: ({ role: string } | { status: string })[],
) {
  const before = (await historyOf(target.userId)).length;
  const initial = await profileOf(target.userId);
  const responses = await Promise.all(
    changes.map((change) =>
      call('PATCH', `/users/${target.userId}/${'role' in change ? 'role' : 'status'}`, {
        token: admin.token,
        json: change,
      }),
    ),
  );
  assert.deepEqual(
    responses.map((response) => response.status),
    changes.map(() => 200),
    JSON.stringify(responses.find((response) => response.status !== 200)?.body),
  );
  const rows = await historyOf(target.userId);
  assert.equal(rows.length - before, changes.length, 'one history row per accepted change');
  assert.ok(rows.slice(before).every((row) => row.changed_by === admin.userId));
  const final = await profileOf(target.userId);
  assertComposes(rows.slice(before), initial, final);
  return final;
}

test('20 concurrent role changes on one user: one history row each, composing to the final role', async () => {
  const admin = await demo('admin');
  const target = await freshUser('race-role');
  await raceProfile(
    admin,
    target,
    Array.from({ length: 20 }, (_, i) => ({ role: ROLES[i % ROLES.length]! })),
  );
});

test('concurrent role and status changes on one user: consistent profile, history and auth ban', async () => {
  const admin = await demo('admin');
  const target = await freshUser('race-status');
  const changes = Array.from({ length: 12 }, (_, i) =>
    i % 2 === 0 ? { status: STATUSES[(i / 2) % STATUSES.length]! } : { role: ROLES[i % ROLES.length]! },
  );
  const final = await raceProfile(admin, target, changes);
  // The auth server's ban follows the final status, not whichever request happened to finish last.
  const [user] = await db<{ banned_until: Date | null }[]>`
    select banned_until from auth.users where id = ${target.userId}`;
  const banned = user!.banned_until !== null && user!.banned_until.getTime() > Date.now();
  assert.equal(banned, final.status === 'inactive' || final.status === 'banned', `status ${final.status}`);
});

test('user_history is append-only: update, delete and truncate are refused even for postgres', async () => {
  const admin = await demo('admin');
  const target = await freshUser('history-append-only');
  const response = await call('PATCH', `/users/${target.userId}/role`, {
    token: admin.token,
    json: { role: 'moderator' },
  });
  assert.equal(response.status, 200);
  const [row] = await historyOf(target.userId);
  assert.ok(row);
  await assert.rejects(
    db`update public.user_history set new_role = 'admin' where id = ${row.id}`,
    /append-only/,
  );
  await assert.rejects(db`delete from public.user_history where id = ${row.id}`, /append-only/);
  await assert.rejects(db`truncate public.user_history`, /append-only/);
  // Through the API roles there is not even a grant to try.
  await assert.rejects(
    db.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true)`;
      await tx`insert into public.user_history (user_id, old_role, new_role, old_status, new_status)
               values (${target.userId}, 'user', 'admin', 'active', 'active')`;
    }),
    /permission denied/,
  );
  assert.equal((await historyOf(target.userId)).length, 1);
});
