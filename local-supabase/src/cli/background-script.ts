/**
 * Runs one of the repository's scripts (`scripts/*.ts`) beside the running stack: at a lower
 * priority, so the stack in this process keeps answering and Ctrl-C is handled at once even on a
 * busy machine, with each output line prefixed by the script's label.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../stack/state.ts';

const running = new Set<ChildProcess>();

/** Ends every background script still running (the stack is stopping; they would only fail). */
export function stopBackgroundScripts(): void {
  for (const child of running) child.kill('SIGTERM');
}

/** Resolves with whether the script exited with 0. */
export function runBackgroundScript(
  script: string,
  label: string,
  env: Record<string, string>,
): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'scripts', script)], {
      cwd: ROOT_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    // Inherited by whatever it starts (the sample generator, for one).
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
        .map((line) => `  [${label}] ${line}`)
        .join('\n');
    child.stdout.on('data', (chunk: Buffer) => console.log(prefix(chunk)));
    child.stderr.on('data', (chunk: Buffer) => console.error(prefix(chunk)));
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
