/**
 * The functions runner enforces the hosted edge runtime's limits (memory, CPU time per request, wall
 * clock, request body) on real Deno processes, answers like hosted (546 WORKER_LIMIT) and serves the
 * next request from a fresh process. Also: per-function config the way the Supabase CLI resolves it.
 * The fixture functions are in tests/fixtures/functions (`limits`, `own-config`, `mapped`). The main
 * runner is reached straight from node:http, as the gateway hands requests over; the one with the short
 * wall clock through its Hono app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsService, functionLayout } from '../src/functions/index.ts';
import { DEFAULT_LIMITS, limitsFromEnv, WORKER_LIMIT_BODY } from '../src/functions/limits.ts';
import { loadOrCreateKeys } from '../src/keys/index.ts';
import type { FunctionsService, StackContext, StackService } from '../src/stack/types.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/functions', import.meta.url));
const CPU_MS = 500;
// The wall-clock limit gets its own runner: on a busy machine a request that burns 300 ms of CPU can
// take seconds of wall-clock time, so the other tests keep a generous one.
const WALL_CLOCK_MS = 1500;
const MAX_BODY = 64 * 1024;

let dataDir: string;
let server: http.Server;
let apiUrl: string;
let service: FunctionsService;
let shortWallClock: StackService;

const SHORT = 'short-wall-clock/';
/** `short-wall-clock/<function>` goes to the runner with the short wall-clock limit. */
const url = (target: string) =>
  target.startsWith(SHORT)
    ? `${apiUrl}/${SHORT}functions/v1/${target.slice(SHORT.length)}`
    : `${apiUrl}/functions/v1/${target}`;
