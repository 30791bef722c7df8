import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { requireStackEnv } from './stack-env.ts';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/**
 * supabase-js builds its Realtime client eagerly and Node 20 has no global WebSocket; the tests
 * never open a channel, so the transport only has to exist.
 */
function NoRealtime(): never {
  throw new Error('Realtime is not used by the end-to-end tests');
}

/** A server-side client for test set-up: no persisted session, no background refresh. */
export function testClient(key: 'anon' | 'service_role'): SupabaseClient {
  const stack = requireStackEnv();
  return createClient(stack.API_URL, key === 'anon' ? stack.ANON_KEY : stack.SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as RealtimeTransport },
  });
}
