/**
 * POST /verification/verify-hash (hash-first verification) and the rate limits kept in Postgres: a
 * limit holds across two function instances (the stack's runner process and a second instance of the
 * same app in this process, each with its own connection pool) and across an instance's restart.
 */
import assert from 'node:assert/strict';
import type { VerificationResult } from '../../_shared/api-contract.ts';
import { createApp } from '../app.ts';
import { createDeps } from '../deps.ts';
import {
  ANON_KEY,
  API_URL,
  call,
  db,
  demo,
  freshUser,
  SERVICE_ROLE_KEY,
  test,
  uniquePng,
  uploadUnique,
} from './helpers.ts';

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** A second instance of the api function: its own app, deps and connection pool, same database. */
function instance() {
  const deps = createDeps({
    supabaseUrl: API_URL,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    dbUrl: Deno.env.get('DB_URL')!,
    publicKeys: [ANON_KEY],
    jwtIssuer: `${API_URL}/auth/v1`,
    ipHashSalt: 'second-instance',
    siteUrl: null,
  });
  const app = createApp(deps);
  return {
    /** A request from `address` (what the platform reports as the peer). */
    async post(path: string, json: unknown, options: { address: string; token?: string }) {
      const response = await app.fetch(
        new Request(`http://instance/api${path}`, {
          method: 'POST',
          headers: {
            apikey: ANON_KEY,
            authorization: `Bearer ${options.token ?? ANON_KEY}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(json),
        }),
        { remoteAddr: { hostname: options.address } },
      );
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as Record<string, unknown>,
      };
    },
    stop: () => deps.sql.end(),
  };
}

const verifyHash = (json: unknown, token = ANON_KEY) =>
  call<VerificationResult>('POST', '/verification/verify-hash', { token, json });

test('verify-hash: a registered file is answered as identical without its bytes', async () => {
  const admin = await demo('admin');
  const certificate = await uploadUnique(admin);
  const before = await db`select count(*)::int as n from public.verification_attempts`;
  const response = await verifyHash({ fileHash: certificate.file_hash, size: 1234, type: 'image/png' });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const result = response.body;
  assert.equal(result.verdict, 'identical');
  assert.equal(result.verified, true);
  assert.equal(result.outcome, 'valid');
  assert.equal(result.matchChannel, 'exact_file');
  assert.equal(result.copyKind, 'original_file');
  assert.equal(result.certificate?.id, certificate.id);
  assert.equal(result.certificate?.fileHash, certificate.file_hash);
  assert.deepEqual(result.uploadedFile, { size: 1234, type: 'image/png', hash: certificate.file_hash });
  assert.equal((await fetch(result.certificate!.imageUrl!)).status, 200);
  const after = await db`select count(*)::int as n from public.verification_attempts`;
  assert.equal(after[0]!.n - before[0]!.n, 1, 'the hit is logged');
  const [logged] = await db`
    select outcome, match_channel, file_size, certificate_id from public.verification_attempts order by id desc limit 1`;
  assert.deepEqual(
    { ...logged },
    {
      outcome: 'valid',
      match_channel: 'exact_file',
      file_size: '1234',
      certificate_id: certificate.id,
    },
  );
});

test('verify-hash: an unknown hash asks for the file, as unknown / not_found', async () => {
  const png = await uniquePng();
  const fileHash = hex(await crypto.subtle.digest('SHA-256', png as Uint8Array<ArrayBuffer>));
  const response = await verifyHash({ fileHash, size: png.length, type: 'image/png' });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.verdict, 'unknown');
  assert.equal(response.body.outcome, 'not_found');
  assert.equal(response.body.verified, false);
  assert.equal(response.body.certificate, null);
  assert.equal(response.body.matchChannel, null);
  assert.deepEqual(response.body.reasons, [
    'No registered file has these exact bytes; send the file to compare its content',
  ]);
  assert.deepEqual(response.body.uploadedFile, { size: png.length, type: 'image/png', hash: fileHash });
});

test('verify-hash: bad input is a 400 with a message', async () => {
  const good = { fileHash: 'a'.repeat(64), size: 10, type: 'image/png' };
  for (const [body, pattern] of [
    [{ ...good, fileHash: 'A'.repeat(64) }, /fileHash/],
    [{ ...good, fileHash: 'a'.repeat(63) }, /fileHash/],
    [{ ...good, size: 0 }, /size/],
    [{ ...good, size: 11 * 1024 * 1024 }, /10MB/],
    [{ ...good, type: 'image/svg+xml' }, /valid file type/],
    [{}, /fileHash/],
  ] as const) {
    const response = await verifyHash(body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.match((response.body as unknown as { error: string }).error, pattern);
  }
});

test('31 verifications from one address within a minute: the 31st gets 429 with Retry-After across two instances and a restart', async () => {
  const address = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
  let first = instance();
  const second = instance();
  try {
    const statuses: number[] = [];
    // Invalid bodies are counted too (the limit applies before the body is read) and cost nothing.
    for (let i = 0; i < 10; i++)
      statuses.push((await first.post('/verification/verify', {}, { address })).status);
    for (let i = 0; i < 10; i++)
      statuses.push((await second.post('/verification/verify', {}, { address })).status);
    // The first instance restarts: its memory is gone, the counts are not.
    await first.stop();
    first = instance();
    for (let i = 0; i < 10; i++)
      statuses.push((await first.post('/verification/verify', {}, { address })).status);
    assert.deepEqual(statuses, new Array(30).fill(400));
    const limited = await second.post(
      '/verification/verify',
      { fileData: 'data:image/png;base64,AAAA' },
      { address },
    );
    assert.equal(limited.status, 429);
    assert.match(
      String(limited.body.error),
      /Too many verification requests: the limit is 30 per network address\. Please try again in \d+ seconds?\./,
    );
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.equal(limited.body.retryAfter, retryAfter);
    // Another address is not affected.
    assert.equal((await first.post('/verification/verify', {}, { address: `${address}0` })).status, 400);
  } finally {
    await first.stop();
    await second.stop();
  }
});

test('a signed-in user is limited per account across the runner process and another instance', async () => {
  const user = await freshUser('shared-limit');
  const other = instance();
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push((await call('POST', '/verification/verify', { token: user.token, json: {} })).status);
      statuses.push(
        (await other.post('/verification/verify', {}, { address: '192.0.2.1', token: user.token })).status,
      );
    }
    assert.deepEqual(statuses, new Array(30).fill(400));
    const limited = await call('POST', '/verification/verify', { token: user.token, json: {} });
    assert.equal(limited.status, 429);
    assert.match(String((limited.body as { error: string }).error), /per account/);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    // verify-hash has its own budget.
    const hashed = await verifyHash({ fileHash: 'b'.repeat(64), size: 10, type: 'image/png' }, user.token);
    assert.equal(hashed.status, 200);
  } finally {
    await other.stop();
  }
});

test('admins have a higher limit, not none', async () => {
  const admin = await freshUser('limited-admin', 'admin');
  const [rule] = await db<{ per_admin: number }[]>`
    select per_admin from private.rate_limit_rules where action = 'verify_hash'`;
  assert.ok(rule!.per_admin > 60);
  const [counted] = await db<{ allowed: boolean; max_hits: number }[]>`
    select * from private.take_rate_limit('verify_hash', 'admin', ${admin.userId}, null, null)`;
  assert.equal(counted!.max_hits, rule!.per_admin);
  // Use up all but one of the admin's budget in SQL, then the API refuses the one after.
  await db`
    update private.rate_limit_counters set hits = ${rule!.per_admin - 1}
    where key = 'verify_hash:admin:' || encode(sha256(convert_to(
      (select salt from private.rate_limit_salt) || ':' || ${admin.userId}, 'UTF8')), 'hex')`;
  const ok = await verifyHash({ fileHash: 'c'.repeat(64), size: 10, type: 'image/png' }, admin.token);
  assert.equal(ok.status, 200);
  const refused = await verifyHash({ fileHash: 'c'.repeat(64), size: 10, type: 'image/png' }, admin.token);
  assert.equal(refused.status, 429);
  assert.match(
    String((refused.body as unknown as { error: string }).error),
    new RegExp(`limit is ${rule!.per_admin} per account`),
  );
});
