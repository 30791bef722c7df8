/** Entry point of the `api` edge function: `<SUPABASE_URL>/functions/v1/api/<path>`. */
import { createApp } from './app.ts';
import { reconcileInBackground } from './certificates/reconcile.ts';
import { createDeps } from './deps.ts';

const deps = createDeps();
// A previous instance may have died between an upload's storage write and its row.
reconcileInBackground(deps.sql, deps.storage, deps.env.serviceRoleKey);
Deno.serve(createApp(deps).fetch);
