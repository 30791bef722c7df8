/**
 * The stack's Postgres: creates the cluster on first start, applies bootstrap, migrations and seed,
 * and hands out one connection pool per role.
 */
import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres, { type Sql } from 'postgres';
import type { DatabaseRole } from '../stack/types.ts';
import { applyBootstrap, applyMigrations, applySeed, isBootstrapped } from './migrate.ts';
import { PostgresServer } from './postgres-server.ts';

export { MigrationError } from './migrate.ts';

export const BOOTSTRAP_FILE = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));

/** Files in the data folder that survive `db:reset`. */
const KEPT_ON_RESET = new Set(['keys.json']);
const SEED_PENDING = '.seed-pending';

export interface DatabaseOptions {
  dataDir: string;
  port: number;
  /** supabase/migrations of the project. */
  migrationsDir: string;
  seedFiles: string[];
  /** False for throwaway stacks (no fsync). */
  durable: boolean;
  log: (message: string) => void;
}

export class LocalDatabase {
  private readonly server: PostgresServer;
  private readonly pools = new Map<DatabaseRole, Sql>();

  constructor(private readonly options: DatabaseOptions) {
    this.server = new PostgresServer({
      clusterDir: path.join(options.dataDir, 'postgres'),
      port: options.port,
      logFile: path.join(options.dataDir, 'postgres.log'),
      durable: options.durable,
    });
  }

  /** `postgresql://<role>:<role>@127.0.0.1:<port>/postgres` (passwords equal role names locally). */
  url(role: DatabaseRole = 'postgres'): string {
    return `postgresql://${role}:${role}@127.0.0.1:${this.options.port}/postgres`;
  }

  /**
   * Starts Postgres. A new cluster gets the bootstrap, all migrations and the seed; an existing one
   * only the migrations it has not seen yet.
   */
  async start(): Promise<void> {
    const { dataDir, log } = this.options;
    const seedPending = path.join(dataDir, SEED_PENDING);
    if (!this.server.isInitialised) {
      log('Creating the database cluster (first start)...');
      await this.server.initialise();
      await writeFile(seedPending, '');
    }
    await this.server.start();
    try {
      const admin = this.sql('supabase_admin');
      if (!(await isBootstrapped(admin))) {
        await applyBootstrap(admin, BOOTSTRAP_FILE);
        log('Applied the platform bootstrap');
      }
      // Fresh pools: the bootstrap may just have set the passwords.
      await this.endPools();
      const owner = this.sql('postgres');
      await applyMigrations(owner, this.options.migrationsDir, log);
      if (existsSync(seedPending)) {
        await applySeed(owner, this.options.seedFiles, log);
        await rm(seedPending);
      }
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** A lazily created pool logged in as `role`. */
  sql(role: DatabaseRole): Sql {
    let pool = this.pools.get(role);
    if (!pool) {
      pool = postgres({
        host: '127.0.0.1',
        port: this.options.port,
        database: 'postgres',
        username: role,
        password: role,
        max: 10,
        idle_timeout: 30,
        connect_timeout: 10,
        onnotice: () => undefined,
        connection: { application_name: `local-supabase (${role})` },
      });
      this.pools.set(role, pool);
    }
    return pool;
  }

  async stop(): Promise<void> {
    await this.endPools();
    await this.server.stop();
  }

  /** Immediate shutdown for a second Ctrl-C. */
  kill(): void {
    this.server.kill();
  }

  private async endPools(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.end({ timeout: 5 })));
  }
}

/** Deletes everything in the data folder except the keys, so the next start rebuilds the database. */
export async function wipeDataDir(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return;
  for (const entry of await readdir(dataDir)) {
    if (!KEPT_ON_RESET.has(entry)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
}
