import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

/** Builds the client; call only through `getSupabase()` so there is exactly one. */
export function createSupabaseClient(): SupabaseClient {
  return createClient(env.supabaseUrl, env.supabaseAnonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      // The confirmation link lands on /login with the session in the URL hash.
      detectSessionInUrl: true,
      flowType: 'implicit',
    },
  });
}
