/**
 * The Edge Functions runner of the local stand-in, mounted at /functions/v1: each function
 * `<functionsDir>/<name>/index.ts` runs in its own Deno process (started on its first request),
 * and `/functions/v1/<name>/rest?q` is proxied to it as `/<name>/rest?q`, as the Supabase CLI's
 * main worker does. See docs/local-stack-storage-functions.md.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { basePath } from 'hono/route';
import type { FunctionConfig, FunctionsService, StackContext } from '../stack/types.ts';
import { readSecrets } from './env.ts';
import { limitsFromEnv, type FunctionLimits } from './limits.ts';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  forward,
  outcomeResponse,
  runnerAnswer,
  tooLarge,
  writeOutcome,
  type FunctionCall,
  type Outcome,
} from './proxy.ts';
import { BootError, configArgs, FunctionWorker } from './worker.ts';

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

/** Where a function's code and config are, resolved the way the Supabase CLI resolves them. */
export interface FunctionLayout {
  entrypoint: string;
  /** deno.json(c) or import map; undefined when the function has none (then Deno runs without one). */
  config: string | undefined;
  /** Glob patterns of static files deployed with it (absolute). */
  staticFiles: string[];
}

/**
 * The CLI's precedence (`supabase functions serve|deploy`): `import_map` from config.toml, else the
 * function's own deno.json, else its deno.jsonc, else `functions/import_map.json`. There is no fallback
 * to `functions/deno.json`: a function that needs it names it with `import_map`, so what runs here is
 * what deploys. The entrypoint is `entrypoint` from config.toml, else `<name>/index.ts`.
 */
export function functionLayout(
  functionsDir: string,
  name: string,
  config: { importMap?: string; entrypoint?: string; staticFiles?: string[] } | undefined,
): FunctionLayout {
  const dir = path.join(functionsDir, name);
  const candidates = [
    config?.importMap,
    path.join(dir, 'deno.json'),
    path.join(dir, 'deno.jsonc'),
    path.join(functionsDir, 'import_map.json'),
  ];
  return {
    entrypoint: config?.entrypoint ?? path.join(dir, 'index.ts'),
    config: config?.importMap ?? candidates.find((file) => file !== undefined && existsSync(file)),
    staticFiles: config?.staticFiles ?? [],
  };
}

// Folder names starting with '_' hold shared code, not functions (as with the Supabase CLI).
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/**
 * Inherited so Deno finds its npm cache and can reach the registry on a first run: proxies, a custom
 * registry, and the certificate authorities npm and Node are told to trust.
 */
const PASSED_ENV = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'DENO_DIR',
  'XDG_CACHE_HOME',
  'NPM_CONFIG_REGISTRY',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];

