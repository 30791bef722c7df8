/** The settings a Supabase project injects into every edge function, read once and checked. */
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  /** Keys that mean "anonymous" when sent as a Bearer token (legacy anon JWT, publishable keys). */
  publicKeys: string[];
  /** Issuer of user access tokens; `<SUPABASE_URL>/auth/v1` unless AUTH_JWT_ISSUER overrides it. */
  jwtIssuer: string;
  /** Salt for hashing client IP addresses in the verification log. */
  ipHashSalt: string;
  /**
   * The web app's address (SITE_URL, no trailing slash): verifiable copies link to `<siteUrl>/c/<public id>`.
   * Null when not set; then no copy can be made (a link to a guessed host would be worse).
   */
  siteUrl: string | null;
}

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

function publishableKeys(): string[] {
  const raw = Deno.env.get('SUPABASE_PUBLISHABLE_KEYS');
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') {
      return Object.values(parsed).filter((v): v is string => typeof v === 'string');
    }
  } catch {
    // A malformed optional variable only means there are no extra publishable keys.
  }
  return [];
}

function siteUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

export function readEnv(): FunctionEnv {
  const supabaseUrl = required('SUPABASE_URL').replace(/\/+$/, '');
  const anonKey = required('SUPABASE_ANON_KEY');
  const serviceRoleKey = required('SUPABASE_SERVICE_ROLE_KEY');
  return {
    supabaseUrl,
    anonKey,
    serviceRoleKey,
    dbUrl: required('SUPABASE_DB_URL'),
    publicKeys: [anonKey, ...publishableKeys()],
    jwtIssuer: Deno.env.get('AUTH_JWT_ISSUER') ?? `${supabaseUrl}/auth/v1`,
    // Without a configured secret the service role key is a per-project secret that never leaves the server.
    ipHashSalt: Deno.env.get('VERIFY_IP_HASH_SALT') ?? serviceRoleKey,
    siteUrl: siteUrl(Deno.env.get('SITE_URL')),
  };
}
