/** Runs the stack's CLI entry points (`npm start`, `npm run status`) as child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../src/stack/state.ts';

export function cliPath(name: 'start' | 'status' | 'db-reset'): string {
  return path.join(ROOT_DIR, 'local-supabase', 'src', 'cli', `${name}.ts`);
}

/**
 * Node with tsx's loader, in one process. Not the `tsx` command (what the npm scripts run): that is a
 * second process which relays a SIGINT to the script and, if the script does not acknowledge it within
 * 30 ms, kills it with SIGKILL and exits 130. On a busy machine that happened to the Ctrl-C test's
 * `npm start` (exit 130, Postgres left running), so a signal here goes straight to the script.
 */
export function spawnCli(
  name: 'start' | 'status' | 'db-reset',
  env: Record<string, string | undefined>,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', cliPath(name)], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
}

/** Runs a CLI to completion. */
export function runCli(
  name: 'start' | 'status' | 'db-reset',
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(name, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
