/** Entry point of the `engine` function: `<SUPABASE_URL>/functions/v1/engine/<path>` (service role only). */
import { survivePostgresSocketRaces } from '../_shared/db-crash-guard.ts';
import { createEngineApp } from './app.ts';
import { createEngineDeps } from './deps.ts';
import { openCv } from '../_shared/verification/opencv.ts';

survivePostgresSocketRaces();
// OpenCV's WebAssembly is made ready before serving: lazily, its 0.45 s of CPU went to the first
// request of every new instance, and a request retried after a CPU stop went over the limit again.
await openCv();
Deno.serve(createEngineApp(createEngineDeps()));
