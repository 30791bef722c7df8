/**
 * Reads supabase/config.toml (the Supabase CLI's format) into the stack's ProjectConfig, plus the
 * local-only settings (ports, seed files). Environment variables override what a test stack needs to change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { parseGoDuration } from '../auth/duration.ts';
import type { ProjectConfig, StackPorts } from '../stack/types.ts';

const port = z.number().int().min(1).max(65535);
const positiveInt = z.number().int().positive();

/** Go-style durations as the CLI writes them ("60s", "1m30s", "1h"); a bare number means seconds. */
const duration = z.union([
  z.number().int().nonnegative(),
  z.string().refine((value) => {
    try {
      return parseGoDuration(value) >= 0;
    } catch {
      return false;
    }
  }, 'expected a duration like "60s", "5m" or "1h"'),
]);

/** Sizes as the CLI writes them ("50MiB", "10MB", "512KiB"); a bare number means bytes. */
const size = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+(\.\d+)?\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i, 'expected a size like "50MiB"'),
]);

const configSchema = z.object({
  project_id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/i, 'use letters, digits, "-" and "_"'),
  api: z.object({ port }).default({ port: 54321 }),
  db: z
    .object({
      port: port.default(54322),
      major_version: z.literal(17, { error: 'the local stack runs Postgres 17' }).default(17),
      seed: z
        .object({
          enabled: z.boolean().default(true),
          sql_paths: z.array(z.string().min(1)).default(['./seed.sql']),
        })
        .default({ enabled: true, sql_paths: ['./seed.sql'] }),
    })
    .default({ port: 54322, major_version: 17, seed: { enabled: true, sql_paths: ['./seed.sql'] } }),
  inbucket: z.object({ port }).default({ port: 54324 }),
  auth: z.object({
    site_url: z.url(),
    additional_redirect_urls: z.array(z.string().min(1)).default([]),
    jwt_expiry: positiveInt.max(604800).default(3600),
    enable_signup: z.boolean().default(true),
    enable_refresh_token_rotation: z.boolean().default(true),
    refresh_token_reuse_interval: z.number().int().nonnegative().default(10),
    minimum_password_length: positiveInt.default(6),
    email: z
      .object({
        enable_signup: z.boolean().default(true),
        enable_confirmations: z.boolean().default(true),
        max_frequency: duration.default('60s'),
        otp_expiry: positiveInt.default(3600),
      })
      .prefault({}),
    rate_limit: z
      .object({
        email_sent: positiveInt.default(30),
        sign_in_sign_ups: positiveInt.default(30),
        token_refresh: positiveInt.default(150),
        token_verifications: positiveInt.default(30),
      })
      .prefault({}),
  }),
  storage: z.object({ file_size_limit: size.default('50MiB') }).prefault({}),
  functions: z
    .record(
      z.string().regex(/^[a-z0-9][a-z0-9_-]*$/i),
      z
        .object({
          enabled: z.boolean().default(true),
          verify_jwt: z.boolean().default(true),
          import_map: z.string().min(1).optional(),
          entrypoint: z.string().min(1).optional(),
          static_files: z.array(z.string().min(1)).default([]),
        })
        // A key the CLI knows but this stack does not would be silently ignored: refuse it instead.
        .strict(),
    )
    .default({}),
});

