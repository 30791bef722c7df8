/**
 * The API gateway on the API port, standing in for Supabase's Kong: routes /auth/v1, /storage/v1 and
 * /functions/v1 to their services with the prefix stripped, answers CORS for everything but functions
 * (they answer their own), caps request bodies and turns every failure into a JSON answer.
 */
import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { FunctionsService, StackService } from '../stack/types.ts';

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
  functions: FunctionsService;
}

const FUNCTIONS_PREFIX = '/functions/v1';
const TOO_LARGE = { message: 'Request size limit exceeded' };

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

/**
 * The headers the gateway changes on a forwarded request: Authorization defaulted to the apikey like
 * the CLI does, and the X-Forwarded-* chain.
 */
function forwardedHeaders(
  get: (name: string) => string | undefined,
  remote: string | undefined,
  url: { host: string; protocol: string },
  prefix: string,
): Record<string, string> {
  const set: Record<string, string> = {};
  const apikey = get('apikey');
  const authorization = get('authorization');
  if (apikey && (!authorization || authorization.startsWith('Bearer sb_'))) {
    set.authorization = `Bearer ${apikey}`;
  }
  if (remote) {
    const chain = get('x-forwarded-for');
    set['x-forwarded-for'] = chain ? `${chain}, ${remote}` : remote;
  }
  set['x-forwarded-host'] = url.host;
  set['x-forwarded-proto'] = url.protocol.replace(':', '');
  set['x-forwarded-prefix'] = prefix;
  return set;
}

/** The request as the service sees it: prefix stripped, headers as forwardedHeaders sets them. */
function forwardedRequest(c: Context, prefix: string): Request {
  const original = c.req.raw;
  const url = new URL(original.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  const headers = new Headers(original.headers);
  const changes = forwardedHeaders((name) => headers.get(name) ?? undefined, remoteAddress(c), url, prefix);
  for (const [name, value] of Object.entries(changes)) headers.set(name, value);
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
      onError: (c) => c.json(TOO_LARGE, 413, { Connection: 'close' }),
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
  mount(FUNCTIONS_PREFIX, services.functions);

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

/**
 * The gateway as a node:http request listener. A function call with a declared length (or no body) is
 * handed to the functions runner as it arrived, and the function's answer streamed back, with the
 * gateway's header changes and body cap applied here: turning a 1.6 MB body into a fetch Request and
 * the answer back into a node:http response cost the stack's Node process more CPU than the function
 * spent on it (docs/benchmarks.md). Everything else goes through the Hono app, chunked function bodies
 * too (the app buffers them to enforce its cap).
 */
export function createGatewayListener(services: GatewayServices): RequestListener {
  const viaApp = getRequestListener(createGateway(services).fetch);
  return (req, res) => {
    // Parsed like the app parses it (dot segments resolved), so both paths route a URL alike.
    const url = new URL(req.url ?? '/', 'http://gateway');
    const isFunction = url.pathname === FUNCTIONS_PREFIX || url.pathname.startsWith(`${FUNCTIONS_PREFIX}/`);
    if (!isFunction || req.headers['transfer-encoding'] !== undefined) {
      void viaApp(req, res);
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      // The body is never read, so the connection cannot carry another request.
      const text = JSON.stringify(TOO_LARGE);
      res.writeHead(413, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        connection: 'close',
      });
      res.end(text);
      return;
    }
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      ...forwardedHeaders(
        header,
        req.socket.remoteAddress,
        { host: req.headers.host ?? '', protocol: 'http:' },
        FUNCTIONS_PREFIX,
      ),
    };
    const target = `${url.pathname.slice(FUNCTIONS_PREFIX.length) || '/'}${url.search}`;
    services.functions.serveNode(req, res, { target, headers });
  };
}
