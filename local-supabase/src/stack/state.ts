/**
 * `<dataDir>/stack.json`: written by a running stack so `npm run status` (and scripts) can find its
 * URLs and keys; removed when it stops.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isAlive } from '../database/postgres-server.ts';

export const STATE_FILE = 'stack.json';

/** The repository root (this file is local-supabase/src/stack/state.ts). */
export const ROOT_DIR = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export const ENV_KEYS = [
  'API_URL',
  'DB_URL',
  'ANON_KEY',
  'SERVICE_ROLE_KEY',
  'MAILPIT_URL',
  'WEB_URL',
  'JWT_SECRET',
] as const;

export type StackEnv = Record<(typeof ENV_KEYS)[number], string>;

const stateSchema = z.object({
  pid: z.number().int(),
  startedAt: z.string(),
  dataDir: z.string(),
  ports: z.object({ api: z.number(), db: z.number(), mail: z.number(), web: z.number() }),
  env: z.object(
    Object.fromEntries(ENV_KEYS.map((key) => [key, z.string()])) as Record<keyof StackEnv, z.ZodString>,
  ),
});

export type StackState = z.infer<typeof stateSchema>;

/** LOCAL_DATA_DIR, or `<repo>/.local-supabase`. */
export function defaultDataDir(env: Record<string, string | undefined> = process.env): string {
  return env.LOCAL_DATA_DIR ? path.resolve(env.LOCAL_DATA_DIR) : path.join(ROOT_DIR, '.local-supabase');
}

export async function writeState(state: StackState): Promise<void> {
  const file = path.join(state.dataDir, STATE_FILE);
  await writeFile(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

export async function removeState(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, STATE_FILE), { force: true });
}

/** The stack running on `dataDir`, or undefined when none is (a stale file from a killed stack counts as none). */
export function readRunningState(dataDir: string): StackState | undefined {
  const file = path.join(dataDir, STATE_FILE);
  if (!existsSync(file)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const parsed = stateSchema.safeParse(raw);
  if (!parsed.success || !isAlive(parsed.data.pid)) return undefined;
  return parsed.data;
}

/** `KEY="value"` lines, as `supabase status -o env` prints them. */
export function formatEnv(env: StackEnv): string {
  return ENV_KEYS.map((key) => `${key}=${JSON.stringify(env[key])}`).join('\n');
}
