/**
 * The Edge Functions runner over real HTTP with real Deno processes, serving the fixture functions in
 * tests/fixtures/functions (the stack itself serves supabase/functions). `open` has verify_jwt = false;
 * everything else keeps the default (true). Each behaviour is checked through both ways in: straight
 * from node:http (`serveNode`, as the gateway hands requests over) and through the runner's Hono app.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { FunctionsClient, FunctionsHttpError } from '@supabase/functions-js';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createFunctionsService } from '../src/functions/index.ts';
import { loadOrCreateKeys } from '../src/keys/index.ts';
import type { FunctionsService, StackContext, StackKeys } from '../src/stack/types.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/functions', import.meta.url));
const RUNNER_TO_KILL = fileURLToPath(new URL('./support/runner-to-kill.ts', import.meta.url));
const DB_URL = 'postgresql://postgres:postgres@127.0.0.1:5/postgres';
const SITE_URL = 'http://127.0.0.1:3000';

let dataDir: string;
let server: http.Server;
let apiUrl: string;
let keys: StackKeys;
let service: FunctionsService;
let userToken: string;

interface Echo {
  method: string;
  path: string;
  query: string;
  body: string;
  bodyLength: number;
  authorization: string | null;
  custom: string | null;
  headers: Record<string, string>;
  env: Record<string, string | null>;
  pid: number;
}

const FRONTS = ['node:http', 'Hono app'] as const;
type Front = (typeof FRONTS)[number];
/** Where the runner is reached through `front`. */
const functionsUrl = (front: Front = 'node:http') =>
  `${apiUrl}${front === 'node:http' ? '' : '/hono'}/functions/v1`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const caller = (front: Front = 'node:http') => {
  const call = (target: string, init: RequestInit = {}) => fetch(`${functionsUrl(front)}/${target}`, init);
  const echo = async (target = 'echo', init: RequestInit = { headers: bearer(keys.anonKey) }) => {
    const response = await call(target, init);
    expect(response.status).toBe(200);
    return (await response.json()) as Echo;
  };
  return { call, echo };
};
const { echo } = caller();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'functions-test-'));
  const mounted: { app?: Hono; service?: FunctionsService } = {};
  const viaApp = getRequestListener((request) =>
    mounted.app ? mounted.app.fetch(request) : new Response(null, { status: 503 }),
  );
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/functions/v1') || !mounted.service) {
      void viaApp(req, res);
      return;
    }
    mounted.service.serveNode(req, res, {
      target: url.slice('/functions/v1'.length) || '/',
      headers: req.headers,
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  apiUrl = `http://127.0.0.1:${port}`;
  keys = await loadOrCreateKeys(dataDir, 'functions-test', `${apiUrl}/auth/v1`);
  userToken = await keys.signAccessToken(
    { sub: '6f1f7c56-3c1f-4c39-9d7f-3b8f1f0f6a11', role: 'authenticated', aud: 'authenticated' },
    3600,
  );
  const ctx = {
    rootDir: ROOT,
    dataDir,
    apiUrl,
    dbUrl: DB_URL,
    keys,
    config: { auth: { siteUrl: SITE_URL }, functions: { open: { verifyJwt: false, enabled: true } } },
  } as unknown as StackContext;
  service = await createFunctionsService(ctx, { functionsDir: FIXTURES });
  mounted.app = new Hono().route('/hono/functions/v1', service.app);
  mounted.service = service;
});

