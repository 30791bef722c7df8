/**
 * Runtime configuration: the Supabase URL and anon (publishable) key.
 *
 * The local stack's web server injects `window.__APP_CONFIG__` into index.html (so one build runs
 * against any stack); hosted builds bake `VITE_SUPABASE_URL` / `VITE_SUPABASE_ANON_KEY` in instead.
 */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Reads the runtime config, preferring the injected one; throws when neither source has it. */
export function readAppConfig(
  injected: Partial<AppConfig> | undefined = typeof window === 'undefined'
    ? undefined
    : window.__APP_CONFIG__,
  buildTime: Record<string, unknown> = import.meta.env,
): AppConfig {
  const supabaseUrl = nonEmpty(injected?.supabaseUrl) ?? nonEmpty(buildTime.VITE_SUPABASE_URL);
  const supabaseAnonKey = nonEmpty(injected?.supabaseAnonKey) ?? nonEmpty(buildTime.VITE_SUPABASE_ANON_KEY);
  if (!supabaseUrl || !supabaseAnonKey) {
    throw new Error('Missing Supabase configuration: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY.');
  }
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch {
    throw new Error(`Invalid Supabase URL: ${supabaseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Invalid Supabase URL: ${supabaseUrl}`);
  }
  return { supabaseUrl: supabaseUrl.replace(/\/+$/, ''), supabaseAnonKey };
}

export const env: AppConfig = readAppConfig();
