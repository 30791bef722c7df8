/**
 * auth.users / auth.identities access with GoTrue's column names, and the user JSON GoTrue returns
 * (field order and "omitted when null" rules of its Go model).
 */
import type { ISql, JSONValue } from 'postgres';
import { randomUUID } from 'node:crypto';

export type Db = ISql;
export type JsonObject = Record<string, unknown>;

/** A jsonb parameter (postgres.js serialises it; a pre-stringified value would be stored as a JSON string). */
export const jsonb = (sql: Db, value: JsonObject) => sql.json(value as JSONValue);

/** GoTrue scopes every row to this instance id; NULL does not match. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
export const AUDIENCE = 'authenticated';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject | null;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

/** The auth.users columns of UserRow, for queries that select users. */
export const userColumns = (sql: Db) =>
  sql`id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, phone, phone_confirmed_at,
      confirmation_token, confirmation_sent_at, confirmed_at, recovery_token, recovery_sent_at,
      email_change_token_new, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data,
      raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous`;

export const isBanned = (user: UserRow, now = Date.now()): boolean =>
  user.banned_until !== null && user.banned_until.getTime() > now;

export const isConfirmed = (user: UserRow): boolean => user.email_confirmed_at !== null;

export async function findUserById(sql: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select ${userColumns(sql)} from auth.users where instance_id = ${INSTANCE_ID} and id = ${id}`;
  return row;
}

export async function findUserByEmail(sql: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select ${userColumns(sql)} from auth.users
    where instance_id = ${INSTANCE_ID} and lower(email) = ${email.toLowerCase()} and aud = ${AUDIENCE}
      and is_sso_user = false`;
  return row;
}

export async function findUserByToken(
  sql: Db,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  tokenHash: string,
): Promise<UserRow | undefined> {
  if (!tokenHash) return undefined;
  // GoTrue stores PKCE-flow tokens with a "pkce_" prefix; the link carries the same value.
  const [row] = await sql<UserRow[]>`
    select ${userColumns(sql)} from auth.users
    where instance_id = ${INSTANCE_ID} and ${sql(column)} in (${tokenHash}, ${`pkce_${tokenHash}`})`;
  return row;
}

/** Locks the user row for the rest of the transaction (concurrent sends, verifies and updates). */
export async function lockUser(sql: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select ${userColumns(sql)} from auth.users where instance_id = ${INSTANCE_ID} and id = ${id} for update`;
  return row;
}

/** Serialises sign-ups and invitations of one address until the transaction ends. */
export async function lockAddress(tx: Db, email: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`auth.signup:${email}`}, 0))`;
}

export interface NewUser {
  email: string;
  encryptedPassword: string;
  userMetadata: JsonObject;
  confirmed: boolean;
  appMetadata?: JsonObject;
  id?: string;
}

/** Inserts the user and its email identity, as GoTrue's signup does (the profile trigger fires here). */
export async function createUser(sql: Db, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const appMetadata = input.appMetadata ?? { provider: 'email', providers: ['email'] };
  const userMetadata = input.confirmed ? { ...input.userMetadata, email_verified: true } : input.userMetadata;
  await sql`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous)
    values (
      ${INSTANCE_ID}, ${id}, ${AUDIENCE}, ${AUDIENCE}, ${input.email}, ${input.encryptedPassword},
      ${input.confirmed ? sql`now()` : null}, '', '', '', '',
      ${jsonb(sql, appMetadata)}, ${jsonb(sql, userMetadata)}, false, now(), now(), false)`;
  const identityData: JsonObject = {
    ...input.userMetadata,
    sub: id,
    email: input.email,
    email_verified: input.confirmed,
    phone_verified: false,
  };
  await sql`
    insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (${randomUUID()}, ${id}, ${id}, ${jsonb(sql, identityData)}, 'email', now(), now(), now())`;
  const user = await findUserById(sql, id);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

/** Merges per key; a null value deletes the key (GoTrue's metadata semantics). */
export function mergeMetadata(current: JsonObject | null, patch: JsonObject): JsonObject {
  const merged = new Map(Object.entries(current ?? {}));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

export async function setUserMetadata(sql: Db, user: UserRow, patch: JsonObject): Promise<void> {
  const merged = mergeMetadata(user.raw_user_meta_data, patch);
  await sql`update auth.users set raw_user_meta_data = ${jsonb(sql, merged)}, updated_at = now()
            where id = ${user.id}`;
}

export async function setAppMetadata(sql: Db, user: UserRow, patch: JsonObject): Promise<void> {
  const merged = mergeMetadata(user.raw_app_meta_data, patch);
  await sql`update auth.users set raw_app_meta_data = ${jsonb(sql, merged)}, updated_at = now()
            where id = ${user.id}`;
}

/** Confirms the email: clears the token, stamps email_confirmed_at, marks identities verified. */
export async function confirmEmail(sql: Db, user: UserRow): Promise<void> {
  await sql`update auth.users set confirmation_token = '', email_confirmed_at = now(), updated_at = now()
            where id = ${user.id}`;
  await setUserMetadata(sql, user, { email_verified: true });
  await sql`
    update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
    where user_id = ${user.id} and provider = 'email' and lower(identity_data->>'email') = lower(${user.email ?? ''})`;
}

/** Applies a confirmed email change to the user and its email identity. */
export async function applyEmailChange(sql: Db, user: UserRow): Promise<void> {
  const newEmail = user.email_change ?? '';
  await sql`update auth.users
            set email = ${newEmail}, email_change = '', email_change_token_new = '', email_change_token_current = '',
                email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
                updated_at = now()
            where id = ${user.id}`;
  await sql`
    update auth.identities
    set identity_data = identity_data || ${jsonb(sql, { email: newEmail, email_verified: true })},
        updated_at = now()
    where user_id = ${user.id} and provider = 'email'`;
}

export async function setPassword(sql: Db, userId: string, encryptedPassword: string): Promise<void> {
  await sql`update auth.users set encrypted_password = ${encryptedPassword}, updated_at = now()
            where id = ${userId}`;
}

async function loadIdentities(sql: Db, userIds: string[]): Promise<Map<string, IdentityRow[]>> {
  const byUser = new Map<string, IdentityRow[]>();
  if (userIds.length === 0) return byUser;
  const rows = await sql<IdentityRow[]>`
    select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
    from auth.identities where user_id = any(${sql.array(userIds)}::uuid[]) order by created_at, id`;
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

const iso = (value: Date | null | undefined): string | undefined => value?.toISOString();

function identityJson(row: IdentityRow): JsonObject {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data ?? undefined,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  };
}

/** GoTrue's user JSON. `identities` must be given (they are loaded in bulk for lists). */
export function userJson(user: UserRow, identities: IdentityRow[]): JsonObject {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous ?? false,
  };
}

export async function usersJson(sql: Db, users: UserRow[]): Promise<JsonObject[]> {
  const identities = await loadIdentities(
    sql,
    users.map((user) => user.id),
  );
  return users.map((user) => userJson(user, identities.get(user.id) ?? []));
}

export async function loadUserJson(sql: Db, user: UserRow): Promise<JsonObject> {
  const [json] = await usersJson(sql, [user]);
  return json as JsonObject;
}
