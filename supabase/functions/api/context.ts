/** Per-request state shared by the middleware and the routes, and the access checks built on it. */
import type { Context } from 'hono';
import type { UserRole, UserStatus } from '../_shared/api-contract.ts';
import type { Caller } from '../_shared/auth.ts';
import { asCaller } from '../_shared/db.ts';
import { HttpError } from '../_shared/errors.ts';
import type { AppDeps } from './deps.ts';

export type SignedIn = Extract<Caller, { kind: 'user' }> & { role: UserRole; status: UserStatus };

export interface AppEnv {
  Bindings: { remoteAddr?: { hostname?: string } };
  Variables: { deps: AppDeps; caller: Caller };
}

export type AppContext = Context<AppEnv>;

const STATUS_MESSAGES: Record<Exclude<UserStatus, 'active'>, string> = {
  inactive: 'Your account is inactive',
  banned: 'Your account has been banned',
  pending: 'Your account is not confirmed yet',
};

/** The caller as an active, signed-in user; 401 when anonymous, 403 when not active. */
export async function requireUser(c: AppContext): Promise<SignedIn> {
  const caller = c.get('caller');
  if (caller.kind !== 'user') throw new HttpError(401, 'Authentication required');
  const rows = await asCaller(
    c.get('deps').sql,
    caller,
    (tx) => tx<{ role: UserRole; status: UserStatus }[]>`
      select role, status from public.profiles where auth_id = ${caller.userId}`,
  );
  const profile = rows[0];
  if (!profile) throw new HttpError(403, 'Your account no longer exists');
  if (profile.status !== 'active') throw new HttpError(403, STATUS_MESSAGES[profile.status]);
  return { ...caller, role: profile.role, status: profile.status };
}

/** The caller as an active admin; 401 when anonymous, 403 otherwise. */
export async function requireAdmin(c: AppContext): Promise<SignedIn> {
  const user = await requireUser(c);
  if (user.role !== 'admin') throw new HttpError(403, 'Administrator privileges required');
  return user;
}

/**
 * The caller for public endpoints: anonymous, or a signed-in user who must still be active
 * (an inactive or banned user is refused everywhere, even where a visitor is welcome).
 */
export async function optionalUser(c: AppContext): Promise<SignedIn | null> {
  return c.get('caller').kind === 'user' ? await requireUser(c) : null;
}
