import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HOST_SCRIPT = fileURLToPath(new URL('./host.ts', import.meta.url));

export interface WorkerOptions {
  name: string;
  functionsDir: string;
  /** The deno executable (node_modules/.bin/deno). */
  deno: string;
  env: Record<string, string>;
  /** Milliseconds until a starting function must accept connections. */
  bootTimeout: number;
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
 * exits, the next request starts a fresh one.
 */
export class FunctionWorker {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private starting: Promise<number> | undefined;
  private port: number | undefined;
  private stopped = false;

  constructor(private readonly options: WorkerOptions) {}

  /** The port of a running process, starting one if needed. */
  async ready(): Promise<number> {
    if (this.stopped) throw new BootError('The functions runner is shutting down');
    if (this.port !== undefined && this.child) return this.port;
    this.starting ??= this.boot().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /**
   * The process at `port` refused a connection, so it is gone or going even if its exit has not been
   * reported yet: forget it (and make sure it is gone) so the next `ready()` starts a fresh one.
   */
  async discard(port: number): Promise<void> {
    const child = this.child;
    if (this.port !== port || !child) return;
    this.child = undefined;
    this.port = undefined;
    await this.kill(child);
  }

  /** True while the process that served `port` is still the live one. */
  isAlive(port: number): boolean {
    return this.port === port && this.child !== undefined;
  }

  private denoArgs(port: number): string[] {
    const { functionsDir, name } = this.options;
    const functionDir = path.join(functionsDir, name);
    // A function's own deno.json wins over the shared one, as with the Supabase CLI; a deno.lock beside
    // the chosen config (or the config's "lock" setting) is picked up by Deno itself.
    const config = [path.join(functionDir, 'deno.json'), path.join(functionsDir, 'deno.json')].find((file) =>
      existsSync(file),
    );
    return [
      'run',
      '--no-prompt',
      ...(config ? ['--config', config] : ['--no-config']),
      // Scoped like the hosted runtime (see docs/local-stack-storage-functions.md): network, env and
      // system info for clients such as postgres.js, reads anywhere (Deno's npm cache holds data
      // files like OCR traineddata), writes only to the temp folder, no subprocesses or FFI.
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      `--allow-write=${os.tmpdir()}`,
      // Hosted functions get 256 MB; a function that needs more fails here too.
      '--v8-flags=--max-old-space-size=256',
      HOST_SCRIPT,
      String(port),
      pathToFileURL(path.join(functionDir, 'index.ts')).href,
    ];
  }

  private async boot(): Promise<number> {
    const { name, bootTimeout } = this.options;
    const port = await freePort();
    const started = Date.now();
    const child = spawn(this.options.deno, this.denoArgs(port), {
      cwd: path.join(this.options.functionsDir, name),
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const relay = (stream: NodeJS.ReadableStream | null, write: (line: string) => void) => {
      if (!stream) return;
      createInterface({ input: stream }).on('line', (line) => {
        write(`[functions:${name}] ${line}`);
      });
    };
    relay(child.stdout, (line) => console.log(line));
    relay(child.stderr, (line) => console.error(line));

    // Filled in by the exit listener; an object so the boot loop below rereads it.
    const status: { exitCode?: number | string | null } = {};
    this.child = child;
    this.exited = new Promise((resolve) => {
      const gone = (how: number | string | null) => {
        if (status.exitCode !== undefined) return;
        status.exitCode = how;
        if (this.child === child) {
          this.child = undefined;
          this.port = undefined;
          if (!this.stopped)
            console.error(`[functions:${name}] exited (${how}); it restarts on the next request`);
        }
        resolve();
      };
      // 'close' comes after the output pipes drained, so a failed boot's last words are printed first.
      child.once('close', (code, signal) => gone(code ?? signal));
      // Spawning itself failed (no deno binary): there is no 'exit' then.
      child.once('error', (error) => {
        console.error(`[functions:${name}] could not run deno:`, error.message);
        gone('spawn failed');
      });
    });

    while (!(await accepts(port))) {
      if (status.exitCode !== undefined || this.child !== child) {
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
    const child = this.child;
    if (child) await this.kill(child);
    await this.starting?.catch(() => undefined);
    await this.exited;
  }
}
