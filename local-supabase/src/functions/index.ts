/**
 * The Edge Functions runner of the local stand-in, mounted at /functions/v1: each function
 * `<functionsDir>/<name>/index.ts` runs in its own Deno process (started on its first request),
 * and `/functions/v1/<name>/rest?q` is proxied to it as `/<name>/rest?q`, as the Supabase CLI's
 * main worker does. See docs/local-stack-storage-functions.md.
 *
 * This file wires the parts: layout.ts (which folders are functions), install.ts (dependencies before
 * serving), routing.ts and proxy.ts (requests), worker.ts (one supervised process per function),
 * limits.ts (the hosted limits), env.ts (what a function process sees).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FunctionsService, StackContext } from '../stack/types.ts';
import { inheritedEnv, readSecrets } from './env.ts';
import { installFunctions } from './install.ts';
import { functionLayout, isServedFunction } from './layout.ts';
import { limitsFromEnv, type FunctionLimits } from './limits.ts';
import { createRouter } from './routing.ts';
import { FunctionWorker } from './worker.ts';

export { installFunctions } from './install.ts';
export { functionLayout, type FunctionLayout } from './layout.ts';

export interface FunctionsOptions {
  /** `<repo>/supabase/functions` normally; a fixtures folder in tests. */
  functionsDir: string;
  /** Start every function right away instead of on its first request. */
  warm?: boolean;
  /**
   * Before serving, download and cache every function's dependencies (`deno install --entrypoint`
   * with the function's config and lock file), so no first request waits for npm.
   */
  install?: boolean;
  /** With `warm`: resolve only once every function has booted (or failed to). */
  waitForBoot?: boolean;
  /** Progress messages (quiet stacks pass nothing). */
  log?: (message: string) => void;
  /** Milliseconds a function may take to listen; the first run may fetch npm packages. */
  bootTimeout?: number;
  /** Resource limits; unset ones come from LOCAL_FUNCTIONS_* variables, then the hosted defaults. */
  limits?: Partial<FunctionLimits>;
}

export async function createFunctionsService(
  ctx: StackContext,
  options: FunctionsOptions,
): Promise<FunctionsService> {
  const functionsDir = path.resolve(options.functionsDir);
  const limits: FunctionLimits = { ...limitsFromEnv(), ...options.limits };
  const deno = path.join(ctx.rootDir, 'node_modules', '.bin', 'deno');
  if (!existsSync(deno)) throw new Error(`Deno is missing (${deno}); run npm install.`);
  const workers = new Map<string, FunctionWorker>();
  const agent = new http.Agent({ keepAlive: true });

  // Read once, like `supabase functions serve`: restart the stack after editing the file.
  const secrets = readSecrets(path.join(functionsDir, '.env'), (message) =>
    console.warn(`[functions] ${message}`),
  );
  const childEnv = (): Record<string, string> => {
    return {
      ...inheritedEnv(),
      DENO_NO_UPDATE_CHECK: '1',
      // Plain log lines: they are prefixed with the function's name and may end up in files.
      NO_COLOR: '1',
      // The web app's address, for links the functions write (a hosted project sets it as a secret).
      SITE_URL: ctx.config.auth.siteUrl,
      ...secrets,
      SUPABASE_URL: ctx.apiUrl,
      SUPABASE_ANON_KEY: ctx.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
      SUPABASE_DB_URL: ctx.dbUrl,
    };
  };

  const layoutOf = (name: string) => functionLayout(functionsDir, name, ctx.config.functions[name]);
  const isFunction = (name: string) => isServedFunction(functionsDir, name, ctx.config.functions);

  const workerFor = (name: string) => {
    let worker = workers.get(name);
    if (!worker) {
      const layout = layoutOf(name);
      worker = new FunctionWorker({
        name,
        functionsDir,
        entrypoint: layout.entrypoint,
        config: layout.config,
        deno,
        env: childEnv(),
        bootTimeout: options.bootTimeout ?? 60_000,
        limits,
      });
      workers.set(name, worker);
    }
    return worker;
  };

  const { app, serveNode } = createRouter({
    keys: ctx.keys,
    limits,
    agent,
    isFunction,
    verifiesJwt: (name) => ctx.config.functions[name]?.verifyJwt !== false,
    workerFor,
  });

  let stopping = false;
  if (options.install) {
    await installFunctions({
      rootDir: ctx.rootDir,
      functionsDir,
      functions: ctx.config.functions,
      ...(options.log ? { log: options.log } : {}),
    });
  }
  if (options.warm) {
    const boots = (await readdir(functionsDir)).filter(isFunction).map((entry) =>
      workerFor(entry)
        .ready()
        .catch((error: unknown) => {
          if (!stopping) console.error(`[functions:${entry}] warm start failed:`, error);
        }),
    );
    // A stack that installed first is meant to serve at once: it waits for the boots too.
    if (options.install || options.waitForBoot) await Promise.all(boots);
  }

  return {
    app,
    serveNode,
    async stop() {
      stopping = true;
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
      agent.destroy();
    },
  };
}
