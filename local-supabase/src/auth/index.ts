/**
 * The GoTrue-compatible auth service of the local stand-in, mounted by the gateway at /auth/v1.
 * Routes, bodies, status codes and error codes follow Supabase Auth (see docs/local-stack-auth.md).
 */
import { Hono } from 'hono';
import type { StackContext, StackService } from '../stack/types.ts';
import type { AuthDeps } from './context.ts';
import { AuthError, errorResponse } from './errors.ts';
import { LoginThrottle } from './login-throttle.ts';
import { checkHooks, readAuthHooks } from './hooks.ts';
import { Mailer } from './mailer.ts';
import { createRateLimits } from './rate-limit.ts';
import { RedirectPolicy } from './redirect.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerTokenRoutes } from './routes/token.ts';
import { registerUserRoutes } from './routes/user.ts';
import { registerVerifyRoutes } from './routes/verify.ts';
import { TokenService } from './tokens.ts';

/** Reported by /health; GoTrue reports its release here. */
const VERSION = 'local';

export async function createAuthService(ctx: StackContext): Promise<StackService> {
  const settings = ctx.config.auth;
  const sql = ctx.sql('supabase_auth_admin');
  const limits = createRateLimits(settings.rateLimit);
  const hooks = readAuthHooks(ctx.config.configFile);
  const deps: AuthDeps = {
    sql,
    keys: ctx.keys,
    settings,
    limits,
    loginThrottle: new LoginThrottle(),
    hooks,
    redirects: new RedirectPolicy(settings.siteUrl, settings.additionalRedirectUrls),
    tokens: new TokenService(sql, ctx.keys, {
      jwtExpiry: settings.jwtExpiry,
      rotationEnabled: settings.enableRefreshTokenRotation,
      reuseIntervalSeconds: settings.refreshTokenReuseInterval,
    }),
    mailer: new Mailer({
      outbox: ctx.mail,
      externalUrl: `${ctx.apiUrl}/auth/v1`,
      maxFrequencySeconds: settings.email.maxFrequency,
      projectQuota: settings.email.enableConfirmations ? limits.emailSent : null,
    }),
  };
  // Fail at start, not at the first sign-up, if the auth schema is missing.
  await sql`select 1 from auth.users limit 0`;
  await checkHooks(sql, hooks);

  const app = new Hono();

  app.get('/health', (c) =>
    c.json({
      version: VERSION,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(ctx.keys.jwks());
  });
  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: false, email: settings.email.enableSignup, phone: false },
      disable_signup: !settings.enableSignup,
      mailer_autoconfirm: !settings.email.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: false,
    }),
  );

  registerAccountRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerVerifyRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerAdminRoutes(app, deps);

  app.notFound((c) => errorResponse(c, new AuthError(404, 'unknown', '404 page not found')));
  app.onError((error, c) => {
    if (error instanceof AuthError) {
      // Past the drained amount an oversized body is left unread: this connection cannot carry another request.
      if (error.status === 413) c.header('Connection', 'close');
      return errorResponse(c, error);
    }
    console.error('[auth] unexpected error:', error);
    return errorResponse(
      c,
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    );
  });

  return {
    app,
    // The pool belongs to the stack (ctx.sql), which closes it; nothing else is held here.
    stop: async () => undefined,
  };
}
