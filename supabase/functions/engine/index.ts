/** Entry point of the `engine` function: `<SUPABASE_URL>/functions/v1/engine/<path>` (service role only). */
import { createEngineApp } from './app.ts';
import { createEngineDeps } from './deps.ts';

Deno.serve(createEngineApp(createEngineDeps()).fetch);
