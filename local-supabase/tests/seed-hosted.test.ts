/**
 * supabase/seed.sql on a database like a new hosted project's, where `postgres` may not write
 * auth.identities (that right comes from a default privilege new projects may not grant): the seed
 * still succeeds, and the demo accounts sign in.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../src/stack/start-stack.ts';
import { ROOT_DIR } from '../src/stack/state.ts';

const SEED = readFileSync(path.join(ROOT_DIR, 'supabase', 'seed.sql'), 'utf8');
const DEMO_EMAILS = ['admin@example.com', 'moderator@example.com', 'user@example.com'];

let dataDir: string;
let stack: RunningStack;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'seed-hosted-test-'));
  stack = await startStack({
    dataDir,
    ports: { api: 0, db: 0, mail: 0, web: 0 },
    serveWeb: false,
    quiet: true,
    durable: false,
  });
});

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function identities(): Promise<number> {
  const admin = stack.ctx.sql('supabase_admin');
  const [row] = await admin<{ count: number }[]>`
    select count(*)::int as count from auth.identities i join auth.users u on u.id = i.user_id
    where u.email = any(${DEMO_EMAILS})`;
  return row?.count ?? -1;
}

it('writes an email identity per demo account where postgres may', async () => {
  expect(await identities()).toBe(3);
});

it('succeeds without the auth.identities privilege, and the accounts sign in', async () => {
  const admin = stack.ctx.sql('supabase_admin');
  await admin`revoke all on auth.identities from postgres`;
  await admin`delete from auth.users where email = any(${DEMO_EMAILS})`;
  const postgres = stack.ctx.sql('postgres');
  const [privilege] = await postgres<{ allowed: boolean }[]>`
    select has_table_privilege('auth.identities', 'insert') as allowed`;
  expect(privilege?.allowed).toBe(false);

  await postgres.unsafe(SEED);

  expect(await identities()).toBe(0);
  const [users] = await admin<{ count: number }[]>`
    select count(*)::int as count from auth.users where email = any(${DEMO_EMAILS})`;
  expect(users?.count).toBe(3);
  const response = await fetch(`${stack.env.API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.env.ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    access_token: expect.any(String),
    user: { email: 'admin@example.com' },
  });
});
