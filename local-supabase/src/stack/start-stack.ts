/**
 * Starts the whole local stand-in in this process: Postgres, the API gateway with auth, storage and
 * functions, the mail outbox and (optionally) the web app. `npm start`, the test scripts and the
 * contract tests all use this.
 */
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { cp, mkdir } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createAuthService } from '../auth/index.ts';
import { loadConfig } from '../config/index.ts';
import { LocalDatabase } from '../database/index.ts';
import { createFunctionsService, installFunctions } from '../functions/index.ts';
import { limitsFromEnv } from '../functions/limits.ts';
import { createGatewayListener } from '../gateway/index.ts';
import { loadOrCreateKeys } from '../keys/index.ts';
import { LocalMailOutbox } from '../mail/outbox.ts';
import { createMailApp } from '../mail/server.ts';
import { createStorageService } from '../storage/index.ts';
import { buildWebApp, createWebApp, webBuildIsStale } from '../web-server/index.ts';
import {
  ROOT_DIR,
  defaultDataDir,
  readRunningState,
  removeState,
  writeState,
  type StackEnv,
} from './state.ts';
import type { StackContext, StackPorts } from './types.ts';

export interface StartStackOptions {
  /** Per-port overrides; 0 picks a free port. Unset ports come from LOCAL_*_PORT (0 = free), then config.toml. */
  ports?: Partial<StackPorts>;
  /** Defaults to LOCAL_DATA_DIR, then `<repo>/.local-supabase`. */
  dataDir?: string;
  /** Variables read instead of process.env for the LOCAL_* settings. */
  env?: Record<string, string | undefined>;
  /** Serve the web app (building it first if needed). Default true. */
  serveWeb?: boolean;
  /** Print nothing but errors. Default false. */
  quiet?: boolean;
  /** The folder with config.toml, migrations/, seed.sql and functions/. Default `<repo>/supabase`. */
  projectDir?: string;
  /** False for throwaway stacks: Postgres skips fsync. Default true. */
  durable?: boolean;
  /**
   * Serve a copy of web/dist taken at start (in the data folder), so a rebuild during a test run
   * cannot swap the assets under the browser. Default false: a developer's stack serves the live build.
   */
  snapshotWeb?: boolean;
  /**
   * Cache every function's dependencies (`deno install`) and boot it before reporting ready (`npm start`
   * and test stacks do). Default false: each function starts on its first request.
   */
  warmFunctions?: boolean;
}

export interface RunningStack {
  ctx: StackContext;
  env: StackEnv;
  stop(): Promise<void>;
  /** Immediate teardown for a second Ctrl-C: kills child processes without waiting. */
  kill(): void;
}

const PORT_NAMES: Record<keyof StackPorts, string> = { api: 'API', db: 'DB', mail: 'MAIL', web: 'WEB' };

/** A port nobody listens on right now (on 127.0.0.1). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function assertPortFree(port: number, name: keyof StackPorts): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${PORT_NAMES[name]}) is already in use. Is another stack running? ` +
                `Pick another port with LOCAL_${PORT_NAMES[name]}_PORT.`
            : `Cannot listen on 127.0.0.1:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

async function listen(app: Hono | RequestListener, port: number): Promise<Server> {
  const server = createServer(typeof app === 'function' ? app : getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

async function close(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts a stack and resolves once every part answers. On failure everything started so far is stopped
 * again and the error (with a message meant for a person) is rethrown.
 */
