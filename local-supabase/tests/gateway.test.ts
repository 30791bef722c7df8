/** The API gateway over real HTTP: routing, JSON errors, body cap, Kong-style CORS. */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { stackEnv } from './support/stack-env.ts';

const env = stackEnv();

/** Sends headers claiming `declaredLength` bytes but only a little body: the gateway must refuse up front. */
function postWithDeclaredLength(
  url: string,
  declaredLength: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(declaredLength) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(Buffer.alloc(1024));
  });
}

/**
 * Streams a chunked body of up to `totalBytes`, one MiB at a time, and stops sending as soon as the
 * gateway answers: a server that refuses early may close the connection while the client still
 * writes, which a fetch would report as a network error instead of the answer.
 */
function postChunkedUntilAnswered(
  url: string,
  totalBytes: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const writeMore = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      if (!answered) req.end();
    };
    writeMore();
  });
}

describe('gateway', () => {
  it('answers unknown paths with a JSON 404', async () => {
    for (const path of ['/', '/nope', '/auth/v2/token', '/graphql/v1']) {
      const res = await fetch(`${env.API_URL}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
    }
  });

  it('answers /rest/v1 with 501 and says to use the api function', async () => {
    for (const method of ['GET', 'POST', 'PATCH']) {
      const res = await fetch(`${env.API_URL}/rest/v1/profiles?select=*`, {
        method,
        headers: { apikey: env.ANON_KEY, 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status).toBe(501);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.message).toContain('PostgREST is not part of the local stack');
      expect(body.message).toContain('/functions/v1/api');
    }
  });

  it('refuses a body declared larger than 60 MB with a JSON 413', async () => {
    // Function calls take the gateway's node:http path, the rest its Hono app: both cap the body.
    for (const path of ['/storage/v1/object/any/file.bin', '/functions/v1/api/verification/verify']) {
      const res = await postWithDeclaredLength(`${env.API_URL}${path}`, 61 * 1024 * 1024);
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ message: 'Request size limit exceeded' });
    }
  });

  it('refuses a chunked body that grows past 60 MB', async () => {
    const res = await postChunkedUntilAnswered(
      `${env.API_URL}/functions/v1/api/verification/verify`,
      61 * 1024 * 1024,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request size limit exceeded' });
  });

  it('answers CORS preflights for auth and storage like Kong', async () => {
    for (const path of ['/auth/v1/token?grant_type=password', '/storage/v1/object/certificates/a.png']) {
      const res = await fetch(`${env.API_URL}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, x-upsert',
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = res.headers.get('access-control-allow-headers') ?? '';
      for (const header of [
        'apikey',
        'authorization',
        'x-client-info',
        'content-type',
        'x-upsert',
        'range',
      ]) {
        expect(allowed).toContain(header);
      }
      expect(res.headers.get('access-control-allow-methods')).toContain('DELETE');
    }
  });

  it('adds CORS headers, including exposed ones, to ordinary answers', async () => {
    const res = await fetch(`${env.API_URL}/auth/v1/.well-known/jwks.json`, {
      headers: { origin: 'http://127.0.0.1:3000', apikey: env.ANON_KEY },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
  });

  it('leaves CORS on /functions/v1 to the function', async () => {
    const res = await fetch(`${env.API_URL}/functions/v1/api/verification/stats`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'GET' },
    });
    await res.arrayBuffer();
    // Whatever the function answers, it is not the gateway's Kong-style preflight.
    expect(res.headers.get('access-control-allow-headers') ?? '').not.toContain('x-upsert');
    expect(res.headers.get('access-control-max-age')).not.toBe('3600');
  });

  it('uses the apikey as Bearer token when Authorization is missing, like the CLI gateway', async () => {
    const admin = (headers: Record<string, string>) =>
      fetch(`${env.API_URL}/auth/v1/admin/users?page=1&per_page=1`, { headers });
    expect((await admin({ apikey: env.SERVICE_ROLE_KEY })).status).toBe(200);
    // An explicit Authorization wins over the apikey.
    expect(
      (await admin({ apikey: env.SERVICE_ROLE_KEY, authorization: `Bearer ${env.ANON_KEY}` })).status,
    ).toBe(403);
    expect((await admin({ apikey: env.ANON_KEY })).status).toBe(403);
    expect((await admin({})).status).toBe(401);
  });

  it('does the same for function calls, which reach the function by another path', async () => {
    const stats = async (headers: Record<string, string>) => {
      const res = await fetch(`${env.API_URL}/functions/v1/api/verification/stats`, { headers });
      await res.arrayBuffer();
      return res.status;
    };
    // The api function checks tokens itself (verify_jwt = false): a bad one is refused, none is anonymous.
    expect(await stats({ apikey: 'not-a-jwt' })).toBe(401);
    expect(await stats({ apikey: 'not-a-jwt', authorization: `Bearer ${env.ANON_KEY}` })).toBe(200);
    expect(await stats({ apikey: env.ANON_KEY })).toBe(200);
  });

  it('publishes the ES256 verification key and never the HS256 secret', async () => {
    const res = await fetch(`${env.API_URL}/auth/v1/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('k');
    }
  });
});
