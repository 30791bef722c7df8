/**
 * Stack lifecycle with real Postgres: first start builds the database (bootstrap, migrations as
 * `postgres`, seed), a restart reuses it, db:reset rebuilds it, a bad migration stops the start,
 * and `npm start` stops every part on Ctrl-C and leaves nothing running when killed outright.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { isAlive } from '../src/database/postgres-server.ts';
import { wipeDataDir } from '../src/database/index.ts';
import { startStack, type StartStackOptions } from '../src/stack/start-stack.ts';
import { ROOT_DIR } from '../src/stack/state.ts';
import { spawnCli } from './support/cli.ts';

const MIGRATIONS = readdirSync(path.join(ROOT_DIR, 'supabase', 'migrations')).filter((f) =>
  /^\d+_.+\.sql$/.test(f),
);

let dataDir: string;
const options = (): StartStackOptions => ({
  dataDir,
  ports: { api: 0, db: 0, mail: 0, web: 0 },
  serveWeb: false,
  quiet: true,
  durable: false,
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-test-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('first start, restart and reset', () => {
  it('applies bootstrap, every migration as postgres and the seed on first start', async () => {
    const stack = await startStack(options());
    try {
      const sql = stack.ctx.sql('postgres');
      const [me] = await sql<{ current_user: string; rolsuper: boolean }[]>`
        select current_user, rolsuper from pg_roles where rolname = current_user`;
      expect(me).toEqual({ current_user: 'postgres', rolsuper: false });
      const versions = await sql<{ version: string }[]>`
        select version from supabase_migrations.schema_migrations order by version`;
      expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((f) => f.split('_')[0]).sort());
      // Tables created by migrations belong to the role that ran them: postgres, as on hosted Supabase.
      const owners = await sql<{ tableowner: string }[]>`
        select distinct tableowner from pg_tables where schemaname = 'public'`;
      expect(owners.map((o) => o.tableowner)).toEqual(['postgres']);
      const demo = await sql<{ email: string }[]>`
        select email from auth.users where email like '%@example.com' order by email`;
      expect(demo.map((u) => u.email)).toEqual([
        'admin@example.com',
        'moderator@example.com',
        'user@example.com',
      ]);
      await sql`create table public.lifecycle_probe (id int primary key)`;
      await sql`insert into public.lifecycle_probe values (42)`;
      expect(JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')).env.API_URL).toBe(
        stack.env.API_URL,
      );
    } finally {
      await stack.stop();
    }
    expect(existsSync(path.join(dataDir, 'stack.json'))).toBe(false);
  });

  it('reuses the data, keys and history on restart without seeding again', async () => {
    const anonBefore = JSON.parse(readFileSync(path.join(dataDir, 'keys.json'), 'utf8')).anonKey;
    const stack = await startStack(options());
    try {
      const sql = stack.ctx.sql('postgres');
      expect(await sql`select id from public.lifecycle_probe`).toEqual([{ id: 42 }]);
      const [counted] = await sql<{ count: number }[]>`
        select count(*)::int as count from supabase_migrations.schema_migrations`;
      expect(counted?.count).toBe(MIGRATIONS.length);
      const [admins] = await sql<{ admins: number }[]>`
        select count(*)::int as admins from auth.users where email = 'admin@example.com'`;
      expect(admins?.admins).toBe(1);
      expect(stack.env.ANON_KEY).toBe(anonBefore);
    } finally {
      await stack.stop();
    }
  });

  it('keeps keys.json private', () => {
    expect(readFileSync(path.join(dataDir, 'keys.json'), 'utf8')).toContain('jwtSecret');
    expect(statSync(path.join(dataDir, 'keys.json')).mode & 0o777).toBe(0o600);
  });

  it('db:reset rebuilds from migrations and seed but keeps the keys', async () => {
    const anonBefore = JSON.parse(readFileSync(path.join(dataDir, 'keys.json'), 'utf8')).anonKey;
    await wipeDataDir(dataDir);
    expect(readdirSync(dataDir)).toEqual(['keys.json']);
    const stack = await startStack(options());
    try {
      const sql = stack.ctx.sql('postgres');
      const [probe] = await sql`select to_regclass('public.lifecycle_probe') as probe`;
      expect(probe?.probe).toBeNull();
      const [seeded] = await sql<{ users: number }[]>`
        select count(*)::int as users from auth.users where email like '%@example.com'`;
      expect(seeded?.users).toBe(3);
      expect(stack.env.ANON_KEY).toBe(anonBefore);
    } finally {
      await stack.stop();
    }
  });
});

describe('migration errors', () => {
  let projectDir: string;
  let scratch: string;

  beforeAll(async () => {
    projectDir = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-project-'));
    scratch = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-data-'));
    // The project's config without its auth hook: these migrations do not create the hook's function.
    const config = await readFile(path.join(ROOT_DIR, 'supabase', 'config.toml'), 'utf8');
    await writeFile(
      path.join(projectDir, 'config.toml'),
      config.replace(/\[auth\.hook\.before_user_created\][^[]*/, ''),
    );
    await mkdir(path.join(projectDir, 'migrations'));
    await mkdir(path.join(projectDir, 'functions'));
    await writeFile(
      path.join(projectDir, 'migrations', '20000101000000_ok.sql'),
      'create table public.ok (id int);\n',
    );
    // Allowed for a superuser, refused for hosted `postgres`: proves migrations do not run as superuser.
    await writeFile(
      path.join(projectDir, 'migrations', '20000101000100_needs_owner.sql'),
      'create table public.fine (id int);\n\nalter table auth.users add column nickname text;\n',
    );
  });

  afterAll(async () => {
    await rm(projectDir, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  });

  it('stops the start naming the file and Postgres message, and keeps what succeeded', async () => {
    const attempt = startStack({ ...options(), dataDir: scratch, projectDir });
    await expect(attempt).rejects.toThrow(
      /20000101000100_needs_owner\.sql failed: must be owner of table users/,
    );
    expect(existsSync(path.join(scratch, 'stack.json'))).toBe(false);

    // The good migration stays applied; the failed one left nothing behind and is retried next time.
    await writeFile(path.join(projectDir, 'migrations', '20000101000100_needs_owner.sql'), 'select 1;\n');
    const stack = await startStack({ ...options(), dataDir: scratch, projectDir });
    try {
      const sql = stack.ctx.sql('postgres');
      const rows = await sql<{ version: string }[]>`
        select version from supabase_migrations.schema_migrations order by version`;
      expect(rows.map((r) => r.version)).toEqual(['20000101000000', '20000101000100']);
      const [fine] = await sql`select to_regclass('public.fine') as fine`;
      expect(fine?.fine).toBeNull();
    } finally {
      await stack.stop();
    }
  });
});

