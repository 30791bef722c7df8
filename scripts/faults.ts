/**
 * The `faults` suite (`npm run test:faults`): crash tests that need a stack of their own, because
 * they kill its processes. Starts a throwaway stack in this process, plus a control endpoint on
 * 127.0.0.1 (FAULTS_CONTROL_URL) through which a test can restart Postgres; runs the Deno tests in
 * supabase/functions/api/faults/ against it; stops everything, including a restarted Postgres.
 *
 * By hand: `npx tsx scripts/faults.ts bulk-issue` runs only the fault files whose names contain an
 * argument; FAULTS_TIMEOUT_MINUTES (default 7) allows a long run, e.g. BULK_FAULT_N=200.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isAlive, PostgresServer } from '../local-supabase/src/database/postgres-server.ts';
import { startTestStack, testSuiteEnv } from '../local-supabase/src/stack/test-stack.ts';
import { readdir, readFile } from 'node:fs/promises';
import { ROOT, run } from './suites.ts';

const FAULTS_DIR = 'supabase/functions/api/faults';
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const only = process.argv.slice(2);

async function main(): Promise<number> {
  const stack = await startTestStack({ serveWeb: false, quiet: true, env: testSuiteEnv() });
  let restarted: PostgresServer | undefined;
  const clusterDir = path.join(stack.dataDir, 'postgres');
  const port = Number(new URL(stack.env.DB_URL).port);

  /** Fast shutdown (open connections get 57P01), `downMs` of nothing listening, then a fresh start. */
  async function restartPostgres(downMs: number): Promise<void> {
    const pid = Number((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    if (restarted) await restarted.stop();
    else process.kill(pid, 'SIGINT');
    for (let i = 0; i < 200 && isAlive(pid); i++) await delay(50);
    await delay(downMs);
    restarted = new PostgresServer({
      clusterDir,
      port,
      logFile: path.join(stack.dataDir, 'postgres.log'),
      durable: false,
    });
    await restarted.start();
  }

  /** The function processes this stack runs: children of this process running the runner's host.ts. */
  async function functionPids(): Promise<number[]> {
    const pids: number[] = [];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== process.pid) continue;
        const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
        if (cmdline.includes('host.ts')) pids.push(Number(entry));
      } catch {
        // Gone meanwhile.
      }
    }
    return pids.sort((a, b) => a - b);
  }

  const control = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    if (request.method === 'GET' && url.pathname === '/processes') {
      functionPids().then(
        (functions) =>
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ runner: process.pid, functions })),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    if (request.method !== 'POST' || url.pathname !== '/restart-postgres') {
      response.writeHead(404).end();
      return;
    }
    restartPostgres(Number(url.searchParams.get('downMs') ?? 0)).then(
      () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"restarted":true}'),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  try {
    const deno = path.join(ROOT, 'node_modules', '.bin', 'deno');
    const files = (await readdir(path.join(ROOT, FAULTS_DIR)))
      .filter((name) => name.endsWith('.fault.ts'))
      .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
      .map((name) => path.join(FAULTS_DIR, name));
    return await run(
      [deno, 'test', '--allow-all', '--config', 'supabase/functions/deno.json', ...files],
      { ...process.env, ...stack.env, FAULTS_CONTROL_URL: controlUrl },
      Number(process.env.FAULTS_TIMEOUT_MINUTES ?? 7),
    );
  } finally {
    control.close();
    await restarted?.stop();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`faults: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
