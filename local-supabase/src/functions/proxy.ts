/**
 * Forwarding one request to a function's Deno process over node:http, and writing the answer back
 * either straight onto a node:http response (the gateway's path: no web streams in between) or as a
 * fetch Response (the runner's Hono app). Both share the same request handling (index.ts).
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { WORKER_LIMIT_BODY } from './limits.ts';
import type { Ticket } from './worker.ts';

/** Hop-by-hop by definition, whatever a Connection header says. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The headers without the hop-by-hop ones, which concern only the connection they came on: the
 * standard ones and every one the message's own Connection header names (RFC 9110 section 7.6.1).
 */
export function endToEndHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const connection = headers.connection;
  const named = new Set(
    (Array.isArray(connection) ? connection.join(',') : (connection ?? ''))
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
  const kept: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key) && !named.has(key)) kept[key] = value;
  }
  return kept;
}

/** What the runner needs of a request, whichever server received it. */
export interface FunctionCall {
  method: string;
  /** `/<name>/rest?q`: the path and query the function sees. */
  target: string;
  /** Lower-case names as node:http gives them; hop-by-hop headers are dropped on the way. */
  headers: http.IncomingHttpHeaders;
  /** The body, or undefined when the request has none. */
  body: Readable | undefined;
  /** Registers what to do when the client goes away before its answer is complete. */
  onAbort(listener: () => void): void;
  /** Lets go of the rest of a body the function will not get (the runner answers instead). */
  discardBody(): void;
}

/** The runner's answer: the function's own response as it streams in, or one the runner writes. */
export type Outcome =
  | {
      kind: 'function';
      status: number;
      headers: http.OutgoingHttpHeaders;
      /** Undefined for HEAD and statuses without a body (its stream has been drained already). */
      body: http.IncomingMessage | undefined;
    }
  | { kind: 'runner'; status: number; body: unknown; headers?: Record<string, string> };

export const runnerAnswer = (status: number, body: unknown, headers?: Record<string, string>): Outcome => ({
  kind: 'runner',
  status,
  body,
  ...(headers ? { headers } : {}),
});

export const tooLarge = (maxBodyBytes: number): Outcome =>
  runnerAnswer(413, {
    code: 'REQUEST_TOO_LARGE',
    message: `Request body is larger than the limit of ${maxBodyBytes} bytes`,
  });

/**
 * Sends the call to the process at `port`. Resolves 'refused' when the process refused the connection
 * and 'stale' when a pooled keep-alive connection turned out closed before any answer: either way the
 * request never reached the function. The ticket is finished once the answer's body has been read (or
 * the request failed).
 */
export function forward(
  call: FunctionCall,
  options: { port: number; agent: http.Agent; ticket: Ticket; maxBodyBytes: number },
): Promise<Outcome | 'refused' | 'stale'> {
  const { port, agent, ticket, maxBodyBytes } = options;
  return new Promise((resolve) => {
    let bodyBytes = 0;
    let overSize = false;
    const headers = endToEndHeaders(call.headers);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: call.method, path: call.target, headers, agent },
      (response) => {
        const out = endToEndHeaders(response.headers);
        const status = response.statusCode ?? 502;
        const noBody = call.method === 'HEAD' || [101, 204, 205, 304].includes(status);
        response.once('close', () => ticket.finish());
        if (noBody) response.resume();
        resolve({ kind: 'function', status, headers: out, body: noBody ? undefined : response });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (call.body) call.discardBody();
      void (async () => {
        if (overSize) {
          ticket.finish();
          resolve(tooLarge(maxBodyBytes));
          return;
        }
        if (error.code === 'ECONNREFUSED') {
          ticket.finish();
          resolve('refused');
          return;
        }
        const limit = await ticket.limitHit();
        ticket.finish();
        if (limit) {
          resolve(runnerAnswer(546, WORKER_LIMIT_BODY));
          return;
        }
        if (upstream.reusedSocket && error.code === 'ECONNRESET') {
          resolve('stale');
          return;
        }
        console.error(`[functions] request to ${call.target} failed: ${error.message}`);
        // Retryable: the next request meets a fresh process (and the function cleans up on start).
        resolve(
          runnerAnswer(
            503,
            {
              code: 'WORKER_ERROR',
              message:
                'The function did not answer: its process failed while handling the request (see its log). ' +
                'A crashed function is started again on the next request; please retry.',
            },
            { 'Retry-After': '1' },
          ),
        );
      })();
    });
    // The client went away: stop the function's request too.
    call.onAbort(() => upstream.destroy());
    const body = call.body;
    if (!body) {
      upstream.end();
      return;
    }
    // Counted as it streams: a body without Content-Length (chunked) is stopped at the limit too.
    body.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > maxBodyBytes && !overSize) {
        overSize = true;
        body.unpipe(upstream);
        upstream.destroy(new Error('request body over the limit'));
      }
    });
    body.once('error', () => upstream.destroy());
    // pipe, not pipeline: a failed upstream must not destroy the client's request, whose connection
    // still carries the answer (413, 546, 503).
    body.pipe(upstream);
  });
}

/** Writes the outcome onto a node:http response. */
export function writeOutcome(res: http.ServerResponse, outcome: Outcome): void {
  if (outcome.kind === 'function') {
    res.writeHead(outcome.status, outcome.headers);
    if (!outcome.body) {
      res.end();
      return;
    }
    const body = outcome.body;
    // pipe, not pipeline: pipeline's per-call AbortController showed in the profile.
    body.pipe(res);
    // A function process ending mid-answer (a limit, a crash) cuts the client's answer short too, and
    // a client that goes away stops the function's answer.
    body.once('close', () => {
      if (!body.complete) res.destroy();
    });
    res.once('close', () => {
      if (!body.complete) body.destroy();
    });
    return;
  }
  const text = JSON.stringify(outcome.body);
  res.writeHead(outcome.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...outcome.headers,
  });
  res.end(text);
}

/** The outcome as a fetch Response (for the runner's Hono app). */
export function outcomeResponse(outcome: Outcome): Response {
  if (outcome.kind === 'runner') {
    const response = Response.json(outcome.body, { status: outcome.status });
    for (const [key, value] of Object.entries(outcome.headers ?? {})) response.headers.set(key, value);
    return response;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(outcome.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, String(item));
  }
  const body = outcome.body ? (Readable.toWeb(outcome.body) as ReadableStream<Uint8Array>) : null;
  return new Response(body, { status: outcome.status, headers });
}
