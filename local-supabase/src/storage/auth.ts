import type { JWTPayload } from 'jose';
import type { Sql, TransactionSql } from 'postgres';
import type { StackKeys } from '../stack/types.ts';
import { errors } from './errors.ts';

const REQUEST_ROLES = ['anon', 'authenticated', 'service_role'] as const;
type RequestRole = (typeof REQUEST_ROLES)[number];

/** Who is calling, from the verified Bearer JWT. */
export interface Caller {
  role: RequestRole;
  token: string;
  claims: JWTPayload & { role?: string; sub?: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The deprecated `owner uuid` column only takes user ids; `owner_id` keeps any subject. */
export function ownerUuid(caller: Caller): string | null {
  return caller.claims.sub !== undefined && UUID.test(caller.claims.sub) ? caller.claims.sub : null;
}

/**
 * Verifies `Authorization: Bearer <jwt>` like Storage: a missing, forged or expired token, or a role
 * the database must never be switched to, is AccessDenied.
 */
export async function authenticate(keys: StackKeys, header: string | undefined): Promise<Caller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) throw errors.accessDenied('headers must have required property authorization');
  const token = match[1];
  let claims: Caller['claims'];
  try {
    claims = await keys.verify(token);
  } catch (error) {
    throw errors.accessDenied(error instanceof Error ? error.message : 'invalid JWT');
  }
  const role = REQUEST_ROLES.find((r) => r === claims.role);
  if (!role) throw errors.accessDenied('invalid JWT role');
  return { role, token, claims };
}

export interface RequestInfo {
  method: string;
  path: string;
  operation: string;
}

/**
 * Runs `fn` in a transaction that acts as the caller, as Storage does: the JWT's role becomes the
 * current role (so RLS policies on storage.objects apply; service_role bypasses them) and the
 * claims are visible to auth.uid(), auth.jwt() and auth.role().
 */
export async function asCaller<T>(
  sql: Sql,
  caller: Caller,
  request: RequestInfo,
  fn: (tx: TransactionSql) => Promise<T>,
): Promise<T> {
  const result = await sql.begin(async (tx) => {
    await tx`
      select
        set_config('role', ${caller.role}, true),
        set_config('request.jwt', ${caller.token}, true),
        set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
        set_config('request.jwt.claim.sub', ${caller.claims.sub ?? ''}, true),
        set_config('request.jwt.claim.role', ${caller.role}, true),
        set_config('request.method', ${request.method}, true),
        set_config('request.path', ${request.path}, true),
        set_config('storage.operation', ${request.operation}, true),
        set_config('storage.allow_delete_query', 'true', true)`;
    return fn(tx);
  });
  return result as T;
}

/** Maps the database errors a caller can provoke to Storage's errors; anything else is rethrown. */
export function mapDatabaseError(error: unknown): never {
  const code = (error as { code?: unknown }).code;
  if (code === '42501') throw errors.rlsDenied();
  if (code === '23505') throw errors.keyAlreadyExists();
  if (code === '23503') throw errors.noSuchBucket();
  throw error;
}
