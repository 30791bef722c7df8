/**
 * SQL to Postgres over SUPABASE_DB_URL, with row-level security applied exactly as PostgREST does:
 * every unit of work runs in a transaction that first switches to the caller's role (`anon` or
 * `authenticated`) and publishes the verified JWT claims, so `auth.uid()` and the policies decide.
 */
import postgres from 'postgres';
import type { Caller } from './auth.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

export function createSql(url: string, max = 5): Sql {
  return postgres(url, {
    // Transaction-mode poolers (Supavisor on hosted) cannot keep prepared statements.
    prepare: false,
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    connection: { application_name: 'edge-function-api' },
    onnotice: () => {},
  });
}

/** Runs `work` in one transaction as the caller, under RLS. */
export async function asCaller<T>(sql: Sql, caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  const role = caller.kind === 'user' ? 'authenticated' : 'anon';
  const claims = caller.kind === 'user' ? caller.claims : { role: 'anon' };
  const sub = caller.kind === 'user' ? caller.userId : '';
  const result = await sql.begin(async (tx) => {
    await tx`
      select set_config('role', ${role}, true),
             set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
             set_config('request.jwt.claim.sub', ${sub}, true),
             set_config('request.jwt.claim.role', ${role}, true)`;
    return await work(tx);
  });
  return result as T;
}
