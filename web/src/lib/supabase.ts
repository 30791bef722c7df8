import type { SupabaseClient } from '@supabase/supabase-js';

let client: Promise<SupabaseClient> | undefined;

/**
 * The app's single Supabase client. supabase-js is loaded on first use, so the landing page paints
 * before it arrives. Only `src/api/` may use it; everything else goes through the adapter.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('./supabase-client').then((module) => module.createSupabaseClient());
  return client;
}
