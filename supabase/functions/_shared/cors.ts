/**
 * CORS for browser callers, as Supabase's `@supabase/supabase-js/cors` headers: any origin (the API
 * authorizes by Bearer token, never by cookie), the headers supabase-js sends, the methods we serve.
 */
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Max-Age': '86400',
} as const;
