/**
 * Bad requests get GoTrue's JSON error shapes and change nothing; service metadata endpoints
 * (/health, /settings, JWKS) answer as GoTrue's do.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, authFetch, database, readEnv, uniqueEmail } from './support/auth-helpers.ts';

const env = readEnv();
const sql = database(env);

afterAll(() => sql.end());

const countUsers = async (email: string) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from auth.users where email = ${email}`)[0]?.n;

describe('bad requests', () => {
  it('answers malformed JSON with 400 bad_json and writes nothing', async () => {
    const email = uniqueEmail('malformed');
    const response = await authFetch(env, '/signup', {
      method: 'POST',
      body: `{"email": "${email}", "password": "${PASSWORD}"`,
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('bad_json');
    expect(response.json.message).toMatch(/^Could not parse request body as JSON: /);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await countUsers(email)).toBe(0);
  });

  it('answers values of the wrong type with 400 bad_json and writes nothing', async () => {
    const email = uniqueEmail('types');
    for (const body of [
      { email, password: 12345678 },
      { email, password: PASSWORD, data: 'not-an-object' },
      [email, PASSWORD],
    ]) {
      const response = await authFetch(env, '/signup', { method: 'POST', body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('bad_json');
    }
    const admin = await authFetch(env, '/admin/users', {
      method: 'POST',
      bearer: env.serviceRoleKey,
      body: JSON.stringify({ email, password: PASSWORD, email_confirm: 'yes' }),
    });
    expect(admin.status).toBe(400);
    expect(admin.json.code).toBe('bad_json');
    expect(await countUsers(email)).toBe(0);
  });

  it('names missing fields with GoTrue validation messages', async () => {
    const cases: [string, unknown, number, string, string][] = [
      [
        '/signup',
        { email: uniqueEmail('nopw') },
        400,
        'validation_failed',
        'Signup requires a valid password',
      ],
      ['/signup', {}, 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'],
      [
        '/token?grant_type=password',
        { password: PASSWORD },
        400,
        'validation_failed',
        'missing email or phone',
      ],
      ['/token?grant_type=magic', {}, 400, 'invalid_credentials', 'unsupported_grant_type'],
      ['/recover', {}, 400, 'validation_failed', 'Password recovery requires an email'],
      [
        '/resend',
        { email: uniqueEmail('r') },
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      ],
      ['/verify', { token_hash: 'abc' }, 400, 'validation_failed', 'Verify requires a verification type'],
    ];
    for (const [path, body, status, code, message] of cases) {
      const response = await authFetch(env, path, { method: 'POST', body: JSON.stringify(body) });
      expect({ path, status: response.status, body: response.json }).toEqual({
        path,
        status,
        body: { code, message },
      });
    }
  });

  it('refuses bodies over 1 MiB with 413 and writes nothing', async () => {
    const email = uniqueEmail('huge');
    const response = await authFetch(env, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD, data: { blob: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({
      code: 'request_entity_too_large',
      message: 'Request body too large (max 1048576 bytes)',
    });
    expect(await countUsers(email)).toBe(0);
  });

  it('answers unknown paths and methods with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/no-such-endpoint'],
      ['DELETE', '/signup'],
    ] as const) {
      const response = await authFetch(env, path, { method });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ code: 'unknown', message: '404 page not found' });
    }
  });

  it('uses the legacy error shape for clients without the API version header', async () => {
    const response = await fetch(`${env.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: PASSWORD }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });
});

describe('service endpoints', () => {
  it('reports health and settings from config.toml', async () => {
    const health = await authFetch(env, '/health');
    expect(health.json).toMatchObject({ name: 'GoTrue', version: expect.any(String) });
    const settings = await authFetch(env, '/settings');
    expect(settings.json).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it('publishes the ES256 public key, and no secret, at /.well-known/jwks.json', async () => {
    const response = await authFetch(env, '/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const keys = response.json.keys as Record<string, unknown>[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty('d');
    expect(response.text).not.toContain(env.jwtSecret);
  });
});
