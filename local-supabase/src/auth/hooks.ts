/**
 * Supabase Auth hooks implemented as Postgres functions (`pg-functions://postgres/<schema>/<function>`),
 * read from config.toml's `[auth.hook.<name>]` the way the Supabase CLI reads them. Only the hook the
 * product uses is supported: before_user_created, called before a new user is inserted with
 * `{ metadata: { uuid, time, name, ip_address }, user }`; an answer `{ error: { http_code, message } }`
 * refuses the sign-up with that status and message, anything else lets it through.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Sql } from 'postgres';
import { parse as parseToml } from 'smol-toml';
import { AuthError } from './errors.ts';

export interface PostgresHook {
  schema: string;
  name: string;
}

export interface AuthHooks {
  beforeUserCreated: PostgresHook | null;
}

const PG_FUNCTION_URI = /^pg-functions:\/\/[^/]+\/([A-Za-z_][A-Za-z0-9_]*)\/([A-Za-z_][A-Za-z0-9_]*)$/;

/** The enabled Postgres hooks of `<projectDir>/config.toml`; none when the file or section is absent. */
export function readAuthHooks(configFile: string): AuthHooks {
  if (!existsSync(configFile)) return { beforeUserCreated: null };
  const toml = parseToml(readFileSync(configFile, 'utf8')) as {
    auth?: { hook?: Record<string, { enabled?: boolean; uri?: string }> };
  };
  const section = toml.auth?.hook?.before_user_created;
  if (!section?.enabled || !section.uri) return { beforeUserCreated: null };
  const match = PG_FUNCTION_URI.exec(section.uri);
  const [, schema, name] = match ?? [];
  if (!schema || !name) {
    throw new Error(
      `[auth.hook.before_user_created] uri must be pg-functions://postgres/<schema>/<function> (got ${section.uri}); HTTP hooks are not supported locally`,
    );
  }
  return { beforeUserCreated: { schema, name } };
}

/** Fails at start when a configured hook's function does not exist, as a sign-up would. */
export async function checkHooks(sql: Sql, hooks: AuthHooks): Promise<void> {
  const hook = hooks.beforeUserCreated;
  if (!hook) return;
  const [row] = await sql<{ found: string | null }[]>`
    select to_regprocedure(${`${hook.schema}.${hook.name}(jsonb)`})::text as found`;
  if (!row?.found) {
    throw new Error(
      `Auth hook before_user_created: function ${hook.schema}.${hook.name}(jsonb) does not exist`,
    );
  }
}

const hookError = (status: ContentfulStatusCode, message: string) =>
  new AuthError(status, status === 429 ? 'over_request_rate_limit' : 'unexpected_failure', message);

/** Runs before_user_created as supabase_auth_admin; throws the hook's error when it refuses. */
export async function runBeforeUserCreated(
  sql: Sql,
  hooks: AuthHooks,
  input: { ip: string; user: Record<string, unknown> },
): Promise<void> {
  const hook = hooks.beforeUserCreated;
  if (!hook) return;
  const payload = {
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: 'before-user-created',
      ip_address: input.ip,
    },
    user: input.user,
  };
  const [row] = await sql<{ answer: unknown }[]>`
    select ${sql(hook.schema)}.${sql(hook.name)}(${sql.json(payload as never)}::jsonb) as answer`;
  const answer = row?.answer as { error?: { http_code?: unknown; message?: unknown } } | null | undefined;
  const error = answer?.error;
  if (!error) return;
  const status =
    typeof error.http_code === 'number' &&
    Number.isInteger(error.http_code) &&
    error.http_code >= 400 &&
    error.http_code <= 599
      ? (error.http_code as ContentfulStatusCode)
      : 400;
  throw hookError(status, typeof error.message === 'string' ? error.message : 'Sign-up refused by a hook');
}
