import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mainThreadCpuMs, type FunctionLimits } from './limits.ts';

const HOST_SCRIPT = fileURLToPath(new URL('./host.ts', import.meta.url));

export interface WorkerOptions {
  name: string;
  functionsDir: string;
  /** The function's entry module (`<functionsDir>/<name>/index.ts` unless config.toml says otherwise). */
  entrypoint: string;
  /** deno.json or import map the function runs with; none means `--no-config`. */
  config: string | undefined;
  /** The deno executable (node_modules/.bin/deno). */
  deno: string;
  env: Record<string, string>;
  /** Milliseconds until a starting function must accept connections. */
  bootTimeout: number;
  limits: FunctionLimits;
}

/** How often the runner samples a running function's CPU time and memory. */
const SAMPLE_MS = 25;
const RUNNER_LINE = '@@local-functions-runner ';
/** V8's last words when the heap limit (--max-old-space-size) is reached. */
const V8_OUT_OF_MEMORY = /Fatal JavaScript out of memory|JavaScript heap out of memory/;

/** One request in flight, with the share of the function's CPU time charged to it so far. */
export interface Ticket {
  cpuMs: number;
  /** Set when the process was ended for a resource limit while this request was in flight. */
  limit?: string;
  /** The request is over: stop charging it. */
  finish(): void;
  /** After a failed request: waits (briefly) for the process's fate and returns the limit it hit, if any. */
  limitHit(): Promise<string | undefined>;
}

/** One process of the function, from spawn to exit. */
interface Generation {
  child: ChildProcess;
  inflight: Set<Ticket>;
  lastCpuMs: number | undefined;
  sampler: NodeJS.Timeout | undefined;
  /** The limit that ended this process, once it did. */
  limit?: string;
  exited: Promise<void>;
}

/**
 * Deno flags for a function's config: a deno.json(c) is a config (imports, compiler options, a deno.lock
 * beside it); any other file named by `import_map` in config.toml is a plain import map, as the Supabase
 * CLI reads it; none runs without a config (Deno would otherwise pick up a deno.json above the folder).
 */
export function configArgs(config: string | undefined): string[] {
  if (config === undefined) return ['--no-config'];
  return /^deno\.jsonc?$/.test(path.basename(config))
    ? ['--config', config]
    : ['--no-config', '--import-map', config];
}

/** A function that did not come up: syntax error, failed import, no Deno.serve, timeout. */
export class BootError extends Error {}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One Deno process serving one function, started on demand. Concurrent requests share it; if it
 * exits, the next request starts a fresh one. While it runs, the runner samples its CPU time and
 * memory and ends it (SIGKILL) when a request goes over a limit, as the edge runtime ends a worker.
 */
export class FunctionWorker {
  private gen: Generation | undefined;
  private starting: Promise<number> | undefined;
  private port: number | undefined;
  private stopped = false;

  constructor(private readonly options: WorkerOptions) {}

