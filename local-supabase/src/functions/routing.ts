/**
 * Routing of /functions/v1 requests: which function, verify_jwt, the body limit, then the function's
 * process (with the retries a crashed process allows). Two ways in share it: `serveNode` for a request
 * a node:http server received (the gateway's path) and a Hono app (tests, chunked bodies).
 */
import type http from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { basePath } from 'hono/route';
import type { FunctionsService, StackKeys } from '../stack/types.ts';
import type { FunctionLimits } from './limits.ts';
import {
  forward,
  outcomeResponse,
  runnerAnswer,
  tooLarge,
  writeOutcome,
  type FunctionCall,
  type Outcome,
} from './proxy.ts';
import { BootError, type FunctionWorker } from './worker.ts';

const notFound = () => runnerAnswer(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
const internalError = () => runnerAnswer(500, { code: 'INTERNAL_ERROR', message: 'Internal Server Error' });

/** The function a target (`/<name>/rest?q`) names, decoded as a route parameter is. */
function functionName(target: string): string | undefined {
  const segment = /^\/([^/?#]+)/.exec(target)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export interface RouterOptions {
  keys: StackKeys;
  limits: FunctionLimits;
  /** Connections to the function processes. */
  agent: http.Agent;
  /** True for a folder the runner serves. */
  isFunction(name: string): boolean;
  /** verify_jwt from config.toml (default true). */
  verifiesJwt(name: string): boolean;
  /** The function's process supervisor, created on first use. */
  workerFor(name: string): FunctionWorker;
}

export function createRouter(options: RouterOptions): Pick<FunctionsService, 'app' | 'serveNode'> {
  const { keys, limits, agent, isFunction, workerFor } = options;

  /** verify_jwt as the edge runtime applies it: a valid HS256 key or ES256 access token as Bearer. */
  async function rejectUnauthorised(call: FunctionCall, name: string): Promise<Outcome | undefined> {
    if (call.method === 'OPTIONS' || !options.verifiesJwt(name)) return undefined;
    const header = call.headers.authorization;
    if (!header) return runnerAnswer(401, { msg: 'Error: Missing authorization header' });
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    try {
      if (!match?.[1]) throw new Error('not a Bearer token');
      await keys.verify(match[1]);
      return undefined;
    } catch {
      return runnerAnswer(401, { msg: 'Invalid JWT' });
    }
  }

  /** One request, whichever server received it: name, verify_jwt and body size checks, then the function. */
  async function dispatch(call: FunctionCall): Promise<Outcome> {
    const name = functionName(call.target);
    if (name === undefined || !isFunction(name)) return notFound();
    const denied = await rejectUnauthorised(call, name);
    if (denied) return denied;
    const declared = Number(call.headers['content-length'] ?? 0);
    if (declared > limits.maxBodyBytes) return tooLarge(limits.maxBodyBytes);
    const worker = workerFor(name);
    // A process that just crashed may not have reported its exit yet: a request that finds its pooled
    // connection closed tries a new one, and one that finds the process gone meets a fresh process.
    // Only for safe methods without a body (a body would be half-read by then).
    const replayable = ['GET', 'HEAD', 'OPTIONS'].includes(call.method) && !call.body;
    const attempts = replayable ? 3 : 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let port: number;
      try {
        port = await worker.ready();
      } catch (error) {
        if (!(error instanceof BootError)) throw error;
        console.error(`[functions:${name}] boot failed: ${error.message}`);
        return runnerAnswer(503, {
          code: 'BOOT_ERROR',
          message: 'Function failed to start (please check logs)',
        });
      }
      const outcome = await forward(call, {
        port,
        agent,
        ticket: worker.track(port),
        maxBodyBytes: limits.maxBodyBytes,
      });
      if (typeof outcome === 'object') return outcome;
      if (outcome === 'refused') await worker.discard(port);
    }
    return runnerAnswer(
      503,
      {
        code: 'WORKER_ERROR',
        message: 'The function is not running; it is started again on the next request, please retry.',
      },
      { 'Retry-After': '1' },
    );
  }

  /** The runner as a Hono app (tests, and chunked bodies the gateway has buffered). */
  async function handle(c: Context): Promise<Response> {
    const request = c.req.raw;
    // The gateway strips /functions/v1 (base path '/'); a Hono mount keeps it (base path '/functions/v1').
    const base = basePath(c).replace(/\/+$/, '');
    const url = new URL(request.url);
    const headers: http.IncomingHttpHeaders = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const body = request.body ? Readable.fromWeb(request.body as WebReadableStream<Uint8Array>) : undefined;
    const outcome = await dispatch({
      method: request.method,
      target: url.pathname.slice(base.length) + url.search,
      headers,
      body,
      onAbort: (listener) => request.signal.addEventListener('abort', listener),
      discardBody: () => body?.destroy(),
    });
    return outcomeResponse(outcome);
  }

  /**
   * The runner straight on node:http, for the gateway: the request stream is piped to the function and
   * its answer piped back, without fetch Request/Response objects and web streams in between.
   */
  function serveNode(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    forwarded: { target: string; headers: http.IncomingHttpHeaders },
  ): void {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    dispatch({
      method: req.method ?? 'GET',
      target: forwarded.target,
      headers: forwarded.headers,
      body: hasBody ? req : undefined,
      onAbort: (listener) =>
        res.once('close', () => {
          if (!res.writableFinished) listener();
        }),
      // Read and dropped, so the connection can carry the next request.
      discardBody: () => {
        req.unpipe();
        req.resume();
      },
    }).then(
      (outcome) => writeOutcome(res, outcome),
      (error: unknown) => {
        console.error('[functions] request failed:', error);
        writeOutcome(res, internalError());
      },
    );
  }

  const app = new Hono();
  app.all('/:name', handle);
  app.all('/:name/*', handle);
  app.notFound(() => outcomeResponse(notFound()));
  app.onError((error) => {
    console.error('[functions] request failed:', error);
    return outcomeResponse(internalError());
  });

  return { app, serveNode };
}
