/** POST /token (password and refresh_token grants) and POST /logout. */
import type { Hono } from 'hono';
import { z } from 'zod';
import { enforceRateLimit, type AuthDeps } from '../context.ts';
import { AuthError, badRequest, unprocessable, validationFailed } from '../errors.ts';
import { checkPasswordStrength, passwordMatches } from '../password.ts';
import { clientIp, optionalString, readJson } from '../request.ts';
import { authenticateUser, requestMeta } from '../tokens.ts';
import { findUserByEmail, isBanned, isConfirmed } from '../users.ts';

const passwordGrantBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
});
const refreshGrantBody = z.object({ refresh_token: optionalString });

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

/** The `weak_password` hint GoTrue adds to a successful sign-in whose password no longer meets the rules. */
function weakPasswordHint(password: string, minimumLength: number): Record<string, unknown> | undefined {
  try {
    checkPasswordStrength(password, minimumLength);
    return undefined;
  } catch (error) {
    if (error instanceof AuthError && error.code === 'weak_password') {
      return { message: error.message, ...(error.extra.weak_password as Record<string, unknown>) };
    }
    return undefined;
  }
}

export function registerTokenRoutes(app: Hono, deps: AuthDeps): void {
  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type') ?? '';
    if (grantType === 'password') {
      enforceRateLimit(c, deps.limits.signInSignUps);
      const body = await readJson(c, passwordGrantBody);
      if (body.email && body.phone) {
        throw validationFailed('Only an email address or phone number should be provided on login.');
      }
      if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
      if (!body.email) throw validationFailed('missing email or phone');
      if (!deps.settings.email.enableSignup)
        throw unprocessable('email_provider_disabled', 'Email logins are disabled');

      const ip = clientIp(c);
      deps.loginThrottle.check(body.email, ip);
      const user = await findUserByEmail(deps.sql, body.email);
      if (!user || !user.encrypted_password) {
        deps.loginThrottle.failed(body.email, ip);
        throw invalidCredentials();
      }
      // GoTrue refuses banned users before it looks at the password.
      if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
      if (!(await passwordMatches(body.password, user.encrypted_password))) {
        deps.loginThrottle.failed(body.email, ip);
        throw invalidCredentials();
      }
      deps.loginThrottle.succeeded(body.email);
      if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

      const meta = requestMeta(c);
      const session = await deps.sql.begin((tx) => deps.tokens.issueSession(tx, user, 'password', meta));
      const weak = weakPasswordHint(body.password, deps.settings.minimumPasswordLength);
      return c.json(weak ? { ...session, weak_password: weak } : session);
    }
    if (grantType === 'refresh_token') {
      enforceRateLimit(c, deps.limits.tokenRefresh);
      const body = await readJson(c, refreshGrantBody);
      if (body.refresh_token === '')
        return c.json({ error: 'invalid_request', error_description: 'refresh_token required' }, 400);
      return c.json(await deps.tokens.refresh(body.refresh_token, requestMeta(c)));
    }
    if (grantType === 'pkce') {
      // Only the implicit flow is served locally, so no PKCE flow state can exist.
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });

  app.post('/logout', async (c) => {
    const principal = await authenticateUser(c, deps.sql, deps.keys);
    const scope = c.req.query('scope') ?? '';
    if (!['', 'global', 'local', 'others'].includes(scope)) {
      throw validationFailed(`Unsupported logout scope "${scope}"`);
    }
    await deps.tokens.logout(
      principal.user.id,
      principal.sessionId,
      scope === '' ? 'global' : (scope as 'global' | 'local' | 'others'),
    );
    return c.body(null, 204);
  });
}