  /** The port of a running process, starting one if needed. */
  async ready(): Promise<number> {
    if (this.stopped) throw new BootError('The functions runner is shutting down');
    if (this.port !== undefined && this.gen) return this.port;
    this.starting ??= this.boot().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /**
   * Counts a request against the process now serving `port`: its share of the CPU time (split evenly
   * between the requests in flight at each sample) and its wall clock.
   */
  track(port: number): Ticket {
    const gen = this.port === port ? this.gen : undefined;
    const { wallClockMs } = this.options.limits;
    const ticket: Ticket = {
      cpuMs: 0,
      finish: () => {
        clearTimeout(wall);
        if (gen && gen.inflight.has(ticket)) {
          // Charge the last stretch before letting go.
          this.sample(gen);
          gen.inflight.delete(ticket);
        }
      },
      limitHit: async () => {
        if (ticket.limit || !gen) return ticket.limit;
        // A crash's cause (V8 out of memory) is known once the process has exited, which follows the
        // crash within milliseconds; a live process (a stale keep-alive connection) costs this wait.
        await Promise.race([gen.exited, delay(500)]);
        return ticket.limit;
      },
    };
    const wall = setTimeout(
      () => this.exceed(gen, `a request ran longer than the wall-clock limit of ${wallClockMs / 1000} s`),
      wallClockMs,
    );
    wall.unref();
    if (gen) {
      // An idle process is not sampled: the first request after a pause starts from the current
      // reading, so nothing the process did while idle is charged to it.
      if (gen.inflight.size === 0) gen.lastCpuMs = mainThreadCpuMs(gen.child.pid ?? -1);
      gen.inflight.add(ticket);
    }
    return ticket;
  }

  /**
   * The process at `port` refused a connection, so it is gone or going even if its exit has not been
   * reported yet: forget it (and make sure it is gone) so the next `ready()` starts a fresh one.
   */
  async discard(port: number): Promise<void> {
    const gen = this.gen;
    if (this.port !== port || !gen) return;
    this.forget(gen);
    await this.kill(gen.child);
  }

  /** True while the process that served `port` is still the live one. */
  isAlive(port: number): boolean {
    return this.port === port && this.gen !== undefined;
  }

  private forget(gen: Generation): void {
    if (this.gen !== gen) return;
    this.gen = undefined;
    this.port = undefined;
  }

  /** Charges the CPU time used since the last sample to the requests in flight; checks memory. */
  private sample(gen: Generation): void {
    const pid = gen.child.pid;
    if (pid === undefined || gen.limit || gen.inflight.size === 0) return;
    const { cpuMs: cpuLimit } = this.options.limits;
    const cpu = mainThreadCpuMs(pid);
    if (cpu !== undefined) {
      const used = gen.lastCpuMs === undefined ? 0 : cpu - gen.lastCpuMs;
      gen.lastCpuMs = cpu;
      if (used > 0) {
        const share = used / gen.inflight.size;
        for (const ticket of gen.inflight) ticket.cpuMs += share;
        const worst = Math.max(...[...gen.inflight].map((t) => t.cpuMs));
        if (worst > cpuLimit) {
          this.exceed(
            gen,
            `a request used ${Math.round(worst)} ms of CPU time, over the limit of ${cpuLimit} ms`,
          );
          return;
        }
      }
    }
  }

  /** Ends the process for a resource limit; its requests in flight answer 546 WORKER_LIMIT. */
  private exceed(gen: Generation | undefined, reason: string): void {
    if (!gen || gen.limit) return;
    this.markLimit(gen, reason);
    this.forget(gen);
    gen.child.kill('SIGKILL');
  }

  private markLimit(gen: Generation, reason: string): void {
    if (gen.limit) return;
    gen.limit = reason;
    for (const ticket of gen.inflight) ticket.limit = reason;
    console.error(`[functions:${this.options.name}] stopped: ${reason} (WORKER_LIMIT)`);
  }

  private denoArgs(port: number): string[] {
    const { config, entrypoint, limits } = this.options;
    return [
      'run',
      '--no-prompt',
      ...configArgs(config),
      // Scoped like the hosted runtime (see docs/local-stack-storage-functions.md): network, env and
      // system info for clients such as postgres.js, reads anywhere (Deno's npm cache holds data
      // files like OCR traineddata), writes only to the temp folder, no subprocesses or FFI.
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      `--allow-write=${os.tmpdir()}`,
      // The heap part of the memory limit: V8 itself stops a function whose heap outgrows it. Memory
      // outside the heap (buffers, WebAssembly) is watched by the sampler.
      `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
      HOST_SCRIPT,
      String(port),
      pathToFileURL(entrypoint).href,
      String(limits.memoryMb * 1024 * 1024),
    ];
  }

  private async boot(): Promise<number> {
    const { name, bootTimeout } = this.options;
    const port = await freePort();
    const started = Date.now();
    const child = spawn(this.options.deno, this.denoArgs(port), {
      cwd: path.dirname(this.options.entrypoint),
      env: this.options.env,
      // stdin is a pipe nobody writes to: it closes when the runner dies, however it dies (even
      // SIGKILL), and host.ts exits then, so a killed stack leaves no function process behind.
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Filled in by the exit listener; an object so the boot loop below rereads it.
    const status: { exitCode?: number | string | null } = {};
    let resolveExit: () => void = () => {};
    const gen: Generation = {
      child,
      inflight: new Set(),
      lastCpuMs: undefined,
      sampler: undefined,
      exited: new Promise<void>((resolve) => {
        resolveExit = resolve;
      }),
    };
    this.gen = gen;

    if (child.stdout) {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith(RUNNER_LINE)) {
          const report = JSON.parse(line.slice(RUNNER_LINE.length)) as { memoryBytes?: number };
          if (report.memoryBytes !== undefined) {
            const mb = Math.round(report.memoryBytes / 1024 / 1024);
            this.exceed(
              gen,
              `it used ${mb} MB of memory (heap and external buffers), over the limit of ${this.options.limits.memoryMb} MB`,
            );
          }
          return;
        }
        console.log(`[functions:${name}] ${line}`);
      });
    }
    if (child.stderr) {
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (V8_OUT_OF_MEMORY.test(line)) {
          this.markLimit(
            gen,
            `its JavaScript heap outgrew the memory limit of ${this.options.limits.memoryMb} MB`,
          );
        }
        console.error(`[functions:${name}] ${line}`);
      });
    }

    const gone = (how: number | string | null) => {
      if (status.exitCode !== undefined) return;
      status.exitCode = how;
      clearInterval(gen.sampler);
      if (this.gen === gen) {
        this.forget(gen);
        if (!this.stopped)
          console.error(`[functions:${name}] exited (${how}); it restarts on the next request`);
      }
      resolveExit();
    };
    // 'close' comes after the output pipes drained, so a failed boot's last words are printed first.
    child.once('close', (code, signal) => gone(code ?? signal));
    // Spawning itself failed (no deno binary): there is no 'exit' then.
    child.once('error', (error) => {
      console.error(`[functions:${name}] could not run deno:`, error.message);
      gone('spawn failed');
    });

    while (!(await accepts(port))) {
      if (status.exitCode !== undefined || this.gen !== gen) {
        // Its output has been relayed already; the runner logs only this summary.
        throw new BootError(`${name} exited during boot (${status.exitCode})`);
      }
      if (Date.now() - started > bootTimeout) {
        await this.kill(child);
        throw new BootError(`${name} did not listen within ${bootTimeout} ms (does it call Deno.serve?)`);
      }
      await delay(50);
    }
    console.log(`[functions:${name}] serving (booted in ${Date.now() - started} ms)`);
    gen.sampler = setInterval(() => this.sample(gen), SAMPLE_MS);
    gen.sampler.unref();
    this.port = port;
    return port;
  }

  private async kill(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  }

  /** Stops the process (SIGTERM, then SIGKILL after 3 s) and waits until it has been reaped. */
  async stop(): Promise<void> {
    this.stopped = true;
    const gen = this.gen;
    if (gen) await this.kill(gen.child);
    await this.starting?.catch(() => undefined);
    await gen?.exited;
  }
}