/** Everything the local stack reads from config.toml. */
export interface LoadedConfig {
  project: ProjectConfig;
  /** Default ports (the CLI's), before LOCAL_*_PORT overrides. */
  ports: StackPorts;
  seed: { enabled: boolean; /** Absolute paths, in order. */ paths: string[] };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment overrides a test or second dev stack may set (documented in docs/local-stack.md). */
/** 0 asks for any free port. */
const envPort = z.coerce.number().int().min(0).max(65535).optional();

const envSchema = z.object({
  LOCAL_API_PORT: envPort,
  LOCAL_DB_PORT: envPort,
  LOCAL_MAIL_PORT: envPort,
  LOCAL_WEB_PORT: envPort,
  LOCAL_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: z.coerce.number().pipe(positiveInt).optional(),
  LOCAL_AUTH_RATE_LIMIT_EMAIL_SENT: z.coerce.number().pipe(positiveInt).optional(),
  LOCAL_AUTH_RATE_LIMIT_TOKEN_REFRESH: z.coerce.number().pipe(positiveInt).optional(),
  LOCAL_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: z.coerce.number().pipe(positiveInt).optional(),
  LOCAL_AUTH_EMAIL_MAX_FREQUENCY: z.coerce.number().int().nonnegative().optional(),
});

export type EnvOverrides = z.infer<typeof envSchema>;

/** Validates the LOCAL_* variables; empty strings count as unset. */
export function parseEnvOverrides(env: Record<string, string | undefined>): EnvOverrides {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(relevant);
  if (!result.success) throw new ConfigError(`Invalid environment variable: ${describeIssues(result.error)}`);
  return result.data;
}

/**
 * Loads `<projectDir>/config.toml` and applies the LOCAL_* overrides from `env`.
 * Throws ConfigError naming the file and the offending key.
 */
export function loadConfig(
  projectDir: string,
  env: Record<string, string | undefined> = process.env,
): LoadedConfig {
  const file = path.join(projectDir, 'config.toml');
  let raw: unknown;
  try {
    raw = parseToml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = configSchema.safeParse(raw);
  if (!result.success) throw new ConfigError(`Invalid ${file}: ${describeIssues(result.error)}`);
  const toml = result.data;
  const overrides = parseEnvOverrides(env);

  const project: ProjectConfig = {
    configFile: file,
    projectId: toml.project_id,
    auth: {
      siteUrl: toml.auth.site_url,
      additionalRedirectUrls: toml.auth.additional_redirect_urls,
      jwtExpiry: toml.auth.jwt_expiry,
      enableSignup: toml.auth.enable_signup,
      enableRefreshTokenRotation: toml.auth.enable_refresh_token_rotation,
      refreshTokenReuseInterval: toml.auth.refresh_token_reuse_interval,
      minimumPasswordLength: toml.auth.minimum_password_length,
      email: {
        enableSignup: toml.auth.email.enable_signup,
        enableConfirmations: toml.auth.email.enable_confirmations,
        maxFrequency:
          overrides.LOCAL_AUTH_EMAIL_MAX_FREQUENCY ?? parseDuration(toml.auth.email.max_frequency),
        otpExpiry: toml.auth.email.otp_expiry,
      },
      rateLimit: {
        emailSent: overrides.LOCAL_AUTH_RATE_LIMIT_EMAIL_SENT ?? toml.auth.rate_limit.email_sent,
        signInSignUps:
          overrides.LOCAL_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS ?? toml.auth.rate_limit.sign_in_sign_ups,
        tokenRefresh: overrides.LOCAL_AUTH_RATE_LIMIT_TOKEN_REFRESH ?? toml.auth.rate_limit.token_refresh,
        tokenVerifications:
          overrides.LOCAL_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS ?? toml.auth.rate_limit.token_verifications,
      },
    },
    storage: { fileSizeLimit: parseSize(toml.storage.file_size_limit) },
    functions: Object.fromEntries(
      Object.entries(toml.functions).map(([name, fn]) => [
        name,
        {
          enabled: fn.enabled,
          verifyJwt: fn.verify_jwt,
          // Relative to the supabase/ folder, as the CLI resolves them.
          ...(fn.import_map ? { importMap: path.resolve(projectDir, fn.import_map) } : {}),
          ...(fn.entrypoint ? { entrypoint: path.resolve(projectDir, fn.entrypoint) } : {}),
          staticFiles: fn.static_files.map((pattern) => path.resolve(projectDir, pattern)),
        },
      ]),
    ),
  };

  return {
    project,
    ports: {
      api: overrides.LOCAL_API_PORT ?? toml.api.port,
      db: overrides.LOCAL_DB_PORT ?? toml.db.port,
      mail: overrides.LOCAL_MAIL_PORT ?? toml.inbucket.port,
      web: overrides.LOCAL_WEB_PORT ?? portOf(toml.auth.site_url, 3000),
    },
    seed: {
      enabled: toml.db.seed.enabled,
      paths: toml.db.seed.sql_paths.map((p) => path.resolve(projectDir, p)),
    },
  };
}

/** Seconds in a Go-style duration ("1m30s"), parsed as GoTrue does (Go's time.ParseDuration). */
export function parseDuration(value: string | number): number {
  if (typeof value === 'number') return value;
  try {
    return parseGoDuration(value) / 1000;
  } catch {
    throw new ConfigError(`Invalid duration "${value}"`);
  }
}

const sizeUnits: Record<string, number> = {
  b: 1,
  kb: 1000,
  kib: 1024,
  mb: 1000 ** 2,
  mib: 1024 ** 2,
  gb: 1000 ** 3,
  gib: 1024 ** 3,
};

/** Bytes in a size like "50MiB". */
export function parseSize(value: string | number): number {
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  const unit = sizeUnits[(match?.[2] || 'b').toLowerCase()];
  if (!match || unit === undefined) throw new ConfigError(`Invalid size "${value}"`);
  return Math.floor(Number(match[1]) * unit);
}

function portOf(url: string, fallback: number): number {
  const parsed = new URL(url);
  return parsed.port ? Number(parsed.port) : fallback;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
