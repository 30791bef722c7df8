// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, createApiClient } from './client';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const routes = new Map<string, Handler>();
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let baseUrl: string;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const handler = routes.get(path);
      if (handler) handler(req, res, body);
      else json(res, 404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/api`;

  routes.set('/functions/v1/api/ok', (_req, res, body) =>
    json(res, 200, { echoed: body ? JSON.parse(body) : null }),
  );
  routes.set('/functions/v1/api/error-and-message', (_req, res) =>
    json(res, 400, { error: 'The error field', message: 'The message field' }),
  );
  routes.set('/functions/v1/api/message-only', (_req, res) => json(res, 409, { message: 'Only a message' }));
  routes.set('/functions/v1/api/empty-500', (_req, res) => {
    res.writeHead(500);
    res.end();
  });
  routes.set('/functions/v1/api/html-502', (_req, res) => {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<html>Bad gateway</html>');
  });
  routes.set('/functions/v1/api/slow', (_req, res) => {
    setTimeout(() => json(res, 200, { late: true }), 1_000);
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(token: string | null = null, timeoutMs = 20_000) {
  return createApiClient({ baseUrl, anonKey: 'anon-key', getAccessToken: async () => token, timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient', () => {
  it('sends JSON with apikey and the anon key as bearer when signed out, and skips empty query values', async () => {
    seen.length = 0;
    const result = await client()('/ok', {
      method: 'POST',
      query: { limit: 50, offset: 0, fileType: undefined, sortBy: '' },
      body: { a: 1 },
    });
    expect(result).toEqual({ echoed: { a: 1 } });
    const [call] = seen;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/functions/v1/api/ok?limit=50&offset=0');
    expect(call?.headers.apikey).toBe('anon-key');
    expect(call?.headers.authorization).toBe('Bearer anon-key');
    expect(call?.headers['content-type']).toBe('application/json');
  });

  it("sends the session's access token when signed in", async () => {
    seen.length = 0;
    await client('user-token')('/ok');
    expect(seen[0]?.headers.authorization).toBe('Bearer user-token');
    expect(seen[0]?.headers.apikey).toBe('anon-key');
  });

  it("reads the body's error before its message", async () => {
    const error = await failure(client()('/error-and-message', { defaultMessage: 'Upload failed' }));
    expect(error.message).toBe('The error field');
    expect(error.status).toBe(400);
  });

  it("falls back to the body's message", async () => {
    const error = await failure(client()('/message-only', { defaultMessage: 'Upload failed' }));
    expect(error.message).toBe('Only a message');
    expect(error.status).toBe(409);
  });

  it("uses the operation's default message when the server gives none", async () => {
    expect((await failure(client()('/empty-500', { defaultMessage: 'Failed to fetch users' }))).message).toBe(
      'Failed to fetch users',
    );
    const html = await failure(client()('/html-502', { defaultMessage: 'Verification failed' }));
    expect(html.message).toBe('Verification failed');
    expect(html.status).toBe(502);
  });

  it('reports a timeout with the transport message', async () => {
    const started = Date.now();
    const error = await failure(client(null, 150)('/slow', { defaultMessage: 'Failed to fetch stats' }));
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(error.isTimeout).toBe(true);
    expect(error.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reports an unreachable server with the transport message', async () => {
    const unreachable = createApiClient({
      baseUrl: 'http://127.0.0.1:9/functions/v1/api',
      anonKey: 'anon-key',
      getAccessToken: async () => null,
    });
    const error = await failure(unreachable('/ok', { defaultMessage: 'Failed to fetch certificates' }));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.code).toBe('network');
  });

  it("rethrows the caller's own cancellation untouched", async () => {
    const controller = new AbortController();
    const pending = client()('/slow', { signal: controller.signal });
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
