/**
 * The local stand-in as an attacker sees it: forged and misused JWTs against auth and storage,
 * database roles a token must never reach, other users' objects, tampered signed URLs, names that try
 * to leave the bucket folder, disallowed MIME types, and paths that try to leave the functions folder.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  authFetch,
  database,
  readEnv,
  serviceClient,
  signedIn,
  type AuthTestEnv,
} from './support/auth-helpers.ts';

const BUCKET = 'certificates';
const DEMO_PASSWORD = 'password123';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let env: AuthTestEnv;
let user: { id: string; token: string };
let other: { id: string; token: string };
let sql: ReturnType<typeof database>;
/** An object in `other`'s folder that `user` must never reach. */
let victimPath: string;
let ownPath: string;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const hs256 = (claims: Record<string, unknown>, secret: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(now() + 600)
    .sign(new TextEncoder().encode(secret));

async function session(email: string) {
  const { session: s } = await signedIn(env, email, DEMO_PASSWORD);
  return { id: s.user.id, token: s.access_token };
}

function storage(
  path: string,
  init: {
    method?: string;
    token?: string;
    body?: Uint8Array | string;
    headers?: Record<string, string>;
  } = {},
) {
  return fetch(`${env.apiUrl}/storage/v1${path}`, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: {
      apikey: env.anonKey,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
  });
}

async function upload(token: string, name: string, contentType = 'image/png', upsert = false) {
  const response = await storage(`/object/${BUCKET}/${name}`, {
    method: 'POST',
    token,
    body: PNG,
    headers: { 'content-type': contentType, 'x-upsert': String(upsert) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  env = readEnv();
  sql = database(env);
  user = await session('user@example.com');
  other = await session('moderator@example.com');
  victimPath = `${other.id}/${randomUUID()}.png`;
  ownPath = `${user.id}/${randomUUID()}.png`;
  // Users store files only through the api function (migration 20261125400200): fixtures go in as the
  // service role, and a user's own direct upload is refused.
  expect((await upload(env.serviceRoleKey, victimPath)).status).toBe(200);
  expect((await upload(env.serviceRoleKey, ownPath)).status).toBe(200);
  expect((await upload(user.token, `${user.id}/${randomUUID()}.png`)).status).toBe(400);
});

afterAll(async () => {
  await serviceClient(env).storage.from(BUCKET).remove([victimPath, ownPath]);
  await sql.end();
});

describe('forged tokens', () => {
  const forgeries = () => ({
    'alg none claiming service_role': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ role: 'service_role', exp: now() + 600 })}.`,
    'HS256 with a guessed secret': hs256(
      { role: 'service_role' },
      'super-secret-jwt-token-with-at-least-32-characters-long',
    ),
    'HS256 signed with the anon key as secret': hs256({ role: 'service_role' }, env.anonKey),
    'expired service key': new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 3600)
      .sign(new TextEncoder().encode(env.jwtSecret)),
  });

  it('are refused by storage', async () => {
    for (const [label, pending] of Object.entries(forgeries())) {
      const token = await pending;
      const response = await storage(`/object/${BUCKET}/${victimPath}`, { token });
      const body = (await response.json()) as { statusCode?: string; error?: string };
      expect(response.status, label).toBe(400);
      expect(body.statusCode, label).toBe('403');
    }
  });

  it('are refused by the auth admin API and the user endpoint', async () => {
    for (const [label, pending] of Object.entries(forgeries())) {
      const token = await pending;
      const admin = await authFetch(env, '/admin/users', { bearer: token });
      expect([401, 403], label).toContain(admin.status);
      const me = await authFetch(env, '/user', { bearer: token });
      expect([401, 403], label).toContain(me.status);
    }
    const asUser = await authFetch(env, '/admin/users', { bearer: user.token });
    expect(asUser.status).toBe(403);
    expect(JSON.stringify(asUser.json)).not.toContain('moderator@example.com');
  });

  it('cannot switch the database to a platform role, even when correctly signed', async () => {
    for (const role of ['postgres', 'supabase_admin', 'supabase_storage_admin', 'authenticator']) {
      const token = await hs256({ role, sub: user.id }, env.jwtSecret);
      const response = await storage(`/object/${BUCKET}/${victimPath}`, { token });
      const body = (await response.json()) as { statusCode?: string };
      expect(response.status, role).toBe(400);
      expect(body.statusCode, role).toBe('403');
    }
  });
});

describe("other users' objects", () => {
  it('cannot be downloaded, signed, listed, overwritten or removed', async () => {
    const download = await storage(`/object/${BUCKET}/${victimPath}`, { token: user.token });
    expect(download.status).toBe(400);
    expect(((await download.json()) as { error: string }).error).toBe('not_found');

    const sign = await storage(`/object/sign/${BUCKET}/${victimPath}`, {
      method: 'POST',
      token: user.token,
      body: JSON.stringify({ expiresIn: 60 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(sign.status).toBe(400);

    const list = await anonClientWith(user.token).storage.from(BUCKET).list(other.id);
    expect(list.data ?? []).toEqual([]);

    expect((await upload(user.token, victimPath, 'image/png', true)).status).toBe(400);
    expect((await upload(user.token, `${other.id}/${randomUUID()}.png`)).status).toBe(400);

    const removed = await anonClientWith(user.token).storage.from(BUCKET).remove([victimPath]);
    expect(removed.data ?? []).toEqual([]);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from storage.objects where bucket_id = ${BUCKET} and name = ${victimPath}`;
    expect(row?.n).toBe(1);
  });

  it('cannot be reached by retargeting or forging a signed URL', async () => {
    const { data, error } = await anonClientWith(user.token)
      .storage.from(BUCKET)
      .createSignedUrl(ownPath, 60);
    expect(error).toBeNull();
    const own = new URL(data?.signedUrl ?? '');
    expect((await fetch(own)).status).toBe(200);

    const retargeted = new URL(own);
    retargeted.pathname = retargeted.pathname.replace(ownPath, victimPath);
    const wrongObject = await fetch(retargeted);
    expect(wrongObject.status).toBe(400);
    expect(((await wrongObject.json()) as { error: string }).error).toBe('InvalidSignature');

    const noneToken = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ url: `${BUCKET}/${victimPath}`, exp: now() + 60 })}.`;
    const anonSigned = await hs256({ url: `${BUCKET}/${victimPath}` }, env.anonKey);
    for (const token of [noneToken, anonSigned]) {
      const forged = await fetch(
        `${env.apiUrl}/storage/v1/object/sign/${BUCKET}/${victimPath}?token=${token}`,
      );
      expect(forged.status).toBe(400);
      expect(((await forged.json()) as { error: string }).error).toBe('InvalidJWT');
    }
  });
});

describe('names and types', () => {
  it('refuses names that would leave the bucket folder', async () => {
    const service = env.serviceRoleKey;
    for (const name of [
      '..%2Fescape.png',
      '%2E%2E/escape.png',
      `${user.id}/..%2F..%2Fescape.png`,
      `${user.id}/.%2Fescape.png`,
      `${user.id}%5C..%5Cescape.png`,
      `${user.id}/a%00b.png`,
      `${user.id}//double.png`,
    ]) {
      const result = await upload(service, name);
      // %2E%2E is a dot segment to URL parsers, so the client itself may resolve it to another route.
      expect([400, 404], name).toContain(result.status);
      if (result.status === 400) expect(result.body.error, name).toBe('InvalidKey');
    }
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from storage.objects where name like '%escape%' or name like '%double%'`;
    expect(row?.n).toBe(0);
  });

  it('refuses MIME types the bucket does not allow, however they are dressed', async () => {
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/javascript',
      'text/html; charset=image/png',
    ]) {
      const result = await upload(env.serviceRoleKey, `${user.id}/${randomUUID()}.png`, type);
      expect(result.status, type).toBe(400);
      expect(result.body.error, type).toBe('invalid_mime_type');
    }
  });
});

describe('gateway and functions', () => {
  it('exposes no PostgREST to go around the api function', async () => {
    for (const path of ['/rest/v1/certificates', '/rest/v1/rpc/certificate_stats', '/graphql/v1']) {
      const response = await fetch(`${env.apiUrl}${path}`, {
        headers: { apikey: env.anonKey, authorization: `Bearer ${user.token}` },
      });
      expect([404, 501], path).toContain(response.status);
    }
  });

  it('serves only function folders, never shared code or paths outside them', async () => {
    for (const path of [
      '_shared/db.ts',
      '..%2F..%2Fpackage.json',
      '%2E%2E/auth/v1/admin/users',
      'api%2F..%2F_shared',
    ]) {
      const response = await fetch(`${env.apiUrl}/functions/v1/${path}`, {
        headers: { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}` },
      });
      const text = await response.text();
      expect(response.status, path).toBe(404);
      expect(text, path).not.toContain('postgres');
    }
  });
});

/** A client acting with a user's access token. */
function anonClientWith(token: string) {
  return anonClient(env, { Authorization: `Bearer ${token}` });
}