/** `npm start` on a fresh data folder, resolved once it says it is up, killed when the test ends. */
async function startCli(home: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawnCli('start', {
    LOCAL_DATA_DIR: home,
    LOCAL_API_PORT: '0',
    LOCAL_DB_PORT: '0',
    LOCAL_MAIL_PORT: '0',
    LOCAL_WEB_PORT: '0',
    // Not the sample seeding (first-start.test.ts covers it): it generates files into the checkout's
    // .local-supabase/sample-certificates when they are missing there, and outlives a SIGINT sent to
    // npm start alone (a terminal's Ctrl-C reaches the whole process group, this test's does not).
    LOCAL_SEED_CERTIFICATES: '0',
  });
  // Runs however the test ends, a timeout included (a `finally` does not run when vitest gives up on
  // a test): a stack left running holds Postgres and the function processes.
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(home, { recursive: true, force: true });
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Press Ctrl-C to stop')) {
        clearInterval(timer);
        resolve();
      }
      if (child.exitCode !== null || child.signalCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start exited early:\n${output}`));
      }
    }, 100);
  });
  return { child, output: () => output };
}

function postmasterPid(home: string): number {
  return Number(readFileSync(path.join(home, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('npm start', () => {
  it('stops Postgres and every server on Ctrl-C', { timeout: 240_000 }, async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-cli-'));
    const started = await startCli(home);
    const child = started.child;
    for (const account of ['admin@example.com', 'moderator@example.com', 'user@example.com', 'password123']) {
      expect(started.output()).toContain(account);
    }
    const state = JSON.parse(readFileSync(path.join(home, 'stack.json'), 'utf8'));
    const postmaster = postmasterPid(home);
    expect(isAlive(postmaster)).toBe(true);
    expect((await fetch(`${state.env.WEB_URL}/`)).ok).toBe(true);

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(path.join(home, 'stack.json'))).toBe(false);
    await expect(fetch(`${state.env.API_URL}/`)).rejects.toThrow();
    await expect(fetch(`${state.env.MAILPIT_URL}/`)).rejects.toThrow();
  });

  it(
    'leaves no Postgres or function process behind when killed with SIGKILL',
    { timeout: 240_000 },
    async () => {
      const home = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-kill-'));
      const child = (await startCli(home)).child;
      const postmaster = postmasterPid(home);
      // Every function is booted before "up": its Deno processes are children of npm start.
      const functions = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((line) => line.includes('host.ts'))
        .map((line) => Number(line.trim().split(/\s+/)[0]));
      expect(functions.length).toBeGreaterThan(0);
      const leftovers = () => [postmaster, ...functions].filter(isAlive);
      expect(leftovers()).toHaveLength(functions.length + 1);

      child.kill('SIGKILL');
      await expect.poll(leftovers, { timeout: 60_000, interval: 200 }).toEqual([]);
    },
  );
});
