/**
 * The `api` function's Hono app: CORS, caller identification, error mapping, and the three route
 * groups of the spec's API table (section 7) under `/api`.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { corsHeaders } from '../_shared/cors.ts';
import { HttpError } from '../_shared/errors.ts';
import { StorageError } from '../_shared/storage.ts';
import {
  FileTooLargeError,
  InvalidDataUrlError,
  UnreadableFileError,
  UnsupportedFileTypeError,
} from '../_shared/processing/errors.ts';
import { certificateRoutes } from './certificates/routes.ts';
import type { AppEnv } from './context.ts';
import type { AppDeps } from './deps.ts';
import { userRoutes } from './users/routes.ts';
import { verificationRoutes } from './verification/routes.ts';

/** Seconds a client should wait before retrying when a dependency is briefly unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Postgres restarting or unreachable (or Storage answering 5xx): the request did nothing lasting
 * (its transaction rolled back), so the client may simply retry.
 */
function isTransientOutage(error: unknown): boolean {
  if (error instanceof StorageError) return error.statusCode >= 500;
  if (typeof error !== 'object' || error === null) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  return (
    // postgres.js connection states, and the socket errors beneath them
    /^(CONNECTION_(CLOSED|ENDED|DESTROYED)|CONNECT_TIMEOUT|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(
      code,
    ) ||
    // connection_exception, admin/crash shutdown, cannot_connect_now, too_many_connections
    /^(08...|57P0[1-3]|53300)$/.test(code) ||
    (error instanceof TypeError && /connect|network|fetch/i.test(error.message))
  );
}

function errorResponse(error: unknown): {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
} {
  if (error instanceof HttpError) {
    return { status: error.status, body: { error: error.message, ...error.extra }, headers: error.headers };
  }
  if (error instanceof FileTooLargeError)
    return { status: 413, body: { error: 'File size must be less than 10MB' } };
  if (error instanceof UnsupportedFileTypeError) {
    return {
      status: 415,
      body: { error: 'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)' },
    };
  }
  if (error instanceof InvalidDataUrlError) return { status: 400, body: { error: error.message } };
  if (error instanceof UnreadableFileError) {
    return {
      status: 422,
      body: { error: 'The file could not be read; it may be damaged or password-protected' },
    };
  }
  if (error instanceof HTTPException && error.status < 500) {
    return { status: error.status, body: { error: error.message || 'Bad request' } };
  }
  if (isTransientOutage(error)) {
    // One line, not a stack per request: an outage produces many of these.
    console.error(
      `api: dependency unavailable (503): ${error instanceof Error ? error.message : String(error)}`,
    );
    return {
      status: 503,
      body: { error: 'The service is briefly unavailable; please try again shortly' },
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    };
  }
  console.error('api: unhandled error', error);
  return { status: 500, body: { error: 'Internal server error' } };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return c.body(null, 204, corsHeaders);
    await next();
    for (const [name, value] of Object.entries(corsHeaders)) c.res.headers.set(name, value);
  });

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('caller', await deps.verifyToken(c.req.header('authorization')));
    await next();
  });

  app.route('/certificates', certificateRoutes);
  app.route('/users', userRoutes);
  app.route('/verification', verificationRoutes);

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((error, c) => {
    const { status, body, headers } = errorResponse(error);
    return c.json(body, status as 400, headers);
  });
  return app;
}
