/**
 * Sign-ups per IP address are limited in Postgres by the auth hook before_user_created
 * (public.hook_before_user_created_rate_limit, enabled in supabase/config.toml), which the local auth
 * service calls as Supabase Auth does: the 11th sign-up from one address within the hour is refused with
 * 429 and the hook's message, and no user is created for it. Needs the stack (API_URL, ANON_KEY, DB_URL).
 */
import assert from 'node:assert/strict';
import postgres from 'postgres';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: run through scripts/with-test-stack.ts`);
  return value;
}

Deno.test(
  'the 11th sign-up from one address within an hour gets 429 from the before_user_created hook',
  async () => {
    const apiUrl = env('API_URL');
    const anonKey = env('ANON_KEY');
    const sql = postgres(env('DB_URL'), { max: 1, prepare: false, onnotice: () => {} });
    // A documentation address (TEST-NET-3) of its own per run; the gateway appends the real peer.
    const address = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const run = crypto.randomUUID().slice(0, 8);
    const signUp = async (i: number) => {
      const response = await fetch(`${apiUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          'content-type': 'application/json',
          'x-forwarded-for': address,
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ email: `register-limit-${run}-${i}@example.com`, password: 'password123' }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    try {
      for (let i = 0; i < 10; i++) assert.equal((await signUp(i)).status, 200, `sign-up ${i + 1}`);
      const refused = await signUp(10);
      assert.equal(refused.status, 429);
      assert.match(
        String(refused.body.message),
        /Too many sign-ups from this network; please try again in \d+ minutes/,
      );
      const created = await sql<{ n: number }[]>`
      select count(*)::int as n from auth.users where email like ${`register-limit-${run}-%`}`;
      assert.equal(created[0]!.n, 10, 'the refused sign-up created no user');
    } finally {
      await sql.end();
    }
  },
);