const call = (target: string, init: RequestInit = {}) => fetch(url(target), init);
async function ok(
  target: string,
  init: RequestInit = {},
): Promise<{ pid: number } & Record<string, unknown>> {
  const response = await call(target, init);
  expect(response.status, target).toBe(200);
  return (await response.json()) as { pid: number };
}
async function overLimit(target: string, init: RequestInit = {}): Promise<void> {
  const response = await call(target, init);
  expect(response.status, target).toBe(546);
  expect(await response.json()).toEqual(WORKER_LIMIT_BODY);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'function-limits-test-'));
  const mounted: { app?: Hono; service?: FunctionsService } = {};
  const viaApp = getRequestListener((request) =>
    mounted.app ? mounted.app.fetch(request) : new Response(null, { status: 503 }),
  );
  server = http.createServer((req, res) => {
    const target = req.url ?? '/';
    if (!target.startsWith('/functions/v1') || !mounted.service) {
      void viaApp(req, res);
      return;
    }
    mounted.service.serveNode(req, res, {
      target: target.slice('/functions/v1'.length) || '/',
      headers: req.headers,
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  apiUrl = `http://127.0.0.1:${port}`;
  const keys = await loadOrCreateKeys(dataDir, 'function-limits-test', `${apiUrl}/auth/v1`);
  const open = { verifyJwt: false, enabled: true, staticFiles: [] };
  const ctx = {
    rootDir: ROOT,
    dataDir,
    apiUrl,
    dbUrl: 'postgresql://postgres:postgres@127.0.0.1:5/postgres',
    keys,
    config: {
      auth: { siteUrl: 'http://127.0.0.1:3000' },
      functions: {
        limits: open,
        'own-config': open,
        mapped: {
          ...open,
          importMap: path.join(FIXTURES, 'mapped-imports.json'),
          entrypoint: path.join(FIXTURES, 'mapped', 'main.ts'),
        },
      },
    },
  } as unknown as StackContext;
  // Memory keeps the hosted 256 MB; CPU and wall clock are lowered so the tests run in seconds.
  service = await createFunctionsService(ctx, {
    functionsDir: FIXTURES,
    limits: { cpuMs: CPU_MS, wallClockMs: 120_000, maxBodyBytes: MAX_BODY },
  });
  shortWallClock = await createFunctionsService(ctx, {
    functionsDir: FIXTURES,
    limits: { cpuMs: CPU_MS, wallClockMs: WALL_CLOCK_MS, maxBodyBytes: MAX_BODY },
  });
  mounted.app = new Hono().route(`/${SHORT}functions/v1`, shortWallClock.app);
  mounted.service = service;
});

afterAll(async () => {
  await service?.stop();
  await shortWallClock?.stop();
  if (server) await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('limits', () => {
  it('default to the hosted ones and are configurable by environment', () => {
    expect(DEFAULT_LIMITS).toMatchObject({ memoryMb: 256, cpuMs: 2000, wallClockMs: 150_000 });
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(limitsFromEnv({ LOCAL_FUNCTIONS_CPU_MS: '750', LOCAL_FUNCTIONS_WALL_CLOCK_MS: '' })).toEqual({
      ...DEFAULT_LIMITS,
      cpuMs: 750,
    });
    expect(() => limitsFromEnv({ LOCAL_FUNCTIONS_MEMORY_MB: 'lots' })).toThrow(/LOCAL_FUNCTIONS_MEMORY_MB/);
  });

  it('count CPU time per request: requests under the limit pass even when together they are over it', async () => {
    const first = await ok('limits/cpu?ms=300');
    const second = await ok('limits/cpu?ms=300');
    const third = await ok('limits/cpu?ms=300');
    expect(new Set([first.pid, second.pid, third.pid]).size).toBe(1);
  });

  it('answer 546 WORKER_LIMIT to a request over the CPU limit, and recover', async () => {
    const before = await ok('limits');
    await overLimit(`limits/cpu?ms=${CPU_MS * 3}`);
    const after = await ok('limits');
    expect(after.pid).not.toBe(before.pid);
  });

  it('do not count time spent waiting (I/O, timers) as CPU time', async () => {
    const before = await ok('limits');
    await ok(`limits/sleep?ms=${CPU_MS * 3}`);
    expect((await ok('limits')).pid).toBe(before.pid);
  });

  it('answer 546 to a request over the wall-clock limit, and recover', async () => {
    const before = await ok('short-wall-clock/limits');
    await overLimit(`short-wall-clock/limits/sleep?ms=${WALL_CLOCK_MS * 3}`);
    expect((await ok('short-wall-clock/limits')).pid).not.toBe(before.pid);
  });

  it('answer 546 when the JavaScript heap outgrows 256 MB, and recover', async () => {
    const before = await ok('limits');
    await overLimit('limits/heap');
    expect((await ok('limits')).pid).not.toBe(before.pid);
  });

  it('count memory outside the heap (buffers) against the 256 MB too', async () => {
    const before = await ok('limits');
    // 64 MB is well within the limit and stays served by the same process.
    expect(await ok('limits/buffer?mb=64')).toMatchObject({ pid: before.pid, heldMb: 64 });
    await overLimit('limits/buffer?mb=300');
    expect((await ok('limits')).pid).not.toBe(before.pid);
  });

  it('refuse a request body over the limit before the function reads it', async () => {
    expect(await ok('limits/body', { method: 'POST', body: new Uint8Array(MAX_BODY) })).toMatchObject({
      bytes: MAX_BODY,
    });
    const declared = await call('limits/body', { method: 'POST', body: new Uint8Array(MAX_BODY + 1) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
    // Streamed without a Content-Length: stopped once the count passes the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(MAX_BODY / 2));
        controller.close();
      },
    });
    const streamed = await call('limits/body', {
      method: 'POST',
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    await ok('limits');
  });
});

describe('per-function config', () => {
  it("runs a function with its own deno.json instead of the folder's", async () => {
    const response = await call('own-config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'from its own deno.json' });
  });

  it('honours import_map and entrypoint from config.toml', async () => {
    const response = await call('mapped');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'from the import map and entrypoint named in config.toml',
    });
  });

  it('resolves config like the Supabase CLI: config.toml, own deno.json, then none', () => {
    expect(functionLayout(FIXTURES, 'own-config', undefined)).toEqual({
      entrypoint: path.join(FIXTURES, 'own-config', 'index.ts'),
      config: path.join(FIXTURES, 'own-config', 'deno.json'),
      staticFiles: [],
    });
    // No fallback to a deno.json of the functions folder: hosted would not use one either.
    expect(functionLayout(FIXTURES, 'echo', undefined).config).toBeUndefined();
    const named = path.join(FIXTURES, 'mapped-imports.json');
    expect(functionLayout(FIXTURES, 'own-config', { importMap: named }).config).toBe(named);
  });
});
