/**
 * `npm run reconcile [-- --grace-seconds N]`: the upload reconciliation by hand (see
 * certificates/reconcile.ts). Against SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY / SUPABASE_DB_URL, or
 * API_URL / SERVICE_ROLE_KEY / DB_URL, or else the local stack running on LOCAL_DATA_DIR
 * (default .local-supabase). Not imported by the function, so not deployed with it.
 */
import { createSql } from '../_shared/db.ts';
import { StorageClient } from '../_shared/storage.ts';
import { DEFAULT_GRACE_SECONDS, reconcileUploads } from './certificates/reconcile.ts';

function settings(): { url: string; key: string; db: string } {
  const url = Deno.env.get('SUPABASE_URL') ?? Deno.env.get('API_URL');
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? Deno.env.get('SERVICE_ROLE_KEY');
  const db = Deno.env.get('SUPABASE_DB_URL') ?? Deno.env.get('DB_URL');
  if (url && key && db) return { url, key, db };
  const dataDir =
    Deno.env.get('LOCAL_DATA_DIR') ?? new URL('../../../.local-supabase', import.meta.url).pathname;
  const state = JSON.parse(Deno.readTextFileSync(`${dataDir}/stack.json`)) as {
    env: { API_URL: string; SERVICE_ROLE_KEY: string; DB_URL: string };
  };
  return { url: state.env.API_URL, key: state.env.SERVICE_ROLE_KEY, db: state.env.DB_URL };
}

const flag = Deno.args.indexOf('--grace-seconds');
const grace = flag === -1 ? DEFAULT_GRACE_SECONDS : Number(Deno.args[flag + 1]);
if (!Number.isFinite(grace) || grace < 0) {
  console.error('usage: npm run reconcile [-- --grace-seconds N]');
  Deno.exit(2);
}
const { url, key, db } = settings();
const sql = createSql(db, 1);
try {
  const report = await reconcileUploads(
    sql,
    new StorageClient({ supabaseUrl: url, apiKey: key }),
    key,
    grace,
  );
  console.log(JSON.stringify({ graceSeconds: grace, ...report }, null, 2));
} finally {
  await sql.end();
}
