/**
 * The Storage subset over real HTTP with the real supabase-js storage client. A second instance of
 * the service runs in this process on a free port with its own data folder and keys (so the tests can
 * look at the files and mint user tokens), on the test stack's database (DB_URL); the last test goes
 * through the stack's own gateway. Every bucket, policy and user made here has a per-run name and is
 * removed afterwards.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { StorageClient } from '@supabase/storage-js';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeys } from '../src/keys/index.ts';
import type { DatabaseRole, StackContext, StackKeys, StackService } from '../src/stack/types.ts';
import { createStorageService } from '../src/storage/index.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GLOBAL_LIMIT = 1024 * 1024;
const run = randomUUID().slice(0, 8);
const BUCKET = `sf-test-${run}`;
const LIMITED = `sf-limited-${run}`;
const PUBLIC = `sf-public-${run}`;

let dataDir: string;
let dbUrl: string;
const pools = new Map<DatabaseRole, Sql>();
let server: ServerType;
let apiUrl: string;
let keys: StackKeys;
let service: StackService;
let admin: Sql;
const users = { a: randomUUID(), b: randomUUID(), admin: randomUUID() };
const tokens: Record<keyof typeof users, string> = { a: '', b: '', admin: '' };

function roleUrl(role: DatabaseRole): string {
  // Local login roles use their own name as password (see bootstrap.sql).
  const url = new URL(dbUrl);
  url.username = role;
  url.password = role;
  return url.href;
}

function sqlAs(role: DatabaseRole): Sql {
  let pool = pools.get(role);
  if (!pool) {
    pool = postgres(roleUrl(role), { max: 5, onnotice: () => undefined });
    pools.set(role, pool);
  }
  return pool;
}

const storage = (key: string) =>
  new StorageClient(`${apiUrl}/storage/v1`, { apikey: keys.anonKey, Authorization: `Bearer ${key}` });

/** Every file below `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** A request sent exactly as written: fetch would normalise '..' away before it leaves the client. */
function rawRequest(method: string, target: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(apiUrl);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** An HTTP server on a free port. */
function listen(fetch: (request: Request) => Response | Promise<Response>) {
  return new Promise<{ server: ServerType; port: number }>((resolve) => {
    const started: ServerType = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: started, port: info.port }),
    );
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  if (!process.env.DB_URL)
    throw new Error('DB_URL is not set: run through vitest (its global setup starts a stack)');
  dbUrl = process.env.DB_URL;
  admin = sqlAs('postgres');

  const mounted: { app?: Hono } = {};
  const api = await listen((request) =>
    mounted.app ? mounted.app.fetch(request) : new Response(null, { status: 503 }),
  );
  server = api.server;
  apiUrl = `http://127.0.0.1:${api.port}`;
  keys = await loadOrCreateKeys(dataDir, 'storage-test', `${apiUrl}/auth/v1`);
  const ctx = {
    rootDir: ROOT,
    dataDir,
    apiUrl,
    dbUrl,
    keys,
    config: { storage: { fileSizeLimit: GLOBAL_LIMIT }, functions: {} },
    sql: sqlAs,
  } as unknown as StackContext;
  service = await createStorageService(ctx);
  mounted.app = new Hono().route('/storage/v1', service.app);

  await admin`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
      (${BUCKET}, ${BUCKET}, false, null, null),
      (${LIMITED}, ${LIMITED}, false, 100, array['image/png', 'text/*']),
      (${PUBLIC}, ${PUBLIC}, true, null, null)`;
  // Own-folder policies, as a project would write them; scoped to this run's bucket.
  await admin.unsafe(`
    create policy "${BUCKET} read own" on storage.objects for select to authenticated
      using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "${BUCKET} insert own" on storage.objects for insert to authenticated
      with check (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "${BUCKET} update own" on storage.objects for update to authenticated
      using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "${BUCKET} delete own" on storage.objects for delete to authenticated
      using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create function public.sf_fail_${run}() returns trigger language plpgsql as $$
      begin raise exception 'simulated database failure'; end $$;
    create trigger sf_fail_${run} before insert on storage.objects for each row
      when (new.bucket_id = '${BUCKET}' and new.name like 'db-fails/%') execute function public.sf_fail_${run}();
  `);
  for (const [who, id] of Object.entries(users) as [keyof typeof users, string][]) {
    await admin`
      insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                              confirmation_token, recovery_token, email_change_token_new, email_change)
      values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${`${who}-${run}@example.test`},
              now(), '{"provider":"email","providers":["email"]}', '{}', '', '', '', '')`;
    tokens[who] = await keys.signAccessToken(
      { sub: id, role: 'authenticated', aud: 'authenticated', email: `${who}-${run}@example.test` },
      3600,
    );
  }
  await admin`update public.profiles set role = 'admin' where auth_id = ${users.admin}`;
}, 120_000);

