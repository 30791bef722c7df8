/**
 * Rate limits kept in Postgres (private.take_rate_limit, migration 20261125200100), so every function
 * instance counts in the same place and a restart forgets nothing. Limits per action come from
 * private.rate_limit_rules unless the environment overrides them (see `rateLimitOverrides`).
 */
import type { Sql } from './db.ts';

/** Actions the api function limits; the auth service limits register, resend and password_reset. */
export type RateLimitedAction = 'verify' | 'verify_hash' | 'upload' | 'invite' | 'copy';
export const RATE_LIMITED_ACTIONS: readonly RateLimitedAction[] = [
  'verify',
  'verify_hash',
  'upload',
  'invite',
  'copy',
];

/** Who is counted: an anonymous caller by IP address, a signed-in caller by user id (admins apart). */
export type RateLimitSubject =
  { kind: 'ip'; address: string } | { kind: 'user'; userId: string } | { kind: 'admin'; userId: string };

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window closes (at least 1). */
  retryAfter: number;
  remaining: number;
  limit: number;
}

/** Explicit limits for one action from the environment; unset fields fall back to the database's rules. */
export interface RateLimitOverride {
  ip?: number;
  user?: number;
  admin?: number;
  windowSeconds?: number;
}

export type RateLimitOverrides = Partial<Record<RateLimitedAction, RateLimitOverride>>;

function positiveInt(value: string | undefined, max: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max) {
    throw new Error(`Rate limit setting ${value} must be an integer from 1 to ${max}`);
  }
  return parsed;
}

/**
 * RATE_LIMIT_<ACTION>_PER_IP, _PER_USER, _PER_ADMIN and _WINDOW_SECONDS, ACTION one of VERIFY,
 * VERIFY_HASH, UPLOAD, INVITE, COPY (e.g. RATE_LIMIT_VERIFY_PER_IP=30). A malformed value stops the function at
 * start rather than silently leaving a limit off.
 */
export function rateLimitOverrides(read: (name: string) => string | undefined): RateLimitOverrides {
  const overrides: RateLimitOverrides = {};
  for (const action of RATE_LIMITED_ACTIONS) {
    const prefix = `RATE_LIMIT_${action.toUpperCase()}`;
    const override: RateLimitOverride = {
      ip: positiveInt(read(`${prefix}_PER_IP`), 1_000_000),
      user: positiveInt(read(`${prefix}_PER_USER`), 1_000_000),
      admin: positiveInt(read(`${prefix}_PER_ADMIN`), 1_000_000),
      windowSeconds: positiveInt(read(`${prefix}_WINDOW_SECONDS`), 86_400),
    };
    if (Object.values(override).some((value) => value !== undefined)) overrides[action] = override;
  }
  return overrides;
}

/** Counts one hit of `action` by `subject` and says whether it is allowed. One round trip. */
export async function takeRateLimit(
  sql: Sql,
  action: RateLimitedAction,
  subject: RateLimitSubject,
  override: RateLimitOverride = {},
): Promise<RateLimitDecision> {
  const key = subject.kind === 'ip' ? subject.address : subject.userId;
  const rows = await sql<{ allowed: boolean; retry_after: number; remaining: number; max_hits: number }[]>`
    select allowed, retry_after, remaining, max_hits
    from private.take_rate_limit(${action}, ${subject.kind}, ${key}, ${override[subject.kind] ?? null}::integer,
                                 ${override.windowSeconds ?? null}::integer)`;
  const row = rows[0];
  if (!row) throw new Error('take_rate_limit returned no row');
  return { allowed: row.allowed, retryAfter: row.retry_after, remaining: row.remaining, limit: row.max_hits };
}

/**
 * The client's address as the nearest proxy saw it. The gateway appends the peer to
 * X-Forwarded-For, so the last entry is the one a client cannot forge.
 */
export function clientAddress(headers: Headers, remoteAddress: string | undefined): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? headers.get('x-real-ip') ?? remoteAddress ?? 'unknown';
}
