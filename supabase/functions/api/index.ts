/** Entry point of the `api` edge function: `<SUPABASE_URL>/functions/v1/api/<path>`. */
import { survivePostgresSocketRaces } from '../_shared/db-crash-guard.ts';
import { createApp } from './app.ts';
import { reconcileInBackground } from './certificates/reconcile.ts';
import { createDeps } from './deps.ts';

const deps = createDeps();
// A previous instance may have died between an upload's storage write and its row.
reconcileInBackground(deps.sql, deps.storage, deps.env.serviceRoleKey);
survivePostgresSocketRaces();
Deno.serve(createApp(deps).fetch);