afterAll(async () => {
  await service?.stop();
  if (server) await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(FRONTS)('through %s', (front) => {
  const { call, echo } = caller(front);

  describe('proxying to a function', () => {
    it('passes method, path, query, headers and body through, with the platform env', async () => {
      const result = await echo('echo/a/b%20c?x=1&y=two', {
        method: 'PUT',
        headers: { ...bearer(keys.anonKey), 'x-custom': 'kept', 'content-type': 'text/plain' },
        body: 'payload',
      });
      expect(result).toMatchObject({
        method: 'PUT',
        path: '/echo/a/b%20c',
        query: '?x=1&y=two',
        body: 'payload',
        authorization: `Bearer ${keys.anonKey}`,
        custom: 'kept',
      });
      expect(result.env).toEqual({
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        SUPABASE_DB_URL: DB_URL,
        // From the fixtures' .env; its SUPABASE_URL line is ignored, as the CLI does.
        FIXTURE_SECRET: 'from dotenv',
        // The runner's own environment is not handed down.
        PGPASSWORD: null,
      });
    });

    it('works with the prefix stripped, as the gateway forwards requests', async () => {
      const response = await service.app.fetch(
        new Request(`${apiUrl}/echo/x?y=1`, {
          method: 'POST',
          headers: bearer(keys.anonKey),
          body: '{"a":1}',
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ path: '/echo/x', query: '?y=1', body: '{"a":1}' });
    });

    it('answers supabase-js functions.invoke and keeps response headers', async () => {
      const client = new FunctionsClient(functionsUrl(front), { headers: bearer(userToken) });
      const { data, error, response } = await client.invoke<Echo>('echo', { body: { hello: 'world' } });
      expect(error).toBeNull();
      expect(data).toMatchObject({ method: 'POST', path: '/echo', body: '{"hello":"world"}' });
      expect(response?.headers.get('x-echo')).toBe('yes');
      expect(response?.headers.get('set-cookie')).toBe('a=1');
    });

    it('streams large bodies both ways', async () => {
      const bytes = new Uint8Array(5 * 1024 * 1024).map((_, i) => i % 251);
      const response = await call('echo/stream', {
        method: 'POST',
        headers: bearer(keys.anonKey),
        body: bytes,
      });
      expect(response.status).toBe(200);
      const back = Buffer.from(await response.arrayBuffer());
      // Compared as buffers: a deep equality over 5 MB of elements takes the test runner a minute.
      expect(back.length).toBe(bytes.length);
      expect(back.equals(Buffer.from(bytes))).toBe(true);
    });

    it('drops hop-by-hop headers, the standard ones and those the Connection header names', async () => {
      // node:http, since fetch refuses to send a Connection header of its own.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${functionsUrl(front)}/echo`, {
          headers: {
            ...bearer(keys.anonKey),
            connection: 'keep-alive, X-Hop-Named, x-other-hop',
            'x-hop-named': 'for this connection only',
            'x-other-hop': 'also',
            'x-custom': 'kept',
            'keep-alive': 'timeout=5',
            'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
            te: 'trailers',
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(200);
      const { headers } = JSON.parse(answer.body) as Echo;
      expect(headers['x-custom']).toBe('kept');
      expect(headers.authorization).toBe(`Bearer ${keys.anonKey}`);
      for (const name of ['x-hop-named', 'x-other-hop', 'keep-alive', 'proxy-authorization', 'te']) {
        expect(headers, name).not.toHaveProperty(name);
      }
    });

    it('shares one process between concurrent requests', async () => {
      const results = await Promise.all(Array.from({ length: 12 }, () => echo()));
      expect(new Set(results.map((r) => r.pid)).size).toBe(1);
    });
  });

  describe('failures inside a function', () => {
    it('turns a thrown error into a JSON 500 and keeps serving', async () => {
      const before = await echo();
      const response = await call('echo/throw', { headers: bearer(keys.anonKey) });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'Internal Server Error' });
      expect(text).not.toContain('secret detail');
      expect((await echo()).pid).toBe(before.pid);
    });

    it('restarts a function whose process exited', async () => {
      const before = await echo();
      const response = await call('echo/exit', { headers: bearer(keys.anonKey) });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toMatchObject({
        code: 'WORKER_ERROR',
        message: expect.stringContaining('started again'),
      });
      const after = await echo();
      expect(after.pid).not.toBe(before.pid);
      expect(isRunning(before.pid)).toBe(false);
    });

    it('reports a function that cannot boot as 503 BOOT_ERROR, every time', async () => {
      for (let i = 0; i < 2; i++) {
        const response = await call('boot-fails', { headers: bearer(keys.anonKey) });
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          code: 'BOOT_ERROR',
          message: 'Function failed to start (please check logs)',
        });
      }
    });
  });

  describe('verify_jwt', () => {
    it('rejects requests without a valid JWT', async () => {
      const missing = await call('echo');
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });
      const forged = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
      const expired = await keys.signAccessToken({ sub: 'x', role: 'authenticated' }, -10);
      for (const header of [`Bearer ${forged}`, `Bearer ${expired}`, 'Bearer not-a-jwt', keys.anonKey]) {
        const response = await call('echo', { headers: { authorization: header } });
        expect(response.status, header).toBe(401);
        expect(await response.json()).toEqual({ msg: 'Invalid JWT' });
      }
      const client = new FunctionsClient(functionsUrl(front));
      const { error } = await client.invoke('echo');
      expect(error).toBeInstanceOf(FunctionsHttpError);
    });

    it('accepts the anon key, the service key and a user access token', async () => {
      for (const token of [keys.anonKey, keys.serviceRoleKey, userToken]) {
        expect((await echo('echo', { headers: bearer(token) })).authorization).toBe(`Bearer ${token}`);
      }
    });

    it('lets OPTIONS through without a token, and honours verify_jwt = false', async () => {
      expect((await echo('echo', { method: 'OPTIONS' })).method).toBe('OPTIONS');
      const open = await call('open');
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual({ open: true });
    });
  });

  describe('names', () => {
    it('answers 404 for unknown functions and shared folders', async () => {
      for (const name of ['nope', '_shared', '_shared/deno.ts', '..%2Fecho', '.env']) {
        const response = await call(name, { headers: bearer(keys.anonKey) });
        expect(response.status, name).toBe(404);
        expect(await response.json()).toEqual({
          code: 'NOT_FOUND',
          message: 'Requested function was not found',
        });
      }
    });
  });
});