const notFound = () => runnerAnswer(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
const internalError = () => runnerAnswer(500, { code: 'INTERNAL_ERROR', message: 'Internal Server Error' });

/** The function a target (`/<name>/rest?q`) names, decoded as a route parameter is. */
function functionName(target: string): string | undefined {
  const segment = /^\/([^/?#]+)/.exec(target)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const inheritedEnv = (): Record<string, string> =>
  Object.fromEntries(
    PASSED_ENV.flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key] as string]])),
  );

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
  const names = (await readdir(options.functionsDir)).filter(
    (name) =>
      FUNCTION_NAME.test(name) &&
      options.functions[name]?.enabled !== false &&
      existsSync(functionLayout(options.functionsDir, name, options.functions[name]).entrypoint),
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
  const isFunction = (name: string) =>
    FUNCTION_NAME.test(name) &&
    ctx.config.functions[name]?.enabled !== false &&
    existsSync(layoutOf(name).entrypoint);

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

  /** verify_jwt as the edge runtime applies it: a valid HS256 key or ES256 access token as Bearer. */
  async function rejectUnauthorised(call: FunctionCall, name: string): Promise<Outcome | undefined> {
    if (call.method === 'OPTIONS' || ctx.config.functions[name]?.verifyJwt === false) return undefined;
    const header = call.headers.authorization;
    if (!header) return runnerAnswer(401, { msg: 'Error: Missing authorization header' });
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    try {
      if (!match?.[1]) throw new Error('not a Bearer token');
      await ctx.keys.verify(match[1]);
      return undefined;
    } catch {
      return runnerAnswer(401, { msg: 'Invalid JWT' });
    }
  }

  /** One request, whichever server received it: name, verify_jwt and body size checks, then the function. */
  async function dispatch(call: FunctionCall): Promise<Outcome> {
    const name = functionName(call.target);
    if (name === undefined || !isFunction(name)) return notFound();
    const denied = await rejectUnauthorised(call, name);
    if (denied) return denied;
    const declared = Number(call.headers['content-length'] ?? 0);
    if (declared > limits.maxBodyBytes) return tooLarge(limits.maxBodyBytes);
    const worker = workerFor(name);
    // A process that just crashed may not have reported its exit yet: a request that finds its pooled
    // connection closed tries a new one, and one that finds the process gone meets a fresh process.
    // Only for safe methods without a body (a body would be half-read by then).
    const replayable = ['GET', 'HEAD', 'OPTIONS'].includes(call.method) && !call.body;
    const attempts = replayable ? 3 : 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let port: number;
      try {
        port = await worker.ready();
      } catch (error) {
        if (!(error instanceof BootError)) throw error;
        console.error(`[functions:${name}] boot failed: ${error.message}`);
        return runnerAnswer(503, {
          code: 'BOOT_ERROR',
          message: 'Function failed to start (please check logs)',
        });
      }
      const outcome = await forward(call, {
        port,
        agent,
        ticket: worker.track(port),
        maxBodyBytes: limits.maxBodyBytes,
      });
      if (typeof outcome === 'object') return outcome;
      if (outcome === 'refused') await worker.discard(port);
    }
    return runnerAnswer(
      503,
      {
        code: 'WORKER_ERROR',
        message: 'The function is not running; it is started again on the next request, please retry.',
      },
      { 'Retry-After': '1' },
    );
  }

  /** The runner as a Hono app (tests, and chunked bodies the gateway has buffered). */
  async function handle(c: Context): Promise<Response> {
    const request = c.req.raw;
    // The gateway strips /functions/v1 (base path '/'); a Hono mount keeps it (base path '/functions/v1').
    const base = basePath(c).replace(/\/+$/, '');
    const url = new URL(request.url);
    const headers: http.IncomingHttpHeaders = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const body = request.body ? Readable.fromWeb(request.body as WebReadableStream<Uint8Array>) : undefined;
    const outcome = await dispatch({
      method: request.method,
      target: url.pathname.slice(base.length) + url.search,
      headers,
      body,
      onAbort: (listener) => request.signal.addEventListener('abort', listener),
      discardBody: () => body?.destroy(),
    });
    return outcomeResponse(outcome);
  }

  /**
   * The runner straight on node:http, for the gateway: the request stream is piped to the function and
   * its answer piped back, without fetch Request/Response objects and web streams in between.
   */
  function serveNode(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    forwarded: { target: string; headers: http.IncomingHttpHeaders },
  ): void {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    dispatch({
      method: req.method ?? 'GET',
      target: forwarded.target,
      headers: forwarded.headers,
      body: hasBody ? req : undefined,
      onAbort: (listener) =>
        res.once('close', () => {
          if (!res.writableFinished) listener();
        }),
      // Read and dropped, so the connection can carry the next request.
      discardBody: () => {
        req.unpipe();
        req.resume();
      },
    }).then(
      (outcome) => writeOutcome(res, outcome),
      (error: unknown) => {
        console.error('[functions] request failed:', error);
        writeOutcome(res, internalError());
      },
    );
  }

  const app = new Hono();
  app.all('/:name', handle);
  app.all('/:name/*', handle);
  app.notFound(() => outcomeResponse(notFound()));
  app.onError((error) => {
    console.error('[functions] request failed:', error);
    return outcomeResponse(internalError());
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
