/** What the engine needs from outside, built once per function instance. */
import { createSql, type Sql } from '../_shared/db.ts';
import { type FunctionEnv, readEnv } from '../_shared/env.ts';
import { StorageClient } from '../_shared/storage.ts';
import { OcrClient } from '../_shared/verification/ocr-client.ts';

export interface EngineDeps {
  env: FunctionEnv;
  sql: Sql;
  storage: StorageClient;
  /** The `ocr` function (tesseract), kept apart for memory and bundle size. */
  ocr: OcrClient;
}

export function createEngineDeps(env: FunctionEnv = readEnv()): EngineDeps {
  return {
    env,
    sql: createSql(env.dbUrl, 2),
    storage: new StorageClient({ supabaseUrl: env.supabaseUrl, apiKey: env.anonKey }),
    ocr: new OcrClient(env.supabaseUrl, env.serviceRoleKey),
  };
}
