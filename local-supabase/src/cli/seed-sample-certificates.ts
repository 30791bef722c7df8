/**
 * On the first start of a database (and after `npm run db:reset`), `npm start` fills it with the
 * sample certificates through the api function, so a fresh product is not empty. A marker file in
 * the data folder records that it happened; db:reset wipes the folder and with it the marker.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR, type StackEnv } from '../stack/state.ts';

const MARKER = 'sample-certificates-seeded';

export function sampleCertificatesSeeded(dataDir: string): boolean {
  return existsSync(path.join(dataDir, MARKER));
}

/** Runs `scripts/seed-certificates.ts` against the running stack; resolves with whether it worked. */
export function seedSampleCertificates(dataDir: string, env: StackEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT_DIR, 'scripts', 'seed-certificates.ts')],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, API_URL: env.API_URL, ANON_KEY: env.ANON_KEY },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Background work at a lower priority (inherited by the sample generator it starts): the stack in
    // this process keeps answering, and Ctrl-C is handled at once even on a busy machine.
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, 10);
    } catch {
      // Not permitted here: it runs at normal priority.
    }
    const prefix = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => `  [samples] ${line}`)
        .join('\n');
    child.stdout.on('data', (chunk: Buffer) => console.log(prefix(chunk)));
    child.stderr.on('data', (chunk: Buffer) => console.error(prefix(chunk)));
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      if (code === 0) writeFileSync(path.join(dataDir, MARKER), `${new Date().toISOString()}\n`);
      resolve(code === 0);
    });
  });
}
