/**
 * The API gateway on the API port, standing in for Supabase's Kong: routes /auth/v1, /storage/v1 and
 * /functions/v1 to their services with the prefix stripped, answers CORS for everything but functions
 * (they answer their own), caps request bodies and turns every failure into a JSON answer.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { StackService } from '../stack/types.ts';

/** Kong's default request size limit on Supabase is larger than what we accept locally. */
export const MAX_BODY_BYTES = 60 * 1024 * 1024;

const ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'x-supabase-api-version',
  'x-upsert',
  'cache-control',
  'x-retry-count',
  'range',
].join(', ');
const EXPOSE_HEADERS = [
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  'Content-Range',
  'Content-Disposition',
].join(', ');
const ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';

export interface GatewayServices {
  auth: StackService;
  storage: StackService;
  functions: StackService;
}

/** Kong-style CORS: any origin, a fixed header list, preflights answered here without reaching the service. */
const cors: MiddlewareHandler = async (c, next) => {
  if (c.req.path.startsWith('/functions/v1/') || c.req.path === '/functions/v1') return next();
  if (c.req.method === 'OPTIONS') {
    return new Response(null, {
      status: 200,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Expose-Headers': EXPOSE_HEADERS,
        'Access-Control-Max-Age': '3600',
        'Content-Length': '0',
      },
    });
  }
  await next();
  // Copy so headers are mutable whatever produced the response (a proxied fetch has immutable ones).
  const res = new Response(c.res.body, c.res);
  res.headers.set('Access-Control-Allow-Origin', '*');
  res.headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  // Clearing first stops Hono from merging the old response's headers back over ours.
  c.res = undefined;
  c.res = res;
};

/** The request as the service sees it: prefix stripped, Authorization defaulted to the apikey like the CLI does. */
function forwardedRequest(c: Context, prefix: string): Request {
  const original = c.req.raw;
  const url = new URL(original.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  const headers = new Headers(original.headers);
  const apikey = headers.get('apikey');
  const authorization = headers.get('authorization');
  if (apikey && (!authorization || authorization.startsWith('Bearer sb_'))) {
    headers.set('authorization', `Bearer ${apikey}`);
  }
  const remote = remoteAddress(c);
  if (remote) {
    const chain = headers.get('x-forwarded-for');
    headers.set('x-forwarded-for', chain ? `${chain}, ${remote}` : remote);
  }
  headers.set('x-forwarded-host', url.host);
  headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
  headers.set('x-forwarded-prefix', prefix);
  const hasBody = original.method !== 'GET' && original.method !== 'HEAD';
  return new Request(url, {
    method: original.method,
    headers,
    body: hasBody ? original.body : null,
    signal: original.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function createGateway(services: GatewayServices): Hono {
  const app = new Hono();

  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // The rest of the body is never read, so the connection cannot carry another request.
      onError: (c) => c.json({ message: 'Request size limit exceeded' }, 413, { Connection: 'close' }),
    }),
  );
  app.use(cors);

  const mount = (prefix: string, service: StackService) => {
    const handler = (c: Context) => service.app.fetch(forwardedRequest(c, prefix), c.env);
    app.all(prefix, handler);
    app.all(`${prefix}/*`, handler);
  };
  mount('/auth/v1', services.auth);
  mount('/storage/v1', services.storage);
  mount('/functions/v1', services.functions);

  const noRest = (c: Context) =>
    c.json(
      {
        code: 'LOCAL501',
        message: 'PostgREST is not part of the local stack; use the api edge function at /functions/v1/api.',
        details: null,
        hint: 'The product reaches its data through supabase/functions/api, locally and on hosted Supabase.',
      },
      501,
    );
  app.all('/rest/v1', noRest);
  app.all('/rest/v1/*', noRest);

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((error, c) => {
    console.error(`[gateway] ${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ message: 'An unexpected error occurred' }, 500);
  });
  return app;
}
