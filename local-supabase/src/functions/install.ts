/** `deno install` of every function's dependencies before a stack serves (see installFunctions). */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FunctionConfig } from '../stack/types.ts';
import { inheritedEnv } from './env.ts';
import { functionLayout, isServedFunction } from './layout.ts';
import { configArgs } from './worker.ts';

/**
 * Downloads and caches every function's dependencies: `deno install --entrypoint <entry>` with the
 * function's config, so against its lock file. Needs no running stack, so a start runs it beside
 * Postgres. A failure is logged (the function's first request then fetches what is missing).
 */
export async function installFunctions(options: {
  rootDir: string;
  functionsDir: string;
  functions: Record<string, FunctionConfig>;
  log?: (message: string) => void;
}): Promise<void> {
  const deno = path.join(options.rootDir, 'node_modules', '.bin', 'deno');
  const names = (await readdir(options.functionsDir)).filter((name) =>
    isServedFunction(options.functionsDir, name, options.functions),
  );
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const layout = functionLayout(options.functionsDir, name, options.functions[name]);
          const began = performance.now();
          const child = spawn(
            deno,
            ['install', '--quiet', ...configArgs(layout.config), '--entrypoint', layout.entrypoint],
            {
              cwd: path.dirname(layout.entrypoint),
              env: { ...inheritedEnv(), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
              stdio: ['ignore', 'ignore', 'pipe'],
            },
          );
          createInterface({ input: child.stderr }).on('line', (line) =>
            console.error(`[functions:${name}] install: ${line}`),
          );
          child.once('error', (error) => {
            console.error(`[functions:${name}] could not run deno install: ${error.message}`);
            resolve();
          });
          child.once('close', (code) => {
            const seconds = ((performance.now() - began) / 1000).toFixed(1);
            if (code === 0) options.log?.(`[functions:${name}] dependencies cached (${seconds} s)`);
            else
              console.error(
                `[functions:${name}] installing its dependencies failed (exit ${code}, ${seconds} s)`,
              );
            resolve();
          });
        }),
    ),
  );
}
