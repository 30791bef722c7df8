/**
 * A functions runner in a process of its own, for the test that kills it with SIGKILL: it starts the
 * fixture `echo` function, prints the function process's pid as one JSON line, and waits to be killed.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { createFunctionsService } from '../../src/functions/index.ts';
import { loadOrCreateKeys } from '../../src/keys/index.ts';
import type { StackContext } from '../../src/stack/types.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/functions', import.meta.url));
const API_URL = 'http://127.0.0.1:9';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'runner-to-kill-'));
const keys = await loadOrCreateKeys(dataDir, 'runner-to-kill', `${API_URL}/auth/v1`);
const ctx = {
  rootDir: ROOT,
  dataDir,
  apiUrl: API_URL,
  dbUrl: 'postgresql://postgres:postgres@127.0.0.1:5/postgres',
  keys,
  config: { auth: { siteUrl: 'http://127.0.0.1:3000' }, functions: {} },
} as unknown as StackContext;
const service = await createFunctionsService(ctx, { functionsDir: FIXTURES });
const app = new Hono().route('/functions/v1', service.app);
const response = await app.request('/functions/v1/echo', {
  headers: { authorization: `Bearer ${keys.anonKey}` },
});
if (!response.ok) {
  console.error(`echo answered ${response.status}: ${await response.text()}`);
  await service.stop();
  process.exit(1);
}
const { pid } = (await response.json()) as { pid: number };
console.log(JSON.stringify({ functionPid: pid }));
setInterval(() => {}, 60_000);
