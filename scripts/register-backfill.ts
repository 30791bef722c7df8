/**
 * Registers every certificate the verification engine has not registered with its current
 * ENGINE_VERSION (older registrations, or one deferred because the engine was busy), in small batches
 * so each request stays within the edge runtime's CPU limit. Safe to re-run.
 *
 * Stack from the environment (API_URL, SERVICE_ROLE_KEY) or, failing that, the one `npm start` is running.
 */
import { defaultDataDir, readRunningState } from '../local-supabase/src/stack/state.ts';

const BATCH = 3;

function stack(): { apiUrl: string; serviceRoleKey: string } {
  if (process.env.API_URL && process.env.SERVICE_ROLE_KEY) {
    return { apiUrl: process.env.API_URL, serviceRoleKey: process.env.SERVICE_ROLE_KEY };
  }
  const state = readRunningState(defaultDataDir());
  if (!state) throw new Error('No stack: start one with `npm start` (or set API_URL and SERVICE_ROLE_KEY).');
  return { apiUrl: state.env.API_URL, serviceRoleKey: state.env.SERVICE_ROLE_KEY };
}

const { apiUrl, serviceRoleKey } = stack();
let registered = 0;
let failed = 0;
for (;;) {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/functions/v1/engine/backfill`, {
    method: 'POST',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: BATCH }),
  });
  if (!response.ok) throw new Error(`backfill answered ${response.status}: ${await response.text()}`);
  const batch = (await response.json()) as { registered: number; failed: number; remaining: number };
  registered += batch.registered;
  failed += batch.failed;
  if (batch.remaining === 0 || batch.registered === 0) {
    console.log(`registered ${registered}, failed ${failed}, left ${batch.remaining}`);
    break;
  }
}
