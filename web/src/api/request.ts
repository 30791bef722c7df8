import { env } from '@/config/env';
import { getSupabase } from '@/lib/supabase';
import { createApiClient, type ApiRequest } from './client';

/** The app's client for `${supabaseUrl}/functions/v1/api`, sending the session's token when signed in. */
export const apiRequest: ApiRequest = createApiClient({
  baseUrl: `${env.supabaseUrl}/functions/v1/api`,
  anonKey: env.supabaseAnonKey,
  async getAccessToken() {
    // getSession refreshes an expired access token before handing it out.
    const { data } = await (await getSupabase()).auth.getSession();
    return data.session?.access_token ?? null;
  },
});
