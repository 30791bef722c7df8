/** Entry point of the `api` edge function: `<SUPABASE_URL>/functions/v1/api/<path>`. */
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';

Deno.serve(createApp(createDeps()).fetch);
