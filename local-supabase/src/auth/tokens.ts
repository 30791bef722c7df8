/**
 * Sessions, access tokens and refresh-token rotation as GoTrue does them: one auth.sessions row per
 * sign-in, 12-character refresh tokens chained by `parent`, reuse of a rotated token allowed within
 * `refresh_token_reuse_interval`, and the whole session's tokens revoked when an older one comes back
 * later (a sign of theft).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { decodeJwt, errors as joseErrors } from 'jose';
import type { Sql } from 'postgres';
import type { StackKeys } from '../stack/types.ts';
import { AuthError, badRequest, forbidden, validationFailed } from './errors.ts';
import { clientIp } from './request.ts';
import {
  AUDIENCE,
  INSTANCE_ID,
  findUserById,
  isBanned,
  loadUserJson,
  type Db,
  type UserRow,
} from './users.ts';

export type AuthMethod = 'password' | 'otp';

export interface TokenSettings {
  jwtExpiry: number;
  rotationEnabled: boolean;
  reuseIntervalSeconds: number;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  not_after: Date | null;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LEGACY_REFRESH_TOKEN = /^[a-z0-9]{12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const newRefreshToken = () => Array.from({ length: 12 }, () => TOKEN_ALPHABET[randomInt(36)]).join('');

export interface RequestMeta {
  userAgent: string | null;
  ip: string | null;
}

export function requestMeta(c: Context): RequestMeta {
  const ip = clientIp(c);
  return { userAgent: c.req.header('user-agent') ?? null, ip: isIP(ip) ? ip : null };
}

export class TokenService {
  /**
   * How each session signed in (the `amr` claim). GoTrue keeps this in auth.mfa_amr_claims, which the
   * local schema does not have; after a restart sessions report the password method.
   */
  private readonly amr = new Map<string, AuthMethod>();

  constructor(
    private readonly sql: Sql,
    private readonly keys: StackKeys,
    private readonly settings: TokenSettings,
  ) {}

  private rememberMethod(sessionId: string, method: AuthMethod): void {
    // Bounded: the oldest entries go first (Map keeps insertion order).
    if (this.amr.size >= 10_000) {
      const oldest = this.amr.keys().next().value;
      if (oldest !== undefined) this.amr.delete(oldest);
    }
    this.amr.set(sessionId, method);
  }

  private async accessToken(db: Db, user: UserRow, session: SessionRow) {
    const token = await this.keys.signAccessToken(
      {
        aud: AUDIENCE,
        sub: user.id,
        email: user.email ?? '',
        phone: user.phone ?? '',
        app_metadata: user.raw_app_meta_data ?? {},
        user_metadata: user.raw_user_meta_data ?? {},
        role: user.role ?? '',
        aal: 'aal1',
        amr: [
          {
            method: this.amr.get(session.id) ?? 'password',
            timestamp: Math.floor(session.created_at.getTime() / 1000),
          },
        ],
        session_id: session.id,
        is_anonymous: user.is_anonymous ?? false,
      },
      this.settings.jwtExpiry,
    );
    const expiresAt = decodeJwt(token).exp ?? Math.floor(Date.now() / 1000) + this.settings.jwtExpiry;
    return { token, expiresAt, user: await loadUserJson(db, user) };
  }

  private async respond(
    db: Db,
    userId: string,
    session: SessionRow,
    refreshToken: string,
  ): Promise<SessionResponse> {
    const user = await findUserById(db, userId);
    if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error finding user');
    const access = await this.accessToken(db, user, session);
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: access.expiresAt - Math.floor(Date.now() / 1000),
      expires_at: access.expiresAt,
      refresh_token: refreshToken,
      user: access.user,
    };
  }

  /** Starts a session for a user who just proved who they are (password, email link or OTP). */
  async issueSession(db: Db, user: UserRow, method: AuthMethod, meta: RequestMeta): Promise<SessionResponse> {
    const [session] = await db<SessionRow[]>`
      insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
      values (${randomUUID()}, ${user.id}, now(), now(), 'aal1', ${meta.userAgent}, ${meta.ip}::inet)
      returning id, user_id, created_at, not_after`;
    if (!session) throw new AuthError(500, 'unexpected_failure', 'Database error creating session');
    this.rememberMethod(session.id, method);
    const refreshToken = newRefreshToken();
    await db`
      insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
      values (${INSTANCE_ID}, ${refreshToken}, ${user.id}, false, now(), now(), null, ${session.id})`;
    await db`update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${user.id}`;
    return this.respond(db, user.id, session, refreshToken);
  }

  /** `grant_type=refresh_token`. */
  async refresh(refreshToken: string, meta: RequestMeta): Promise<SessionResponse> {
    if (!LEGACY_REFRESH_TOKEN.test(refreshToken)) throw validationFailed('Refresh token is not valid');
    // A detected reuse must revoke the family even though the request fails, so that part commits
    // and the error is thrown after the transaction.
    const outcome = await this.sql.begin(async (tx) => {
      const [token] = await tx<RefreshTokenRow[]>`
        select id, token, user_id, revoked, updated_at, parent, session_id
        from auth.refresh_tokens where token = ${refreshToken} for update`;
      if (!token) {
        return {
          error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
        };
      }
      const user = await findUserById(tx, token.user_id);
      if (!user) {
        return {
          error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
        };
      }
      if (isBanned(user)) return { error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') };
      const [session] = token.session_id
        ? await tx<SessionRow[]>`
            select id, user_id, created_at, not_after from auth.sessions where id = ${token.session_id} for update`
        : [];
      if (!session) {
        await tx`delete from auth.refresh_tokens where id = ${token.id}`;
        return { error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
      }
      if (session.not_after && session.not_after.getTime() <= Date.now()) {
        return { error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') };
      }

      let issued = '';
      if (token.revoked) {
        const [active] = await tx<RefreshTokenRow[]>`
          select id, token, user_id, revoked, updated_at, parent, session_id from auth.refresh_tokens
          where session_id = ${session.id} and revoked = false order by id desc limit 1`;
        if (active && active.parent === token.token) {
          // The client lost the response of its last refresh: hand out the same child again.
          issued = active.token;
        } else if (Date.now() > token.updated_at.getTime() + this.settings.reuseIntervalSeconds * 1000) {
          if (this.settings.rotationEnabled) {
            await tx`update auth.refresh_tokens set revoked = true, updated_at = now()
                     where session_id = ${session.id} and revoked = false`;
          }
          return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
        }
      }
      if (!issued) {
        issued = newRefreshToken();
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${token.id}`;
        await tx`
          insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
          values (${INSTANCE_ID}, ${issued}, ${user.id}, false, now(), now(), ${token.token}, ${session.id})`;
      }
      await tx`
        update auth.sessions
        set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = ${meta.userAgent}, ip = ${meta.ip}::inet
        where id = ${session.id}`;
      return { session: await this.respond(tx, user.id, session, issued) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.session;
  }

  /** Ends sessions for `POST /logout?scope=`. */
  async logout(
    userId: string,
    sessionId: string | null,
    scope: 'global' | 'local' | 'others',
  ): Promise<void> {
    if (sessionId && scope === 'local') {
      await this.sql`delete from auth.sessions where id = ${sessionId}`;
    } else if (sessionId && scope === 'others') {
      await this.sql`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
    } else {
      await this.sql`delete from auth.sessions where user_id = ${userId}`;
    }
  }
}

export interface Principal {
  claims: Record<string, unknown> & { role?: string; sub?: string };
  user: UserRow | undefined;
  sessionId: string | null;
}

/** GoTrue's messages for a JWT that fails verification. */
function badJwt(error: unknown): AuthError {
  const reason =
    error instanceof joseErrors.JWTExpired
      ? 'token has invalid claims: token is expired'
      : error instanceof joseErrors.JWTClaimValidationFailed
        ? `token has invalid claims: ${error.message}`
        : error instanceof joseErrors.JWSSignatureVerificationFailed
          ? 'token signature is invalid: signature is invalid'
          : 'token is malformed';
  return forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
}

export function bearerToken(c: Context): string {
  const match = /^bearer (\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '');
  if (!match?.[1]) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  return match[1];
}

export async function verifyBearer(c: Context, keys: StackKeys): Promise<Principal['claims']> {
  const token = bearerToken(c);
  try {
    return (await keys.verify(token)) as Principal['claims'];
  } catch (error) {
    throw badJwt(error);
  }
}

/** Loads the user and session a JWT names, with GoTrue's errors when either is gone. */
export async function loadPrincipal(sql: Db, claims: Principal['claims']): Promise<Principal> {
  let user: UserRow | undefined;
  if (claims.sub !== undefined && claims.sub !== '') {
    if (!UUID.test(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
    user = await findUserById(sql, claims.sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  }
  let sessionId: string | null = null;
  const claimed = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (claimed && claimed !== NIL_UUID) {
    if (!UUID.test(claimed)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const [session] = await sql<{ id: string }[]>`select id from auth.sessions where id = ${claimed}`;
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = session.id;
  }
  return { claims, user, sessionId };
}

/** `requireAuthentication`: a valid user JWT whose user and session still exist and who is not banned. */
export async function authenticateUser(
  c: Context,
  sql: Db,
  keys: StackKeys,
): Promise<Principal & { user: UserRow }> {
  const claims = await verifyBearer(c, keys);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const principal = await loadPrincipal(sql, claims);
  if (!principal.user) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (isBanned(principal.user)) throw forbidden('user_banned', 'User is banned');
  return { ...principal, user: principal.user };
}
