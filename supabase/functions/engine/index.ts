/** Entry point of the `engine` function: `<SUPABASE_URL>/functions/v1/engine/<path>` (service role only). */
import { survivePostgresSocketRaces } from '../_shared/db-crash-guard.ts';
import { createEngineApp } from './app.ts';
import { createEngineDeps } from './deps.ts';

survivePostgresSocketRaces();
Deno.serve(createEngineApp(createEngineDeps()));
