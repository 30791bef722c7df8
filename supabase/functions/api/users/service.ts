/** User management (admin): list, stats, role and status changes, deletion. */
import type {
  AdminUser,
  UpdateOwnProfileRequest,
  UserRole,
  UserStats,
  UserStatus,
} from '../../_shared/api-contract.ts';
import { BAN_FOREVER } from '../../_shared/auth-admin.ts';
import { asCaller, type Tx } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/errors.ts';
import { CERTIFICATE_BUCKET } from '../certificates/model.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';

interface ProfileRow extends Omit<AdminUser, 'created_at'> {
  created_at: Date;
}

const profileColumns = (tx: Tx) => tx`
  p.auth_id, p.email, p.username, p.firstname, p.lastname, p.avatar, p.role, p.status, p.created_at`;

const toUser = (row: ProfileRow): AdminUser => ({ ...row, created_at: row.created_at.toISOString() });

function assertNotSelf(user: SignedIn, userId: string, action: 'modify' | 'delete') {
  if (user.userId === userId) throw new HttpError(403, `Cannot ${action} your own account`);
}

/** GET /users: every profile, newest first. */
export async function listUsers(deps: AppDeps, user: SignedIn): Promise<AdminUser[]> {
  const rows = await asCaller(
    deps.sql,
    user,
    (tx) => tx<ProfileRow[]>`
    select ${profileColumns(tx)} from public.profiles p order by p.created_at desc, p.auth_id`,
  );
  return rows.map(toUser);
}

/** GET /users/me: the caller's own profile, read under RLS like every other query. */
export async function getOwnProfile(deps: AppDeps, user: SignedIn): Promise<AdminUser> {
  const [row] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<ProfileRow[]>`
    select ${profileColumns(tx)} from public.profiles p where p.auth_id = ${user.userId}`,
  );
  if (!row) throw new HttpError(404, 'User not found');
  return toUser(row);
}

/**
 * PATCH /users/me: the caller's own names, under RLS (the profiles policy lets users update their own
 * row; a trigger keeps role, status and e-mail out of reach). The fields arrive validated and trimmed.
 */
export async function updateOwnProfile(
  deps: AppDeps,
  user: SignedIn,
  fields: UpdateOwnProfileRequest,
): Promise<AdminUser> {
  const [row] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<ProfileRow[]>`
    update public.profiles p
    set firstname = ${fields.firstname}, lastname = ${fields.lastname}, username = ${fields.username}
    where p.auth_id = ${user.userId}
    returning ${profileColumns(tx)}`,
  );
  if (!row) throw new HttpError(404, 'User not found');
  return toUser(row);
}

/** GET /users/stats: computed in SQL by public.user_stats. */
export async function userStats(deps: AppDeps, user: SignedIn): Promise<UserStats> {
  const [row] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<{ stats: UserStats }[]>`
    select public.user_stats() as stats`,
  );
  if (!row) throw new Error('user_stats returned no row');
  return row.stats;
}

async function updateProfile(
  deps: AppDeps,
  user: SignedIn,
  userId: string,
  change: (tx: Tx) => Promise<ProfileRow[]>,
  afterUpdate?: (row: ProfileRow) => Promise<void>,
): Promise<AdminUser> {
  assertNotSelf(user, userId, 'modify');
  const row = await asCaller(deps.sql, user, async (tx) => {
    const [updated] = await change(tx);
    if (!updated) throw new HttpError(404, 'User not found');
    // Inside the transaction: if the auth server refuses, the profile change rolls back too.
    await afterUpdate?.(updated);
    return updated;
  });
  return toUser(row);
}

/** PATCH /users/{userId}/role. */
export function setUserRole(deps: AppDeps, user: SignedIn, userId: string, role: UserRole) {
  return updateProfile(
    deps,
    user,
    userId,
    (tx) => tx<ProfileRow[]>`
    update public.profiles p set role = ${role} where p.auth_id = ${userId}
    returning ${profileColumns(tx)}`,
  );
}

/**
 * PATCH /users/{userId}/status. Inactive and banned also ban the auth user, so signing in is
 * refused by the auth server as well as every API call by us; active and pending lift the ban.
 */
export function setUserStatus(deps: AppDeps, user: SignedIn, userId: string, status: UserStatus) {
  const banned = status === 'inactive' || status === 'banned';
  return updateProfile(
    deps,
    user,
    userId,
    (tx) => tx<ProfileRow[]>`
      update public.profiles p set status = ${status} where p.auth_id = ${userId}
      returning ${profileColumns(tx)}`,
    () => deps.authAdmin.setBan(userId, banned ? BAN_FOREVER : 'none'),
  );
}

/**
 * DELETE /users/{userId}: removes the user's stored files, then the auth user; the database
 * cascades to the profile and the certificate rows.
 */
export async function deleteUser(deps: AppDeps, user: SignedIn, userId: string): Promise<void> {
  assertNotSelf(user, userId, 'delete');
  const paths = await asCaller(deps.sql, user, async (tx) => {
    const [profile] = await tx`select 1 from public.profiles p where p.auth_id = ${userId}`;
    if (!profile) throw new HttpError(404, 'User not found');
    const rows = await tx<{ storage_path: string }[]>`
      select c.storage_path from public.certificates c where c.user_id = ${userId}`;
    return rows.map((row) => row.storage_path);
  });
  // Files under the user's folder that no row points to (none should exist) go too.
  const listed = await deps.storage.list(user.token, CERTIFICATE_BUCKET, userId);
  const all = [...new Set([...paths, ...listed.map((name) => `${userId}/${name}`)])];
  for (let start = 0; start < all.length; start += 100) {
    await deps.storage.remove(user.token, CERTIFICATE_BUCKET, all.slice(start, start + 100));
  }
  await deps.authAdmin.deleteUser(userId);
}
