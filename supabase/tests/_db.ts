/**
 * Shared helpers of the database tests: a connection as `postgres` (DB_URL), a transaction that always
 * rolls back, personas that act the way PostgREST and Supabase Storage impersonate a caller, and
 * fixtures created inside the test transaction.
 */
import postgres from 'postgres';
import type { Sql, TransactionSql } from 'postgres';

export type Tx = TransactionSql<Record<string, never>>;
export type Persona = 'anon' | 'userA' | 'userB' | 'moderator' | 'admin' | 'service';
export const PERSONAS: readonly Persona[] = ['anon', 'userA', 'userB', 'moderator', 'admin', 'service'];

/** Which error a denied attempt raised (SQLSTATE), or how many rows an allowed one touched. */
export type Outcome = { ok: true; count: number } | { ok: false; code: string; message: string };

class Rollback extends Error {}

function connect(): Sql {
  const url = Deno.env.get('DB_URL');
  if (!url) {
    throw new Error(
      'DB_URL is not set. Run: npx tsx scripts/with-test-stack.ts --no-web -- npx deno test -A --config supabase/functions/deno.json supabase/tests',
    );
  }
  return postgres(url, { max: 1, prepare: false, onnotice: () => {} });
}

/** Runs `fn` in a transaction as `postgres` and rolls everything back afterwards, pass or fail. */
export async function inRollback(fn: (tx: Tx) => Promise<void>): Promise<void> {
  const sql = connect();
  try {
    await sql.begin(async (tx) => {
      await fn(tx as unknown as Tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  } finally {
    await sql.end();
  }
}

export function hex64(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface TestUser {
  id: string;
  email: string;
}

/** Inserts an auth user the way GoTrue does; the profile trigger creates the profile. */
export async function createAuthUser(
  tx: Tx,
  options: { confirmed?: boolean; metadata?: Record<string, unknown>; email?: string } = {},
): Promise<TestUser> {
  const id = crypto.randomUUID();
  const email = options.email ?? `${id.slice(0, 8)}@test.example.com`;
  await tx`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values (
      '00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, '',
      ${options.confirmed === false ? null : new Date()}, '', '', '', '',
      '{"provider":"email","providers":["email"]}'::jsonb, ${tx.json((options.metadata ?? {}) as never)}, now(), now())`;
  return { id, email };
}

export interface Fixtures {
  users: Record<Exclude<Persona, 'anon' | 'service'>, TestUser>;
  /** Certificate owned by userA (pending) and by userB (verified). */
  certA: string;
  certB: string;
  objectA: string;
  objectB: string;
  attemptId: number;
  /** An auth user whose profile was removed, so a profile may be inserted for it. */
  orphanId: string;
}

export function objectName(ownerId: string, certificateId: string, ext = 'png'): string {
  return `${ownerId}/${certificateId}.${ext}`;
}

/** Inserts one certificate as postgres (which bypasses RLS, as the platform's owner role does). */
export async function insertCertificate(
  tx: Tx,
  ownerId: string,
  values: Partial<{
    verification_status: string;
    revoked_at: Date | null;
    file_type: 'image' | 'pdf';
    file_size: number;
    content_hash: string | null;
    ocr_content: string | null;
    certificate_name: string;
    created_at: Date;
  }> = {},
): Promise<{ id: string; fileHash: string; contentHash: string | null; storagePath: string }> {
  const id = crypto.randomUUID();
  const fileType = values.file_type ?? 'image';
  const storagePath = objectName(ownerId, id, fileType === 'pdf' ? 'pdf' : 'png');
  const fileHash = hex64();
  const contentHash = values.content_hash === undefined ? hex64() : values.content_hash;
  const revokedAt = values.revoked_at ?? null;
  await tx`
    insert into public.certificates (
      id, user_id, uploaded_by, certificate_name, certificate_hash, storage_path, file_type, mime_type,
      file_size, file_hash, content_hash, ocr_content, verification_status, revoked, revoked_at, created_at)
    values (
      ${id}, ${ownerId}, ${ownerId}, ${values.certificate_name ?? 'Test certificate'}, ${hex64()}, ${storagePath},
      ${fileType}, ${fileType === 'pdf' ? 'application/pdf' : 'image/png'}, ${values.file_size ?? 1000}, ${fileHash},
      ${contentHash}, ${values.ocr_content ?? null}, ${values.verification_status ?? 'pending'},
      ${revokedAt !== null}, ${revokedAt}, ${values.created_at ?? new Date()})`;
  return { id, fileHash, contentHash, storagePath };
}

/** Users A and B, a moderator and an admin, one certificate and stored object each for A and B, one logged attempt. */
export async function createFixtures(tx: Tx): Promise<Fixtures> {
  const userA = await createAuthUser(tx);
  const userB = await createAuthUser(tx);
  const moderator = await createAuthUser(tx);
  const admin = await createAuthUser(tx);
  await tx`update public.profiles set role = 'moderator' where auth_id = ${moderator.id}`;
  await tx`update public.profiles set role = 'admin' where auth_id = ${admin.id}`;
  const certA = await insertCertificate(tx, userA.id);
  const certB = await insertCertificate(tx, userB.id, { verification_status: 'verified' });
  for (const [owner, cert] of [
    [userA, certA],
    [userB, certB],
  ] as const) {
    await tx`
      insert into storage.objects (bucket_id, name, owner_id, metadata)
      values ('certificates', ${cert.storagePath}, ${owner.id}, '{"mimetype":"image/png","size":1000}'::jsonb)`;
  }
  const orphan = await createAuthUser(tx);
  await tx`delete from public.profiles where auth_id = ${orphan.id}`;
  const [attempt] = await tx<{ id: string }[]>`
    select private.record_verification_verdict(${certB.fileHash}, 1000, 'image/png', 'identical', true, 'valid',
      'exact_file', ${certB.id}, 'requester') as id`;
  return {
    users: { userA, userB, moderator, admin },
    certA: certA.id,
    certB: certB.id,
    objectA: certA.storagePath,
    objectB: certB.storagePath,
    attemptId: Number(attempt?.id),
    orphanId: orphan.id,
  };
}

/** The id a persona acts with; anon and the service role have none, so they borrow userA's for targets. */
export function idOf(f: Fixtures, persona: Persona): string {
  return persona === 'anon' || persona === 'service' ? f.users.userA.id : f.users[persona].id;
}

/**
 * Switches the transaction to the persona as PostgREST does (`role` plus `request.jwt.claims`), and
 * allows storage deletes as the Storage API does for its own requests.
 */
export async function actAs(tx: Tx, f: Fixtures | null, persona: Persona, userId?: string): Promise<void> {
  let role: string;
  let claims: Record<string, unknown>;
  if (persona === 'anon') {
    role = 'anon';
    claims = { role: 'anon' };
  } else if (persona === 'service') {
    role = 'service_role';
    claims = { role: 'service_role' };
  } else {
    const sub = userId ?? (f ? f.users[persona].id : undefined);
    if (!sub) throw new Error(`No user id for persona ${persona}`);
    role = 'authenticated';
    claims = { sub, role: 'authenticated', aud: 'authenticated', is_anonymous: false };
  }
  await tx`
    select set_config('role', ${role}, true),
           set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
           set_config('storage.allow_delete_query', 'true', true)`;
}

/** Runs `query` as the persona inside a savepoint that is always rolled back, and reports what happened. */
export async function attempt(
  tx: Tx,
  f: Fixtures,
  persona: Persona,
  query: (sql: Tx) => Promise<{ count: number }>,
): Promise<Outcome> {
  let outcome: Outcome | undefined;
  try {
    await tx.savepoint(async (sp) => {
      const inner = sp as unknown as Tx;
      await actAs(inner, f, persona);
      try {
        const result = await query(inner);
        outcome = { ok: true, count: result.count };
      } catch (error) {
        const e = error as { code?: string; message?: string };
        outcome = { ok: false, code: e.code ?? 'unknown', message: e.message ?? String(error) };
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!outcome) throw new Error('attempt produced no outcome');
  return outcome;
}

/** Allowed = ran without error and touched (or saw) at least one row. */
export function allowed(outcome: Outcome): boolean {
  return outcome.ok && outcome.count > 0;
}
