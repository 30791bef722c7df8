/** Everything the routes need from the outside world, built once per function instance. */
import { AuthAdminClient } from '../_shared/auth-admin.ts';
import { createTokenVerifier, type TokenVerifier } from '../_shared/auth.ts';
import { createSql, type Sql } from '../_shared/db.ts';
import { type FunctionEnv, readEnv } from '../_shared/env.ts';
import { rateLimitOverrides, type RateLimitOverrides } from '../_shared/rate-limit.ts';
import { StorageClient } from '../_shared/storage.ts';
import { EngineClient } from './verification/engine-client.ts';

export interface AppDeps {
  env: FunctionEnv;
  sql: Sql;
  verifyToken: TokenVerifier;
  storage: StorageClient;
  authAdmin: AuthAdminClient;
  /** The `engine` function: registration and comparison of certificate pages. */
  engine: EngineClient;
  /** RATE_LIMIT_* overrides of the rate limits kept in Postgres (see _shared/rate-limit.ts). */
  rateLimits: RateLimitOverrides;
}

export function createDeps(env: FunctionEnv = readEnv()): AppDeps {
  return {
    env,
    sql: createSql(env.dbUrl),
    verifyToken: createTokenVerifier({
      supabaseUrl: env.supabaseUrl,
      issuer: env.jwtIssuer,
      publicKeys: env.publicKeys,
    }),
    storage: new StorageClient({ supabaseUrl: env.supabaseUrl, apiKey: env.anonKey }),
    authAdmin: new AuthAdminClient(env.supabaseUrl, env.serviceRoleKey),
    engine: new EngineClient(env.supabaseUrl, env.serviceRoleKey),
    rateLimits: rateLimitOverrides((name) => Deno.env.get(name)),
  };
}