describe('stop', () => {
  it('ends every function process', async () => {
    const { pid } = await echo();
    const ctx = {
      rootDir: ROOT,
      apiUrl,
      dbUrl: DB_URL,
      keys,
      config: { auth: { siteUrl: SITE_URL }, functions: {} },
    } as unknown as StackContext;
    // A second runner, so stopping it leaves the shared one serving the other tests.
    const own = await createFunctionsService(ctx, { functionsDir: FIXTURES, warm: true });
    const ownApp = new Hono().route('/functions/v1', own.app);
    const response = await ownApp.request('/functions/v1/echo', { headers: bearer(keys.anonKey) });
    const ownPid = ((await response.json()) as Echo).pid;
    expect(ownPid).not.toBe(pid);
    await own.stop();
    expect(isRunning(ownPid)).toBe(false);
    expect(isRunning(pid)).toBe(true);
  });

  it('leaves no function process behind when the runner is killed with SIGKILL', async () => {
    const runner = spawn(process.execPath, ['--import', 'tsx', RUNNER_TO_KILL], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Also after a failure or a timeout: the runner must not outlive the test.
    onTestFinished(() => {
      if (runner.exitCode === null && runner.signalCode === null) runner.kill('SIGKILL');
    });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: runner.stdout }).on('line', (text) => {
        if (text.startsWith('{"functionPid"')) resolve(text);
      });
      runner.once('exit', (code) => reject(new Error(`the runner exited early (${code})`)));
    });
    const { functionPid } = JSON.parse(line) as { functionPid: number };
    expect(isRunning(functionPid)).toBe(true);
    runner.kill('SIGKILL');
    await expect.poll(() => isRunning(functionPid), { timeout: 60_000, interval: 100 }).toBe(false);
  });
});
