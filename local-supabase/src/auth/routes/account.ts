/** POST /signup, /resend and /recover: creating accounts and (re)sending their mails. */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import { autoconfirm, enforceRateLimit, redirectTarget, validateEmail, type AuthDeps } from '../context.ts';
import { AuthError, badRequest, unprocessable, validationFailed } from '../errors.ts';
import { runBeforeUserCreated } from '../hooks.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { clientIp, metadataObject, optionalString, readJson } from '../request.ts';
import { requestMeta } from '../tokens.ts';
import {
  confirmEmail,
  createUser,
  findUserByEmail,
  findUserById,
  isConfirmed,
  loadUserJson,
  lockAddress,
  lockUser,
  userJson,
  type JsonObject,
  type UserRow,
} from '../users.ts';

const signupBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: metadataObject,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

const resendBody = z.object({
  type: optionalString,
  email: optionalString,
  phone: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

const recoverBody = z.object({
  email: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

/**
 * What GoTrue answers when someone signs up with an address that already has a confirmed account and
 * confirmations are on: a plausible-looking new user (random id, no identities) so the response does
 * not reveal that the address is registered, and no mail.
 */
function obfuscatedUser(user: UserRow, data: JsonObject): JsonObject {
  const now = new Date();
  return userJson(
    {
      ...user,
      id: randomUUID(),
      role: '',
      phone: '',
      email_change: '',
      created_at: now,
      updated_at: now,
      confirmation_sent_at: now,
      last_sign_in_at: null,
      confirmed_at: null,
      email_change_sent_at: null,
      email_confirmed_at: null,
      phone_confirmed_at: null,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: data,
    },
    [],
  );
}

const internal = (message: string) => new AuthError(500, 'unexpected_failure', message);
const alreadyRegistered = () => unprocessable('user_already_exists', 'User already registered');

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export function registerAccountRoutes(app: Hono, deps: AuthDeps): void {
  app.post('/signup', async (c) => {
    const body = await readJson(c, signupBody);
    if (!body.email && !body.phone) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    enforceRateLimit(c, deps.limits.signInSignUps);
    if (!deps.settings.enableSignup)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    if (body.password === '') throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(body.password, deps.settings.minimumPasswordLength);
    if (body.email && body.phone) {
      throw validationFailed('Only an email address or phone number should be provided on signup.');
    }
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (!deps.settings.email.enableSignup)
      throw badRequest('email_provider_disabled', 'Email signups are disabled');
    const email = validateEmail(body.email);
    const data = body.data ?? {};
    const redirectTo = redirectTarget(c, deps);
    const meta = requestMeta(c);

    const startedAt = Date.now();
    const existing = await findUserByEmail(deps.sql, email);
    if (!existing) {
      // GoTrue runs the before_user_created hook just before it inserts a new user.
      await runBeforeUserCreated(deps.sql, deps.hooks, {
        ip: clientIp(c),
        user: {
          aud: 'authenticated',
          role: 'authenticated',
          email,
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data,
          is_anonymous: false,
        },
      });
    }
    // Hashing is slow; keep it out of the transaction, as GoTrue does.
    const encryptedPassword = existing ? '' : await hashPassword(body.password);
    const outcome = await deps.sql
      .begin(async (tx) => {
        // One sign-up per address at a time: without this, simultaneous sign-ups all pass the lookup
        // above and all but one fail on the unique email index (GoTrue answers those with a 500).
        await lockAddress(tx, email);
        const current = existing ?? (await findUserByEmail(tx, email));
        // The account appeared while this request was in flight: a duplicate, not a resend.
        if (current && (!existing || current.created_at.getTime() >= startedAt)) {
          return { kind: 'duplicate' as const };
        }
        const user = current
          ? await lockUser(tx, current.id)
          : await createUser(tx, { email, encryptedPassword, userMetadata: data, confirmed: false });
        if (!user) throw internal('Database error finding user');
        if (current && isConfirmed(user)) return { kind: 'exists' as const, user };
        if (!isConfirmed(user)) {
          if (autoconfirm(deps)) {
            await confirmEmail(tx, user);
            const confirmed = await findUserById(tx, user.id);
            if (!confirmed) throw internal('Database error updating user');
            return {
              kind: 'session' as const,
              session: await deps.tokens.issueSession(tx, confirmed, 'password', meta),
            };
          }
          await deps.mailer.sendConfirmation(tx, user, redirectTo);
        }
        const fresh = await findUserById(tx, user.id);
        if (!fresh) throw internal('Database error finding user');
        return { kind: 'user' as const, user: await loadUserJson(tx, fresh) };
      })
      .catch((error: unknown) => {
        // Belt and braces: an insert that still meets the unique index is the same duplicate.
        if (isUniqueViolation(error)) return { kind: 'duplicate' as const };
        throw error;
      });

    if (outcome.kind === 'duplicate') throw alreadyRegistered();
    if (outcome.kind === 'session') return c.json(outcome.session);
    if (outcome.kind === 'user') return c.json(outcome.user);
    if (autoconfirm(deps)) throw alreadyRegistered();
    return c.json(obfuscatedUser(outcome.user, data));
  });

  app.post('/resend', async (c) => {
    enforceRateLimit(c, deps.limits.signInSignUps);
    const body = await readJson(c, resendBody);
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(body.type)) {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (body.email === '' && body.type === 'signup')
      throw validationFailed('Type provided requires an email address');
    if (body.phone === '' && body.type === 'sms')
      throw validationFailed('Type provided requires a phone number');
    if (body.email && body.phone) {
      throw validationFailed('Only an email address or phone number should be provided.');
    }
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    if (!body.email) throw validationFailed('Missing email address or phone number');
    if (!deps.settings.email.enableSignup)
      throw badRequest('email_provider_disabled', 'Email logins are disabled');
    const email = validateEmail(body.email);
    const redirectTo = redirectTarget(c, deps);

    const found = await findUserByEmail(deps.sql, email);
    if (!found) return c.json({});
    await deps.sql.begin(async (tx) => {
      const user = await lockUser(tx, found.id);
      if (!user) return;
      if (body.type === 'signup' && !isConfirmed(user)) {
        await deps.mailer.sendConfirmation(tx, user, redirectTo);
      } else if (body.type === 'email_change' && user.email_change) {
        await deps.mailer.sendEmailChange(tx, user, user.email_change, redirectTo);
      }
    });
    return c.json({});
  });

  app.post('/recover', async (c) => {
    enforceRateLimit(c, deps.limits.signInSignUps);
    if (!deps.settings.email.enableSignup)
      throw badRequest('email_provider_disabled', 'Email logins are disabled');
    const body = await readJson(c, recoverBody);
    if (body.email === '') throw validationFailed('Password recovery requires an email');
    const email = validateEmail(body.email);
    const redirectTo = redirectTarget(c, deps);

    const found = await findUserByEmail(deps.sql, email);
    if (!found) return c.json({});
    await deps.sql.begin(async (tx) => {
      const user = await lockUser(tx, found.id);
      if (user) await deps.mailer.sendRecovery(tx, user, redirectTo);
    });
    return c.json({});
  });
}
