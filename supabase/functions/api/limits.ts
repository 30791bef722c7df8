/** Request limits: body sizes for the routes that take a file, and the shared rate limits. */
import type { MiddlewareHandler } from 'hono';
import { MAX_FILE_BYTES } from '../_shared/api-contract.ts';
import { HttpError } from '../_shared/errors.ts';
import {
  clientAddress,
  type RateLimitedAction,
  type RateLimitSubject,
  takeRateLimit,
} from '../_shared/rate-limit.ts';
import { type AppContext, type AppEnv, optionalUser } from './context.ts';

/**
 * A 10 MB file is about 13.4 MB of base64; allow that plus the JSON around it and refuse anything
 * larger before parsing, so an oversized body costs no JSON parsing or decoding.
 */
export const MAX_FILE_BODY_BYTES = Math.ceil(MAX_FILE_BYTES / 3) * 4 + 64 * 1024;

export const fileBodyLimit = {
  maxSize: MAX_FILE_BODY_BYTES,
  onError: (): never => {
    throw new HttpError(413, 'File size must be less than 10MB');
  },
};

/** Bodies without a file are a few fields of JSON. */
export const smallBodyLimit = {
  maxSize: 16 * 1024,
  onError: (): never => {
    throw new HttpError(413, 'Request body is too large');
  },
};

const ACTION_WORDS: Record<RateLimitedAction, string> = {
  verify: 'verification requests',
  verify_hash: 'verification requests',
  upload: 'uploads',
  invite: 'invitations',
  copy: 'verifiable copies',
};

function waitWords(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** Who a request is counted as: anonymous by IP address, signed in by user id (admins apart). */
export async function rateLimitSubject(c: AppContext): Promise<RateLimitSubject> {
  const user = await optionalUser(c);
  return user
    ? { kind: user.role === 'admin' ? 'admin' : 'user', userId: user.userId }
    : { kind: 'ip', address: clientAddress(c.req.raw.headers, c.env?.remoteAddr?.hostname) };
}

/** The 429 for a refused hit: a message that says the limit and the wait, and Retry-After. */
export function tooManyRequests(
  action: RateLimitedAction,
  subject: RateLimitSubject,
  decision: { retryAfter: number; limit: number },
): HttpError {
  return new HttpError(
    429,
    `Too many ${ACTION_WORDS[action]}: the limit is ${decision.limit} per ${
      subject.kind === 'ip' ? 'network address' : 'account'
    }. Please try again in ${waitWords(decision.retryAfter)}.`,
    { retryAfter: decision.retryAfter },
    { 'Retry-After': String(decision.retryAfter) },
  );
}

/** Counts one hit now (one round trip) and throws the 429 when it is over the limit. */
export async function enforceRateLimit(
  c: AppContext,
  action: RateLimitedAction,
  subject?: RateLimitSubject,
): Promise<void> {
  const who = subject ?? (await rateLimitSubject(c));
  const deps = c.get('deps');
  const decision = await takeRateLimit(deps.sql, action, who, deps.rateLimits[action]);
  if (!decision.allowed) throw tooManyRequests(action, who, decision);
}

/**
 * Middleware: counts the request against the caller's limit for `action` in Postgres before the body is
 * read, and answers 429 with Retry-After when it is over. Anonymous callers are counted per IP address,
 * signed-in callers per user, admins per user with their own (higher, finite) limit.
 */
export function rateLimit(action: RateLimitedAction): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforceRateLimit(c, action);
    await next();
  };
}
