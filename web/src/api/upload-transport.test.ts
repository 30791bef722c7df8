import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, createApiClient } from './client';
import type { UploadProgress } from './upload-transport';

/** The adapter's XMLHttpRequest path (calls with an upload listener) against a real HTTP server. */

let server: Server;
let baseUrl: string;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'apikey, authorization, content-type, accept',
        'Access-Control-Allow-Methods': 'POST',
      });
      res.end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.endsWith('/echo')) json(res, 200, { length: body.length, auth: req.headers.authorization });
      else if (path.endsWith('/refuse')) json(res, 422, { error: 'Unsupported file type' });
      else if (path.endsWith('/slow')) setTimeout(() => json(res, 200, {}), 1_000);
      else json(res, 404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(url = baseUrl, timeoutMs = 20_000) {
  return createApiClient({
    baseUrl: url,
    anonKey: 'anon-key',
    getAccessToken: async () => 'token-1',
    timeoutMs,
  });
}

describe('upload progress through XMLHttpRequest', () => {
  it('reports bytes sent up to the whole body, then answers like fetch', async () => {
    const progress: UploadProgress[] = [];
    const body = { fileData: `data:image/png;base64,${'A'.repeat(200_000)}` };
    const result = await client()<{ length: number; auth: string }>('/echo', {
      method: 'POST',
      body,
      onUploadProgress: (p) => progress.push(p),
    });
    const total = JSON.stringify(body).length;
    expect(result).toEqual({ length: total, auth: 'Bearer token-1' });
    expect(progress[0]).toEqual({ sent: 0, total, done: false });
    expect(progress.at(-1)).toEqual({ sent: total, total, done: true });
    expect(progress.filter((p) => p.done)).toHaveLength(1);
  });

  it("reads the server's error from the body", async () => {
    const error = await client()('/refuse', {
      method: 'POST',
      body: {},
      onUploadProgress: () => undefined,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Unsupported file type' });
  });

  it('reports a timeout and an unreachable server with the transport messages', async () => {
    const slow = await client(baseUrl, 200)('/slow', {
      method: 'POST',
      body: {},
      onUploadProgress: () => undefined,
    }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ status: 0, code: 'timeout', message: TIMEOUT_MESSAGE });

    const down = await client('http://127.0.0.1:9/functions/v1/api')('/echo', {
      method: 'POST',
      body: {},
      onUploadProgress: () => undefined,
    }).catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 0, code: 'network', message: NETWORK_ERROR_MESSAGE });
  });

  it("rethrows the caller's own cancellation", async () => {
    const controller = new AbortController();
    const pending = client()('/slow', {
      method: 'POST',
      body: {},
      signal: controller.signal,
      onUploadProgress: () => undefined,
    }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
