/**
 * GET /verify (the link in the mail: redirects with the session in the URL fragment, GoTrue's
 * implicit flow) and POST /verify (token_hash or email + OTP: answers with the session).
 */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import { enforceRateLimit, redirectTarget, validateEmail, type AuthDeps } from '../context.ts';
import { AuthError, badRequest, forbidden, validationFailed } from '../errors.ts';
import { tokenHash } from '../mailer.ts';
import { hashPassword } from '../password.ts';
import { optionalString, readJson } from '../request.ts';
import { requestMeta, type RequestMeta, type SessionResponse } from '../tokens.ts';
import {
  applyEmailChange,
  confirmEmail,
  findUserByEmail,
  findUserById,
  findUserByToken,
  isBanned,
  isConfirmed,
  lockUser,
  setPassword,
  type Db,
  type UserRow,
} from '../users.ts';

const verifyBody = z.object({
  type: optionalString,
  token: optionalString,
  token_hash: optionalString,
  email: optionalString,
  phone: optionalString,
  redirect_to: optionalString,
});

const linkExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const otpInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

/** OAuth error names GoTrue puts in the redirect fragment, by HTTP status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Go's url.Values.Encode: keys sorted, spaces as '+'. */
function encodeSorted(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(values).sort()) params.set(key, values[key] as string);
  return params.toString();
}

const withFragment = (url: string, fragment: string): string => `${url.split('#')[0]}#${fragment}`;

