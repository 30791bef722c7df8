/** GET /user and PUT /user for the signed-in user. */
import type { Hono } from 'hono';
import { z } from 'zod';
import { redirectTarget, validateEmail, type AuthDeps } from '../context.ts';
import { AuthError, forbidden, unprocessable, validationFailed } from '../errors.ts';
import { checkPasswordStrength, hashPassword, passwordMatches } from '../password.ts';
import { metadataObject, optionalString, readJson } from '../request.ts';
import { authenticateUser } from '../tokens.ts';
import {
  findUserByEmail,
  findUserById,
  loadUserJson,
  lockUser,
  setPassword,
  setUserMetadata,
} from '../users.ts';

const userUpdateBody = z.object({
  email: optionalString,
  password: z.string().nullish(),
  current_password: z.string().nullish(),
  nonce: optionalString,
  data: metadataObject,
  app_metadata: metadataObject,
  phone: optionalString,
  channel: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

export function registerUserRoutes(app: Hono, deps: AuthDeps): void {
  app.get('/user', async (c) => {
    const { claims, user } = await authenticateUser(c, deps.sql, deps.keys);
    if (claims.aud !== 'authenticated' && !(Array.isArray(claims.aud) && claims.aud[0] === 'authenticated')) {
      throw validationFailed("Token audience doesn't match request audience");
    }
    return c.json(await loadUserJson(deps.sql, user));
  });

  app.put('/user', async (c) => {
    const principal = await authenticateUser(c, deps.sql, deps.keys);
    const body = await readJson(c, userUpdateBody);
    const email = body.email ? validateEmail(body.email) : '';
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const password = body.password ?? null;
    if (password !== null) checkPasswordStrength(password, deps.settings.minimumPasswordLength);
    if (body.app_metadata) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');

    const current = principal.user;
    const emailChanges = email !== '' && email !== (current.email ?? '');
    if (emailChanges) {
      const other = await findUserByEmail(deps.sql, email);
      if (other && other.id !== current.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }
    let encrypted: string | null = null;
    if (password !== null && password !== '') {
      if (await passwordMatches(password, current.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      encrypted = await hashPassword(password);
    }
    const redirectTo = redirectTarget(c, deps);

    const updated = await deps.sql.begin(async (tx) => {
      const user = await lockUser(tx, current.id);
      if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
      if (encrypted) {
        await setPassword(tx, user.id, encrypted);
        // A new password ends every other session of the user, as in GoTrue.
        if (principal.sessionId) {
          await tx`delete from auth.sessions where user_id = ${user.id} and id <> ${principal.sessionId}`;
        } else {
          await tx`delete from auth.sessions where user_id = ${user.id}`;
        }
      }
      if (body.data) await setUserMetadata(tx, user, body.data);
      if (emailChanges) await deps.mailer.sendEmailChange(tx, user, email, redirectTo);
      const fresh = await findUserById(tx, user.id);
      if (!fresh) throw new AuthError(500, 'unexpected_failure', 'Error updating user');
      return loadUserJson(tx, fresh);
    });
    return c.json(updated);
  });
}