afterAll(async () => {
  if (admin) {
    await admin.begin(async (tx) => {
      await tx`select set_config('storage.allow_delete_query', 'true', true)`;
      await tx`delete from storage.objects where bucket_id in ${tx([BUCKET, LIMITED, PUBLIC])}
                 or (bucket_id = 'certificates' and owner_id in ${tx(Object.values(users))})`;
      await tx`delete from storage.buckets where id in ${tx([BUCKET, LIMITED, PUBLIC])}`;
    });
    await admin.unsafe(`
      drop trigger if exists sf_fail_${run} on storage.objects;
      drop function if exists public.sf_fail_${run}();
      drop policy if exists "${BUCKET} read own" on storage.objects;
      drop policy if exists "${BUCKET} insert own" on storage.objects;
      drop policy if exists "${BUCKET} update own" on storage.objects;
      drop policy if exists "${BUCKET} delete own" on storage.objects;
    `);
    await admin`delete from auth.users where id in ${admin(Object.values(users))}`;
  }
  await service?.stop();
  await Promise.all([...pools.values()].map((pool) => pool.end()));
  if (server) await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('objects with the service key', () => {
  it('uploads, downloads, lists, signs and removes', async () => {
    const client = storage(keys.serviceRoleKey).from(BUCKET);
    const up = await client.upload('docs/hello.txt', new Blob(['hello'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'docs/hello.txt', fullPath: `${BUCKET}/docs/hello.txt` });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await client.download('docs/hello.txt');
    expect(down.error).toBeNull();
    expect(await down.data?.text()).toBe('hello');
    expect(down.data?.type).toBe('text/plain');

    expect((await client.exists('docs/hello.txt')).data).toBe(true);
    expect((await client.exists('docs/absent.txt')).data).toBe(false);
    expect((await client.info('docs/hello.txt')).data).toMatchObject({
      name: 'docs/hello.txt',
      bucketId: BUCKET,
      size: 5,
      contentType: 'text/plain',
    });
    const direct = await fetch(`${apiUrl}/storage/v1/object/${BUCKET}/docs/hello.txt?download=greeting.txt`, {
      headers: { authorization: `Bearer ${keys.serviceRoleKey}` },
    });
    expect(direct.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''greeting.txt");
    const etag = direct.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const cached = await fetch(`${apiUrl}/storage/v1/object/${BUCKET}/docs/hello.txt`, {
      headers: { authorization: `Bearer ${keys.serviceRoleKey}`, 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);

    await client.upload('docs/sub/deeper.txt', 'x');
    const listed = await client.list('docs');
    expect(listed.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['hello.txt', false],
      ['sub', true],
    ]);
    expect(listed.data?.[0]?.metadata).toMatchObject({
      size: 5,
      mimetype: 'text/plain',
      httpStatusCode: 200,
    });
    expect((await client.list('', { search: 'do' })).data?.map((e) => e.name)).toEqual(['docs']);

    const signed = await client.createSignedUrl('docs/hello.txt', 60);
    expect(signed.error).toBeNull();
    const viaUrl = await fetch(signed.data?.signedUrl ?? '');
    expect(viaUrl.status).toBe(200);
    expect(await viaUrl.text()).toBe('hello');
    const many = await client.createSignedUrls(['docs/hello.txt', 'docs/missing.txt'], 60);
    expect(many.data?.map((e) => [e.path, e.error === null])).toEqual([
      ['docs/hello.txt', true],
      ['docs/missing.txt', false],
    ]);

    const removed = await client.remove(['docs/hello.txt', 'docs/sub/deeper.txt']);
    expect(removed.data?.map((row) => row.name).sort()).toEqual(['docs/hello.txt', 'docs/sub/deeper.txt']);
    expect(await filesUnder(path.join(dataDir, 'storage', BUCKET, 'docs'))).toEqual([]);
    expect((await client.download('docs/hello.txt')).error).toMatchObject({
      statusCode: '404',
      code: 'NoSuchKey',
    });
  });

  it('replaces bytes on upsert and update, keeping one file per object', async () => {
    const client = storage(keys.serviceRoleKey).from(BUCKET);
    await client.upload('replace/me.bin', new Uint8Array([1, 2, 3]), {
      contentType: 'application/octet-stream',
    });
    const dup = await client.upload('replace/me.bin', new Uint8Array([9]));
    expect(dup.error).toMatchObject({
      status: 400,
      statusCode: '409',
      code: 'KeyAlreadyExists',
      message: 'The resource already exists',
    });
    expect(
      (await client.upload('replace/me.bin', new Uint8Array([4, 5]), { upsert: true })).error,
    ).toBeNull();
    expect((await client.update('replace/me.bin', new Uint8Array([6, 7, 8, 9]))).error).toBeNull();
    const down = await client.download('replace/me.bin');
    expect(new Uint8Array(await (down.data as Blob).arrayBuffer())).toEqual(new Uint8Array([6, 7, 8, 9]));
    expect(await filesUnder(path.join(dataDir, 'storage', BUCKET, 'replace', 'me.bin'))).toHaveLength(1);
  });

  it('serves public buckets without a token, private ones never', async () => {
    await storage(keys.serviceRoleKey).from(PUBLIC).upload('p.txt', 'public bytes');
    await storage(keys.serviceRoleKey).from(BUCKET).upload('private.txt', 'private bytes');
    const pub = await fetch(storage(keys.anonKey).from(PUBLIC).getPublicUrl('p.txt').data.publicUrl);
    expect(await pub.text()).toBe('public bytes');
    const priv = await fetch(`${apiUrl}/storage/v1/object/public/${BUCKET}/private.txt`);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('lists buckets for the service role only', async () => {
    const ids = (await storage(keys.serviceRoleKey).listBuckets()).data?.map((b) => b.id);
    expect(ids).toEqual(expect.arrayContaining([BUCKET, LIMITED, PUBLIC]));
    expect((await storage(keys.serviceRoleKey).getBucket(LIMITED)).data).toMatchObject({
      file_size_limit: 100,
    });
    expect((await storage(keys.anonKey).listBuckets()).data).toEqual([]);
  });
});

describe('row-level security as the caller', () => {
  it('lets users work in their own folder only', async () => {
    const a = storage(tokens.a).from(BUCKET);
    const b = storage(tokens.b).from(BUCKET);
    const mine = `${users.a}/note.txt`;
    expect((await a.upload(mine, 'from a')).error).toBeNull();
    const [row] =
      await admin`select owner_id from storage.objects where bucket_id = ${BUCKET} and name = ${mine}`;
    expect(row?.owner_id).toBe(users.a);

    expect((await a.upload(`${users.b}/planted.txt`, 'x')).error).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'new row violates row-level security policy',
    });
    expect((await b.download(mine)).error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    expect((await b.createSignedUrl(mine, 60)).error).toMatchObject({ code: 'NoSuchKey' });
    expect((await b.list(users.a)).data).toEqual([]);
    expect((await b.remove([mine])).data).toEqual([]);
    expect(await (await a.download(mine)).data?.text()).toBe('from a');

    const anon = storage(keys.anonKey).from(BUCKET);
    expect((await anon.download(mine)).error).toMatchObject({ code: 'NoSuchKey' });
    expect((await anon.upload('anon.txt', 'x')).error).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
    });
    expect((await a.remove([mine])).data).toHaveLength(1);
  });

  it('refuses missing and forged tokens', async () => {
    const missing = await fetch(`${apiUrl}/storage/v1/object/${BUCKET}/x.txt`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const result = await storage(forged).from(BUCKET).upload('forged.txt', 'x');
    expect(result.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });
});

describe('signed URLs', () => {
  it('expire, and only open the object they were made for', async () => {
    const client = storage(keys.serviceRoleKey).from(BUCKET);
    await client.upload('signed/one.txt', 'one');
    await client.upload('signed/two.txt', 'two');
    const short = await client.createSignedUrl('signed/one.txt', 1);
    const other = await client.createSignedUrl('signed/two.txt', 60);
    const token = new URL(other.data?.signedUrl ?? '').searchParams.get('token');
    const swapped = await fetch(`${apiUrl}/storage/v1/object/sign/${BUCKET}/signed/one.txt?token=${token}`);
    expect(await swapped.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short.data?.signedUrl ?? '');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    });
  });
});

describe('what an upload must not do', () => {
  it('rejects names that would leave the bucket folder, writing nothing outside it', async () => {
    const auth = { authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'text/plain' };
    const names = [
      '../escaped.txt',
      'a/../../escaped.txt',
      '%2e%2e/escaped.txt',
      'a/%2E%2E/%2e%2e/escaped.txt',
      'a%2F..%2F..%2Fescaped.txt',
      '..%5Cescaped.txt',
      'a%00b.txt',
      '%2Fabsolute.txt',
      'a//b.txt',
      `${'x'.repeat(1100)}.txt`,
    ];
    for (const name of names) {
      const response = await rawRequest('POST', `/storage/v1/object/${BUCKET}/${name}`, 'evil', auth);
      expect(response.status, name).not.toBe(200);
      const body = JSON.parse(response.body) as { statusCode: string };
      expect(['400', '404'], `${name}: ${response.body}`).toContain(body.statusCode);
    }
    const files = await filesUnder(dataDir);
    expect(files.filter((f) => f.includes('escaped') || f.includes('absolute'))).toEqual([]);
    expect(
      files.filter(
        (f) =>
          f.startsWith('storage') &&
          !f.startsWith(path.join('storage', BUCKET)) &&
          !f.startsWith(path.join('storage', PUBLIC)),
      ),
    ).toEqual([]);
    const { error } = await storage(keys.serviceRoleKey).from(BUCKET).upload('ok/../../escaped.txt', 'x');
    expect(error).not.toBeNull();
  });

  it('refuses oversize bodies and wrong MIME types with Storage error shapes', async () => {
    const limited = storage(keys.serviceRoleKey).from(LIMITED);
    const big = await limited.upload('big.png', new Blob([new Uint8Array(101)], { type: 'image/png' }));
    expect(big.error).toMatchObject({ status: 400, statusCode: '413', code: 'EntityTooLarge' });
    expect(
      (await limited.upload('fits.png', new Blob([new Uint8Array(100)], { type: 'image/png' }))).error,
    ).toBeNull();
    const pdf = await limited.upload('doc.pdf', new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type application/pdf is not supported',
    });
    expect((await limited.upload('note.txt', 'text/* is allowed')).error).toBeNull();

    // Past the global limit, streamed without a length so only the running count can stop it.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 17; i++) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const huge = await storage(keys.serviceRoleKey)
      .from(BUCKET)
      .upload('huge.bin', stream, { contentType: 'application/octet-stream' });
    expect(huge.error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(await filesUnder(path.join(dataDir, 'storage-tmp'))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'storage', BUCKET, 'huge.bin'))).toBe(false);
  });

  it('leaves no file behind when the database refuses the row', async () => {
    const result = await storage(keys.serviceRoleKey).from(BUCKET).upload('db-fails/x.txt', 'bytes');
    expect(result.error).toMatchObject({
      statusCode: '500',
      code: 'InternalError',
      message: 'Internal server error',
    });
    expect(existsSync(path.join(dataDir, 'storage', BUCKET, 'db-fails'))).toBe(false);
    expect(await filesUnder(path.join(dataDir, 'storage-tmp'))).toEqual([]);
  });

  it('answers bad requests with JSON errors and changes nothing', async () => {
    const client = storage(keys.serviceRoleKey).from(BUCKET);
    await client.upload('keep/me.txt', 'kept');
    const auth = { authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'application/json' };
    const cases: [string, string, string][] = [
      ['DELETE', `/storage/v1/object/${BUCKET}`, '{"prefixes": ["keep/me.txt"'],
      ['DELETE', `/storage/v1/object/${BUCKET}`, '{"prefixes": "keep/me.txt"}'],
      ['DELETE', `/storage/v1/object/${BUCKET}`, '{}'],
      ['POST', `/storage/v1/object/sign/${BUCKET}/keep/me.txt`, '{"expiresIn": "soon"}'],
      ['POST', `/storage/v1/object/list/${BUCKET}`, '{"limit": -1}'],
      [
        'DELETE',
        `/storage/v1/object/${BUCKET}`,
        JSON.stringify({ prefixes: ['keep/me.txt'], pad: 'x'.repeat(1_100_000) }),
      ],
    ];
    for (const [method, target, body] of cases) {
      const response = await rawRequest(method, target, body, auth);
      expect(response.status, `${method} ${target} ${body.slice(0, 40)}`).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        statusCode: expect.stringMatching(/^4/),
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    const unknown = await rawRequest('GET', '/storage/v1/nothing/here', '', auth);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ statusCode: '404' });
    const noBucket = await storage(keys.serviceRoleKey).from(`missing-${run}`).upload('x.txt', 'x');
    expect(noBucket.error).toMatchObject({
      statusCode: '404',
      code: 'NoSuchBucket',
      message: 'Bucket not found',
    });
    expect(await (await client.download('keep/me.txt')).data?.text()).toBe('kept');
  });
});

describe('the certificates bucket of the project migrations', () => {
  it('lets owners read their folder, admins everything; users store only through the api', async () => {
    const [bucket] =
      await admin`select public, file_size_limit::int as limit from storage.buckets where id = 'certificates'`;
    expect(bucket).toMatchObject({ public: false, limit: 10 * 1024 * 1024 });
    const pdf = () => new Blob(['%PDF-1.7 test'], { type: 'application/pdf' });
    const a = storage(tokens.a).from('certificates');
    const adminClient = storage(tokens.admin).from('certificates');
    const mine = `${users.a}/${randomUUID()}.pdf`;
    // Migration 20261125400200: no direct upload by users, not even into their own folder.
    for (const name of [mine, `${users.b}/${randomUUID()}.pdf`, `${users.a}/nested/${randomUUID()}.pdf`]) {
      expect((await a.upload(name, pdf())).error).toMatchObject({ code: 'AccessDenied' });
    }
    expect((await adminClient.upload(mine, pdf())).error).toBeNull();
    expect((await adminClient.upload(`${users.a}/${randomUUID()}.txt`, 'text')).error).toMatchObject({
      code: 'InvalidMimeType',
    });
    expect(await (await a.download(mine)).data?.text()).toBe('%PDF-1.7 test');

    expect((await storage(tokens.b).from('certificates').download(mine)).error).toMatchObject({
      code: 'NoSuchKey',
    });
    expect((await storage(keys.anonKey).from('certificates').download(mine)).error).toMatchObject({
      code: 'NoSuchKey',
    });
    expect((await a.remove([mine])).data).toEqual([]);

    expect(await (await adminClient.download(mine)).data?.text()).toBe('%PDF-1.7 test');
    expect((await adminClient.remove([mine])).data).toHaveLength(1);
  });
});

describe('through the stack gateway', () => {
  it('serves the same API at API_URL/storage/v1', async () => {
    const key = process.env.SERVICE_ROLE_KEY ?? '';
    const client = new StorageClient(`${process.env.API_URL}/storage/v1`, {
      apikey: key,
      Authorization: `Bearer ${key}`,
    });
    const bucket = client.from(PUBLIC);
    expect((await bucket.upload('gateway.txt', 'via gateway', { upsert: true })).error).toBeNull();
    expect(await (await bucket.download('gateway.txt')).data?.text()).toBe('via gateway');
    expect((await bucket.remove(['gateway.txt'])).data).toHaveLength(1);
  });
});