export function registerVerifyRoutes(app: Hono, deps: AuthDeps): void {
  const otpExpired = (sentAt: Date | null) =>
    sentAt === null || Date.now() > sentAt.getTime() + deps.settings.email.otpExpiry * 1000;

  /** Finds the user a link's token hash belongs to; `type` may be narrowed (type=email). */
  async function userByTokenHash(
    db: Db,
    type: string,
    hash: string,
  ): Promise<{ user: UserRow; type: string }> {
    let user: UserRow | undefined;
    let effectiveType = type;
    if (type === 'email') {
      user = await findUserByToken(db, 'confirmation_token', hash);
      effectiveType = 'signup';
      if (!user) {
        user = await findUserByToken(db, 'recovery_token', hash);
        effectiveType = 'magiclink';
      }
    } else if (type === 'signup' || type === 'invite') {
      user = await findUserByToken(db, 'confirmation_token', hash);
    } else if (type === 'recovery' || type === 'magiclink') {
      user = await findUserByToken(db, 'recovery_token', hash);
    } else if (type === 'email_change') {
      user = await findUserByToken(db, 'email_change_token_new', hash);
    } else {
      throw validationFailed('Invalid email verification type');
    }
    if (!user) throw linkExpired();
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    const sentAt =
      effectiveType === 'signup' || effectiveType === 'invite'
        ? user.confirmation_sent_at
        : effectiveType === 'email_change'
          ? user.email_change_sent_at
          : user.recovery_sent_at;
    if (otpExpired(sentAt)) throw linkExpired();
    return { user, type: effectiveType };
  }

  /** Finds the user for email + OTP and checks the code against the token it was mailed with. */
  async function userByOtp(db: Db, type: string, email: string, hash: string) {
    const user =
      type === 'email_change'
        ? (await db<{ id: string }[]>`select id from auth.users where lower(email_change) = ${email}`).at(0)
        : await findUserByEmail(db, email);
    const full = user ? await findUserById(db, user.id) : undefined;
    if (!full) throw otpInvalid();
    if (isBanned(full)) throw forbidden('user_banned', 'User is banned');
    const valid = (expected: string | null, sentAt: Date | null) =>
      !!expected && !otpExpired(sentAt) && (expected === hash || expected === `pkce_${hash}`);
    let effectiveType = type;
    let ok = false;
    if (type === 'email') {
      if (valid(full.confirmation_token, full.confirmation_sent_at)) {
        ok = true;
        effectiveType = 'signup';
      } else if (valid(full.recovery_token, full.recovery_sent_at)) {
        ok = true;
        effectiveType = 'magiclink';
      }
    } else if (type === 'signup' || type === 'invite') {
      ok = valid(full.confirmation_token, full.confirmation_sent_at);
    } else if (type === 'recovery' || type === 'magiclink') {
      ok = valid(full.recovery_token, full.recovery_sent_at);
    } else if (type === 'email_change') {
      ok = valid(full.email_change_token_new, full.email_change_sent_at);
    }
    if (!ok) throw otpInvalid();
    return { user: full, type: effectiveType };
  }

  /** Applies what the verified token stands for, then signs the user in (amr "otp"). */
  async function complete(db: Db, found: UserRow, type: string, meta: RequestMeta): Promise<SessionResponse> {
    const user = await lockUser(db, found.id);
    if (!user) throw linkExpired();
    if (type === 'signup' || type === 'invite') {
      // As GoTrue: an invited user without a password gets a random one, so the account never has
      // an empty password; the application then lets the user choose theirs (PUT /user).
      if (!user.encrypted_password && user.invited_at) {
        await setPassword(db, user.id, await hashPassword(randomBytes(32).toString('base64')));
      }
      await confirmEmail(db, user);
    } else if (type === 'recovery' || type === 'magiclink') {
      await db`update auth.users set recovery_token = '', updated_at = now() where id = ${user.id}`;
      if (!isConfirmed(user)) await confirmEmail(db, user);
    } else if (type === 'email_change') {
      await applyEmailChange(db, user);
    } else {
      throw validationFailed('Unsupported verification type');
    }
    const updated = await findUserById(db, user.id);
    if (!updated) throw linkExpired();
    return deps.tokens.issueSession(db, updated, 'otp', meta);
  }

  app.get('/verify', async (c) => {
    enforceRateLimit(c, deps.limits.tokenVerifications);
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = redirectTarget(c, deps);
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!token) throw validationFailed('Verify requires a token or a token hash');
    const meta = requestMeta(c);
    try {
      const session = await deps.sql.begin(async (tx) => {
        const found = await userByTokenHash(tx, type, token);
        return complete(tx, found.user, found.type, meta);
      });
      const fragment = encodeSorted({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type,
      });
      return c.redirect(withFragment(redirectTo, fragment), 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const values: Record<string, string> = {
        error_code: error.code,
        error_description: error.message,
        sb: '',
      };
      const oauthError = OAUTH_ERRORS[error.status];
      if (oauthError) values.error = oauthError;
      return c.redirect(withFragment(redirectTo, encodeSorted(values)), 303);
    }
  });

  app.post('/verify', async (c) => {
    enforceRateLimit(c, deps.limits.tokenVerifications);
    const body = await readJson(c, verifyBody);
    if (!body.type) throw validationFailed('Verify requires a verification type');
    if ((body.token === '') === (body.token_hash === '')) {
      throw validationFailed('Verify requires either a token or a token hash');
    }
    let email = '';
    if (body.token) {
      if (body.phone && !body.email) throw otpInvalid();
      if (!body.email || body.phone) {
        throw validationFailed('Only an email address or phone number should be provided on verify');
      }
      try {
        email = validateEmail(body.email);
      } catch {
        throw new AuthError(422, 'validation_failed', 'Invalid email format');
      }
    } else if (body.email || body.phone || body.redirect_to) {
      throw validationFailed('Only the token_hash and type should be provided');
    }
    if (['sms', 'phone_change'].includes(body.type)) {
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    }
    const meta = requestMeta(c);
    const session = await deps.sql.begin(async (tx) => {
      const found = body.token_hash
        ? await userByTokenHash(tx, body.type, body.token_hash)
        : await userByOtp(tx, body.type, email, tokenHash(email, body.token));
      return complete(tx, found.user, found.type, meta);
    });
    return c.json(session);
  });
}
