/** Entry point of the `ocr` function: `<SUPABASE_URL>/functions/v1/ocr/<path>` (service role only). */
import { readEnv } from '../_shared/env.ts';
import { createOcrApp } from './app.ts';

Deno.serve(createOcrApp(readEnv().serviceRoleKey));