export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const env = options.env ?? process.env;
  const quiet = options.quiet ?? false;
  const log = (message: string) => {
    if (!quiet) console.log(message);
  };
  const projectDir = options.projectDir ?? path.join(ROOT_DIR, 'supabase');
  const loaded = loadConfig(projectDir, env);
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir(env));

  const running = readRunningState(dataDir);
  if (running) {
    throw new Error(
      `A stack is already running on ${dataDir} (pid ${running.pid}). Stop it first, or set LOCAL_DATA_DIR for a second stack.`,
    );
  }

  const ports = { ...loaded.ports };
  const serveWeb = options.serveWeb ?? true;
  const picked = new Set<keyof StackPorts>();
  for (const name of Object.keys(ports) as (keyof StackPorts)[]) {
    const requested = options.ports?.[name] ?? ports[name];
    ports[name] = requested === 0 ? await freePort() : requested;
    if (requested === 0) picked.add(name);
  }
  await Promise.all(
    (Object.keys(ports) as (keyof StackPorts)[])
      .filter((name) => name !== 'web' || serveWeb)
      .map(async (name) => {
        // A port picked for us can be taken by another process (a parallel test stack) before we
        // bind it: pick again rather than fail; a port the user chose must be free as it is.
        for (let attempt = 1; picked.has(name) && attempt < 5; attempt++) {
          try {
            return await assertPortFree(ports[name], name);
          } catch {
            ports[name] = await freePort();
          }
        }
        await assertPortFree(ports[name], name);
      }),
  );

  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const webUrl = `http://127.0.0.1:${ports.web}`;
  const mailUrl = `http://127.0.0.1:${ports.mail}`;
  const project = structuredClone(loaded.project);
  // Auth only redirects to allowed URLs; a stack whose web app moved to another port must allow it.
  const site = new URL(project.auth.siteUrl);
  if (['127.0.0.1', 'localhost'].includes(site.hostname) && Number(site.port || 80) !== ports.web) {
    project.auth.siteUrl = webUrl;
    project.auth.additionalRedirectUrls = [...project.auth.additionalRedirectUrls, `${webUrl}/**`];
  }

  const keys = await loadOrCreateKeys(dataDir, project.projectId, `${apiUrl}/auth/v1`);
  const database = new LocalDatabase({
    dataDir,
    port: ports.db,
    migrationsDir: path.join(projectDir, 'migrations'),
    seedFiles: loaded.seed.enabled ? loaded.seed.paths : [],
    durable: options.durable ?? true,
    log,
  });
  const outbox = new LocalMailOutbox(dataDir, (line) => console.log(`[mail] ${line}`));

  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('While stopping:', error);
      }
    }
  };

  try {
    const webDir = path.join(ROOT_DIR, 'web');
    const webBuild =
      serveWeb && (await webBuildIsStale(webDir))
        ? (log('Building the web app (web/dist is missing or older than its sources)...'),
          buildWebApp(ROOT_DIR, (line) => console.error(`[web build] ${line}`)))
        : Promise.resolve();
    // Keep a failed build from being an unhandled rejection while the database starts.
    webBuild.catch(() => undefined);

    // The functions' dependencies download beside Postgres's start (no database needed for that).
    const functionsDir = path.join(projectDir, 'functions');
    const installing = options.warmFunctions
      ? installFunctions({ rootDir: ROOT_DIR, functionsDir, functions: project.functions, log })
      : Promise.resolve();
    installing.catch(() => undefined);

    cleanups.push(() => database.stop());
    cleanups.push(() => installing);
    await database.start();

    const ctx: StackContext = {
      rootDir: ROOT_DIR,
      dataDir,
      ports,
      apiUrl,
      webUrl,
      mailUrl,
      dbUrl: database.url('postgres'),
      config: project,
      keys,
      mail: outbox,
      sql: (role) => database.sql(role),
    };

    cleanups.push(() => outbox.flush());
    const mailServer = await listen(createMailApp(outbox), ports.mail);
    cleanups.push(() => close(mailServer));

    const auth = await createAuthService(ctx);
    cleanups.push(() => auth.stop());
    const storage = await createStorageService(ctx);
    cleanups.push(() => storage.stop());
    // Dependencies are cached and every function booted before the stack reports ready, so the first
    // request (and the sample seeding after a first start) does not wait for npm or a cold boot.
    await installing;
    const functions = await createFunctionsService(ctx, {
      functionsDir,
      warm: options.warmFunctions ?? false,
      waitForBoot: options.warmFunctions ?? false,
      limits: limitsFromEnv(env),
      log,
    });
    cleanups.push(() => functions.stop());

    const gateway = await listen(createGatewayListener({ auth, storage, functions }), ports.api);
    cleanups.push(() => close(gateway));

    await webBuild;
    if (serveWeb) {
      let distDir = path.join(webDir, 'dist');
      if (options.snapshotWeb) {
        const snapshot = path.join(dataDir, 'web-dist');
        await cp(distDir, snapshot, { recursive: true });
        distDir = snapshot;
      }
      const web = await listen(
        createWebApp(distDir, { supabaseUrl: apiUrl, supabaseAnonKey: keys.anonKey }),
        ports.web,
      );
      cleanups.push(() => close(web));
    }

    const stackEnv: StackEnv = {
      API_URL: apiUrl,
      DB_URL: ctx.dbUrl,
      ANON_KEY: keys.anonKey,
      SERVICE_ROLE_KEY: keys.serviceRoleKey,
      MAILPIT_URL: mailUrl,
      WEB_URL: serveWeb ? webUrl : '',
      JWT_SECRET: keys.jwtSecret,
    };
    await writeState({
      pid: process.pid,
      startedAt: new Date().toISOString(),
      dataDir,
      ports,
      env: stackEnv,
    });
    cleanups.push(() => removeState(dataDir));

    let stopping: Promise<void> | undefined;
    return {
      ctx,
      env: stackEnv,
      stop: () => (stopping ??= stopAll()),
      kill: () => {
        database.kill();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
