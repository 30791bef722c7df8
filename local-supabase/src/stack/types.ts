/**
 * The seams between the parts of the local stand-in. `start` builds one StackContext and hands it
 * to each service factory; the gateway mounts what they return under Supabase's base paths.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import type { Sql } from 'postgres';
import type { JWTPayload } from 'jose';

/** Settings read from supabase/config.toml: the same file a hosted project is configured from. */
export interface ProjectConfig {
  /** The config.toml it was read from (auth hooks are read from the same file). */
  configFile: string;
  projectId: string;
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    /** Seconds. */
    jwtExpiry: number;
    enableSignup: boolean;
    enableRefreshTokenRotation: boolean;
    /** Seconds. */
    refreshTokenReuseInterval: number;
    minimumPasswordLength: number;
    email: {
      enableSignup: boolean;
      enableConfirmations: boolean;
      /** Seconds between two mails to one address (GoTrue's max_frequency). */
      maxFrequency: number;
      /** Seconds. */
      otpExpiry: number;
    };
    rateLimit: {
      /** Per hour, per project. */
      emailSent: number;
      /** Per 5 minutes, per IP. */
      signInSignUps: number;
      /** Per 5 minutes, per IP. */
      tokenRefresh: number;
      /** Per 5 minutes, per IP. */
      tokenVerifications: number;
    };
  };
  storage: {
    /** Bytes. */
    fileSizeLimit: number;
  };
  functions: Record<string, FunctionConfig>;
}

/** `[functions.<name>]` of config.toml; paths are absolute (config.toml gives them relative to supabase/). */
export interface FunctionConfig {
  enabled: boolean;
  verifyJwt: boolean;
  /** deno.json(c) or import map the function runs with, over the CLI's defaults. */
  importMap?: string;
  /** The entry module, over `functions/<name>/index.ts`. */
  entrypoint?: string;
  /** Glob patterns of files deployed with the function (read at run time, e.g. data files). */
  staticFiles: string[];
}

/** Ports and folders of one running stack; all overridable by environment (see docs/local-stack.md). */
export interface StackPorts {
  api: number;
  db: number;
  mail: number;
  web: number;
}

export type DatabaseRole = 'supabase_admin' | 'postgres' | 'supabase_auth_admin' | 'supabase_storage_admin';

export interface StackKeys {
  /** HS256 secret: signs the anon/service_role keys and storage signed-URL tokens. Never published. */
  jwtSecret: string;
  /** Legacy-style anon key (HS256 JWT, role anon). */
  anonKey: string;
  /** Legacy-style service_role key (HS256 JWT, role service_role). */
  serviceRoleKey: string;
  /** `iss` of access tokens: `${apiUrl}/auth/v1`. */
  issuer: string;
  /** Signs user access tokens with the ES256 key published at /auth/v1/.well-known/jwks.json. */
  signAccessToken(
    claims: JWTPayload & { sub: string; role: string },
    expiresInSeconds: number,
  ): Promise<string>;
  /** Public JWKS (ES256 keys only; the HS256 secret is never listed). */
  jwks(): { keys: Record<string, unknown>[] };
  /** Verifies an HS256 (anon/service keys) or ES256 (access tokens) JWT; throws on bad signature or expiry. */
  verify(token: string): Promise<JWTPayload & { role?: string; sub?: string }>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailOutbox {
  send(mail: OutgoingMail): Promise<void>;
}

export interface StackContext {
  rootDir: string;
  dataDir: string;
  ports: StackPorts;
  /** `http://127.0.0.1:<api port>`: what SUPABASE_URL is for clients and functions. */
  apiUrl: string;
  webUrl: string;
  mailUrl: string;
  /** postgresql://postgres:postgres@127.0.0.1:<db port>/postgres (hosted `postgres` rights). */
  dbUrl: string;
  config: ProjectConfig;
  keys: StackKeys;
  mail: MailOutbox;
  /** A pooled connection logged in as the given role (services use their hosted counterparts' roles). */
  sql(role: DatabaseRole): Sql;
}

/** What each service factory returns: a Hono app mounted under its base path, and its shutdown. */
export interface StackService {
  app: Hono;
  stop(): Promise<void>;
}

/** The functions runner, which the gateway also hands requests to straight from node:http. */
export interface FunctionsService extends StackService {
  /**
   * Serves a request received by a node:http server: `target` is the path and query after
   * /functions/v1, `headers` the request's headers as the gateway forwards them.
   */
  serveNode(
    req: IncomingMessage,
    res: ServerResponse,
    forwarded: { target: string; headers: IncomingHttpHeaders },
  ): void;
}
