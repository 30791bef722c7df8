/** Entry point of the `ocr` function: `<SUPABASE_URL>/functions/v1/ocr/<path>` (service role only). */
import { readEnv } from '../_shared/env.ts';
import { createOcrApp } from './app.ts';
import { warmOcr } from '../_shared/ocr/tesseract.ts';

// The OCR engine and its model are made ready before serving, not on (and charged to) a first request.
await warmOcr();
Deno.serve(createOcrApp(readEnv().serviceRoleKey));
