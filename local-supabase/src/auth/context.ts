/** What every auth route needs, built once per service. */
import type { Context } from 'hono';
import type { Sql } from 'postgres';
import type { ProjectConfig, StackKeys } from '../stack/types.ts';
import { tooManyRequests, validationFailed } from './errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { AuthHooks } from './hooks.ts';
import type { Mailer } from './mailer.ts';
import type { TokenBucketLimiter, AuthRateLimits } from './rate-limit.ts';
import type { RedirectPolicy } from './redirect.ts';
import { clientIp, requestedRedirect } from './request.ts';
import type { TokenService } from './tokens.ts';

export interface AuthDeps {
  sql: Sql;
  keys: StackKeys;
  settings: ProjectConfig['auth'];
  tokens: TokenService;
  mailer: Mailer;
  limits: AuthRateLimits;
  /** Back-off after failed password sign-ins, per account and per client address. */
  loginThrottle: LoginThrottle;
  redirects: RedirectPolicy;
  /** Postgres auth hooks from config.toml ([auth.hook.*]). */
  hooks: AuthHooks;
}

/** Confirmations off means GoTrue's MAILER_AUTOCONFIRM. */
export const autoconfirm = (deps: AuthDeps): boolean => !deps.settings.email.enableConfirmations;

export function enforceRateLimit(c: Context, limiter: TokenBucketLimiter): void {
  if (!limiter.allow(clientIp(c)))
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
}

/** Where links in mails and after /verify send the user. */
export const redirectTarget = (c: Context, deps: AuthDeps): string =>
  deps.redirects.resolve(requestedRedirect(c), c.req.header('referer'));

const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's email validation; returns the address lower-cased as it is stored. */
export function validateEmail(email: string): string {
  if (email === '') throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}
