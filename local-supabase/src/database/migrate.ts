/**
 * Builds the database the way a hosted project gets it: the platform bootstrap (as superuser), then the
 * project's migrations and seed files as `postgres`, which has hosted `postgres`'s rights and no more.
 * Applied migrations are recorded in supabase_migrations.schema_migrations like the Supabase CLI does.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from 'postgres';
import { splitStatements } from './split-statements.ts';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/** True once the bootstrap has been applied (it creates the migration history in the same transaction). */
export async function isBootstrapped(admin: Sql): Promise<boolean> {
  const [row] = await admin<{ exists: boolean }[]>`
    select to_regclass('supabase_migrations.schema_migrations') is not null as exists`;
  return row?.exists === true;
}

/**
 * Applies the platform bootstrap in one transaction, sets every login role's password to its name
 * (local only: the server listens on 127.0.0.1) and creates the migration history owned by postgres.
 */
export async function applyBootstrap(admin: Sql, bootstrapFile: string): Promise<void> {
  if (!existsSync(bootstrapFile))
    throw new MigrationError(`The platform bootstrap ${bootstrapFile} is missing.`);
  const script = await readFile(bootstrapFile, 'utf8');
  try {
    await admin.begin(async (tx) => {
      await tx.unsafe(script);
      const roles = await tx<{ rolname: string }[]>`
        select rolname from pg_roles where rolcanlogin and rolname not like 'pg\\_%'`;
      for (const { rolname } of roles) {
        await tx.unsafe(`alter role ${quoteIdent(rolname)} password ${quoteLiteral(rolname)}`);
      }
      const [postgres] = await tx<{ rolsuper: boolean; rolcanlogin: boolean }[]>`
        select rolsuper, rolcanlogin from pg_roles where rolname = 'postgres'`;
      if (!postgres?.rolcanlogin)
        throw new MigrationError('The bootstrap must create a login role "postgres".');
      if (postgres.rolsuper) {
        throw new MigrationError('The bootstrap made "postgres" a superuser; on hosted Supabase it is not.');
      }
      await tx.unsafe(`
        create schema if not exists supabase_migrations authorization postgres;
        create table if not exists supabase_migrations.schema_migrations (
          version text primary key, statements text[], name text);
        create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
        alter table supabase_migrations.schema_migrations owner to postgres;
        alter table supabase_migrations.seed_files owner to postgres;`);
    });
  } catch (error) {
    if (error instanceof MigrationError) throw error;
    throw new MigrationError(`The platform bootstrap failed: ${describe(error, script)}`);
  }
}

/** The migration files in `dir`, in filename (timestamp) order. Files not named `<digits>_<name>.sql` are skipped. */
export async function listMigrations(
  dir: string,
  warn: (message: string) => void,
): Promise<{ version: string; name: string; file: string }[]> {
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const result = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match?.[1] || !match[2]) {
      warn(`Skipping ${file}: migration files must be named <timestamp>_<name>.sql`);
      continue;
    }
    result.push({ version: match[1], name: match[2], file: path.join(dir, file) });
  }
  return result;
}

/** Applies the migrations not yet recorded, each in its own transaction, as the given (postgres) connection. */
export async function applyMigrations(
  sql: Sql,
  dir: string,
  log: (message: string) => void,
): Promise<string[]> {
  const applied = new Set(
    (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map(
      (r) => r.version,
    ),
  );
  const done: string[] = [];
  for (const migration of await listMigrations(dir, log)) {
    if (applied.has(migration.version)) continue;
    const script = await readFile(migration.file, 'utf8');
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(script);
        await tx`
          insert into supabase_migrations.schema_migrations (version, name, statements)
          values (${migration.version}, ${migration.name}, ${splitStatements(script)})`;
      });
    } catch (error) {
      throw new MigrationError(
        `Migration ${path.basename(migration.file)} failed: ${describe(error, script)}`,
      );
    }
    log(`Applied migration ${path.basename(migration.file)}`);
    done.push(migration.version);
  }
  return done;
}

/** Runs the seed files (each in a transaction) and records them; missing files are reported and skipped. */
export async function applySeed(sql: Sql, files: string[], log: (message: string) => void): Promise<void> {
  for (const file of files) {
    if (!existsSync(file)) {
      log(`Seed file ${file} not found; skipped.`);
      continue;
    }
    const script = await readFile(file, 'utf8');
    const hash = createHash('sha256').update(script).digest('hex');
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(script);
        await tx`
          insert into supabase_migrations.seed_files (path, hash) values (${path.basename(file)}, ${hash})
          on conflict (path) do update set hash = excluded.hash`;
      });
    } catch (error) {
      throw new MigrationError(`Seed ${path.basename(file)} failed: ${describe(error, script)}`);
    }
    log(`Seeded data from ${path.basename(file)}`);
  }
}

/** Postgres's message, with the line it points at when it gives a position. */
function describe(error: unknown, script: string): string {
  if (!(error instanceof Error)) return String(error);
  const pg = error as Error & { position?: string; detail?: string; hint?: string; where?: string };
  let text = pg.message;
  const position = Number(pg.position);
  if (Number.isInteger(position) && position > 0) {
    text += ` (line ${script.slice(0, position - 1).split('\n').length})`;
  }
  if (pg.detail) text += `\n  detail: ${pg.detail}`;
  if (pg.hint) text += `\n  hint: ${pg.hint}`;
  if (pg.where) text += `\n  where: ${pg.where}`;
  return text;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
