import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

/**
 * The app's single Supabase client. Only `src/api/` may use it; everything else goes through the
 * adapter so the screens never depend on Supabase directly.
 */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    // The confirmation link lands on /login with the session in the URL hash.
    detectSessionInUrl: true,
    flowType: 'implicit',
  },
});
