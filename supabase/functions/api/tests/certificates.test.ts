/** /certificates: upload and processing, duplicates, lists, stats, revocation, review, validation. */
import assert from 'node:assert/strict';
import type {
  Certificate,
  CertificateListResponse,
  CertificateStatsResponse,
  RevokeCertificateResponse,
  UploadCertificateResponse,
} from '../../_shared/api-contract.ts';
import {
  call,
  db,
  one,
  demo,
  freshUser,
  sampleBytes,
  sampleDataUrl,
  storedObjects,
  test,
  toDataUrl,
  uniquePng,
  uniquePngDataUrl,
  uploadUnique,
} from './helpers.ts';

const REASON = { reason: 'Issued in error' };

const upload = (token: string, json: Record<string, unknown>) =>
  call<UploadCertificateResponse & { error?: string; certificate?: Certificate }>(
    'POST',
    '/certificates/upload-base64',
    {
      token,
      json: { mode: 'process', ...json },
    },
  );

test('admin upload of a PDF with a text layer: verified, hashed, text extracted, file stored', async () => {
  const admin = await demo('admin');
  const owner = await freshUser('pdf-owner');
  const response = await upload(admin.token, {
    fileData: sampleDataUrl('text-layer.pdf'),
    userId: owner.userId,
    fileName: 'Kenji certificate.pdf',
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  const { certificate, imageUrl, message } = response.body;
  assert.equal(typeof message, 'string');
  assert.equal(certificate.verification_status, 'verified');
  assert.equal(certificate.file_type, 'pdf');
  assert.equal(certificate.mime_type, 'application/pdf');
  assert.equal(certificate.user_id, owner.userId);
  assert.equal(certificate.certificate_name, 'Kenji certificate');
  assert.equal(certificate.file_size, sampleBytes('text-layer.pdf').length);
  assert.match(certificate.file_hash, /^[0-9a-f]{64}$/);
  assert.equal(certificate.content_hash, null, 'engine v2 compares pages, not text hashes');
  assert.match(certificate.certificate_hash, /^[0-9a-f]{64}$/);
  assert.match(certificate.ocr_content ?? '', /Kenji/i, 'the engine read the text layer at registration');
  assert.equal(certificate.revoked, false);
  assert.equal(imageUrl, certificate.image_url);

  // The signed URL serves the exact bytes that were uploaded.
  const download = await fetch(imageUrl!);
  const bytes = new Uint8Array(await download.arrayBuffer());
  assert.equal(download.status, 200);
  assert.deepEqual(bytes, sampleBytes('text-layer.pdf'));
  assert.deepEqual(await storedObjects(`${owner.userId}/${certificate.id}`), [
    `${owner.userId}/${certificate.id}.pdf`,
  ]);
});

test('a user uploads to their own account only, and their upload is pending', async () => {
  const user = await freshUser('uploader');
  const other = await freshUser('uploader-other');
  const own = await upload(user.token, { fileData: await uniquePngDataUrl(), userId: user.userId });
  assert.equal(own.status, 201, JSON.stringify(own.body));
  assert.equal(own.body.certificate.verification_status, 'pending');

  const foreign = await upload(user.token, { fileData: await uniquePngDataUrl(), userId: other.userId });
  assert.equal(foreign.status, 403);
  assert.equal((await storedObjects(`${other.userId}/`)).length, 0);
});

test('the type comes from the magic bytes: a PNG declared as PDF is stored as a PNG', async () => {
  const admin = await demo('admin');
  const png = await uniquePng();
  const response = await upload(admin.token, {
    fileData: toDataUrl(png, 'application/pdf'),
    userId: admin.userId,
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  assert.equal(response.body.certificate.mime_type, 'image/png');
  assert.equal(response.body.certificate.file_type, 'image');
});

test('refused files: SVG, HTML and executables are 415, 11 MB is 413, bad data URLs are 400', async () => {
  const admin = await demo('admin');
  const svg = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><text>Certificate</text></svg>',
  );
  const html = new TextEncoder().encode('<!doctype html><html><body>Certificate</body></html>');
  const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
  for (const [bytes, mime] of [
    [svg, 'image/svg+xml'],
    [html, 'image/png'],
    [elf, 'application/pdf'],
  ] as const) {
    const response = await upload(admin.token, { fileData: toDataUrl(bytes, mime), userId: admin.userId });
    assert.equal(response.status, 415, `${mime}: ${JSON.stringify(response.body)}`);
    assert.equal(typeof response.body.error, 'string');
  }

  const big = new Uint8Array(11 * 1024 * 1024);
  big.set(await uniquePng());
  const tooLarge = await upload(admin.token, { fileData: toDataUrl(big, 'image/png'), userId: admin.userId });
  assert.equal(tooLarge.status, 413);
  assert.equal(tooLarge.body.error, 'File size must be less than 10MB');

  for (const fileData of ['', 'hello', 'data:image/png;base64,%%%']) {
    const response = await upload(admin.token, { fileData, userId: admin.userId });
    assert.equal(response.status, 400, `${fileData}: ${JSON.stringify(response.body)}`);
  }
  assert.equal(
    (await upload(admin.token, { fileData: await uniquePngDataUrl(), userId: 'nope' })).status,
    400,
  );
  const badJson = await call('POST', '/certificates/upload-base64', {
    token: admin.token,
    rawBody: '{"fileData":',
  });
  assert.equal(badJson.status, 400);
  assert.equal(badJson.body.error, 'Request body must be valid JSON');
});

test('the same file twice is a 409 carrying the existing certificate', async () => {
  const admin = await demo('admin');
  const fileData = await uniquePngDataUrl();
  const first = await upload(admin.token, { fileData, userId: admin.userId });
  assert.equal(first.status, 201);
  const second = await upload(admin.token, { fileData, userId: admin.userId });
  assert.equal(second.status, 409);
  assert.equal(typeof second.body.error, 'string');
  assert.equal(second.body.certificate?.id, first.body.certificate.id);
});

test('two concurrent uploads of one file: one row, one stored object, the loser gets 409', async () => {
  const admin = await demo('admin');
  const owner = await freshUser('race');
  const fileData = await uniquePngDataUrl();
  const results = await Promise.all([
    upload(admin.token, { fileData, userId: owner.userId }),
    upload(admin.token, { fileData, userId: owner.userId }),
  ]);
  assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
  const { count } = one(
    await db<{ count: number }[]>`
    select count(*)::int as count from public.certificates where user_id = ${owner.userId}`,
  );
  assert.equal(count, 1);
  assert.equal((await storedObjects(`${owner.userId}/`)).length, 1);
});

test('a database failure after the file was stored leaves neither a row nor a file', async () => {
  const admin = await demo('admin');
  const owner = await freshUser('halfway');
  await db.unsafe(`
    create or replace function public.api_test_fail_insert() returns trigger language plpgsql as $$
    begin
      if new.certificate_name = 'provoke-failure' then raise exception 'provoked failure'; end if;
      return new;
    end $$;
    create trigger api_test_fail_insert before insert on public.certificates
      for each row execute function public.api_test_fail_insert();`);
  try {
    const response = await upload(admin.token, {
      fileData: await uniquePngDataUrl(),
      userId: owner.userId,
      certificateName: 'provoke-failure',
    });
    assert.equal(response.status, 500);
    assert.deepEqual(response.body, { error: 'Internal server error' });
  } finally {
    await db.unsafe(`
      drop trigger api_test_fail_insert on public.certificates;
      drop function public.api_test_fail_insert();`);
  }
  const rows = await db`select 1 from public.certificates where user_id = ${owner.userId}`;
  assert.equal(rows.length, 0);
  assert.deepEqual(await storedObjects(`${owner.userId}/`), []);
});

test('user lists: own certificates with count and paging; with-name only named ones', async () => {
  const user = await freshUser('lister');
  const admin = await demo('admin');
  await uploadUnique(user, user.userId, 'Named one');
  await uploadUnique(admin, user.userId);
  await uploadUnique(user, user.userId, 'Named two');

  const all = await call<{ certificates: Certificate[]; count: number }>(
    'GET',
    `/certificates/user/${user.userId}`,
    {
      token: user.token,
    },
  );
  assert.equal(all.status, 200);
  assert.equal(all.body.count, 3);
  assert.deepEqual(
    all.body.certificates.map((c) => c.certificate_name),
    ['Named two', null, 'Named one'],
  );
  assert.ok(all.body.certificates.every((c) => c.user_id === user.userId && c.image_url));

  const page = await call<{ certificates: Certificate[]; count: number }>(
    'GET',
    `/certificates/user/${user.userId}?limit=2&offset=2`,
    { token: user.token },
  );
  assert.equal(page.body.count, 3);
  assert.deepEqual(
    page.body.certificates.map((c) => c.certificate_name),
    ['Named one'],
  );

  const named = await call<{ certificates: Certificate[] }>(
    'GET',
    `/certificates/user/${user.userId}/with-name`,
    {
      token: user.token,
    },
  );
  assert.deepEqual(named.body.certificates.map((c) => c.certificate_name).sort(), ['Named one', 'Named two']);

  assert.equal((await call('GET', '/certificates/user/not-a-uuid', { token: user.token })).status, 400);
  assert.equal(
    (await call('GET', `/certificates/user/${user.userId}?limit=0`, { token: user.token })).status,
    400,
  );
});

test('GET /certificates/all: defaults, filters, whitelisted sorting and pagination', async () => {
  const admin = await demo('admin');
  const owner = await freshUser('paging');
  for (const name of ['Charlie', 'Alpha', 'Bravo']) await uploadUnique(admin, owner.userId, name);

  const first = await call<CertificateListResponse>('GET', '/certificates/all?limit=2', {
    token: admin.token,
  });
  assert.equal(first.status, 200);
  assert.equal(first.body.certificates.length, 2);
  assert.deepEqual(first.body.pagination, { limit: 2, offset: 0, hasMore: first.body.totalCount > 2 });
  const dates = first.body.certificates.map((c) => c.created_at);
  assert.deepEqual([...dates].sort().reverse(), dates, 'default sort is created_at desc');

  const defaults = await call<CertificateListResponse>('GET', '/certificates/all', { token: admin.token });
  assert.equal(defaults.body.pagination.limit, 50);
  assert.equal(defaults.body.pagination.offset, 0);

  const last = await call<CertificateListResponse>(
    'GET',
    `/certificates/all?limit=2&offset=${first.body.totalCount - 1}`,
    { token: admin.token },
  );
  assert.equal(last.body.certificates.length, 1);
  assert.equal(last.body.pagination.hasMore, false);

  const byName = await call<CertificateListResponse>(
    'GET',
    '/certificates/all?sortBy=certificate_name&sortOrder=asc&fileType=image&verificationStatus=verified&limit=100',
    { token: admin.token },
  );
  const names = byName.body.certificates.map((c) => c.certificate_name).filter((n) => n !== null);
  assert.deepEqual(
    [...names].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
    names,
  );
  assert.ok(
    byName.body.certificates.every((c) => c.file_type === 'image' && c.verification_status === 'verified'),
  );

  for (const query of [
    'sortBy=password',
    'sortOrder=sideways',
    'fileType=svg',
    'verificationStatus=x',
    'limit=101',
    'offset=-1',
  ]) {
    const response = await call('GET', `/certificates/all?${query}`, { token: admin.token });
    assert.equal(response.status, 400, query);
    assert.equal(typeof response.body.error, 'string');
  }
});

test('stats are computed in SQL and follow uploads and revocations', async () => {
  const admin = await demo('admin');
  const before = await call<CertificateStatsResponse>('GET', '/certificates/stats', { token: admin.token });
  assert.equal(before.status, 200);
  const certificate = await uploadUnique(admin);
  const after = await call<CertificateStatsResponse>('GET', '/certificates/stats', { token: admin.token });
  assert.equal(after.body.stats.total, before.body.stats.total + 1);
  assert.ok(after.body.stats.totalFileSize > before.body.stats.totalFileSize);
  assert.equal(after.body.stats.byFileType.image, (before.body.stats.byFileType.image ?? 0) + 1);
  assert.equal(
    after.body.stats.byVerificationStatus.verified,
    (before.body.stats.byVerificationStatus.verified ?? 0) + 1,
  );

  const revokedBefore = await call<CertificateStatsResponse>('GET', '/certificates/stats?scope=revoked', {
    token: admin.token,
  });
  await call('POST', `/certificates/revoke/${certificate.id}`, { token: admin.token, json: REASON });
  const revokedAfter = await call<CertificateStatsResponse>('GET', '/certificates/stats?scope=revoked', {
    token: admin.token,
  });
  assert.equal(revokedAfter.body.stats.total, revokedBefore.body.stats.total + 1);
  assert.ok(revokedAfter.body.stats.latestRevokedAt);
  assert.equal((await call('GET', '/certificates/stats?scope=mine', { token: admin.token })).status, 400);
});

test('revoke and unrevoke: state, revoked list, conflicts and unknown ids', async () => {
  const admin = await demo('admin');
  const certificate = await uploadUnique(admin);

  const revoked = await call<RevokeCertificateResponse>('POST', `/certificates/revoke/${certificate.id}`, {
    token: admin.token,
    json: REASON,
  });
  assert.equal(revoked.status, 200);
  assert.ok(!Number.isNaN(Date.parse(revoked.body.revokedAt)));
  assert.equal(revoked.body.certificate.revoked, true);
  assert.equal(
    (await call('POST', `/certificates/revoke/${certificate.id}`, { token: admin.token, json: REASON }))
      .status,
    409,
  );

  const list = await call<CertificateListResponse>('GET', '/certificates/revoked?limit=100', {
    token: admin.token,
  });
  assert.equal(list.status, 200);
  assert.equal(list.body.certificates[0]?.id, certificate.id, 'default sort is revoked_at desc');
  assert.ok(list.body.certificates.every((c) => c.revoked));
  assert.equal(
    (await call('GET', '/certificates/revoked?sortBy=file_type', { token: admin.token })).status,
    400,
  );
  assert.equal(
    (await call('GET', '/certificates/revoked?verificationStatus=pending', { token: admin.token })).status,
    200,
  );

  const restored = await call<{ certificate: Certificate }>(
    'POST',
    `/certificates/unrevoke/${certificate.id}`,
    {
      token: admin.token,
    },
  );
  assert.equal(restored.status, 200);
  assert.equal(restored.body.certificate.revoked, false);
  assert.equal(restored.body.certificate.revoked_at, null);
  assert.equal(
    (await call('POST', `/certificates/unrevoke/${certificate.id}`, { token: admin.token })).status,
    409,
  );

  const unknown = crypto.randomUUID();
  assert.equal(
    (await call('POST', `/certificates/revoke/${unknown}`, { token: admin.token, json: REASON })).status,
    404,
  );
  assert.equal(
    (await call('POST', '/certificates/revoke/123', { token: admin.token, json: REASON })).status,
    400,
  );
});

test('two revokes of one certificate at once: one succeeds, one conflicts, the row is consistent', async () => {
  const admin = await demo('admin');
  const certificate = await uploadUnique(admin);
  const results = await Promise.all([
    call<RevokeCertificateResponse>('POST', `/certificates/revoke/${certificate.id}`, {
      token: admin.token,
      json: REASON,
    }),
    call<RevokeCertificateResponse>('POST', `/certificates/revoke/${certificate.id}`, {
      token: admin.token,
      json: REASON,
    }),
  ]);
  assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
  const winner = results.find((r) => r.status === 200)!;
  const [row] = await db<{ revoked: boolean; revoked_at: Date; revoked_by: string }[]>`
    select revoked, revoked_at, revoked_by from public.certificates where id = ${certificate.id}`;
  assert.equal(row?.revoked, true);
  assert.equal(row?.revoked_at.toISOString(), winner.body.revokedAt);
  assert.equal(row?.revoked_by, admin.userId);
});

test('review: an admin approves or rejects a pending upload, once', async () => {
  const admin = await demo('admin');
  const user = await freshUser('reviewed');
  const first = await uploadUnique(user);
  const second = await uploadUnique(user);

  const approved = await call<{ certificate: Certificate }>('POST', `/certificates/approve/${first.id}`, {
    token: admin.token,
  });
  assert.equal(approved.status, 200);
  assert.equal(approved.body.certificate.verification_status, 'verified');
  assert.equal((await call('POST', `/certificates/approve/${first.id}`, { token: admin.token })).status, 409);

  const rejected = await call<{ certificate: Certificate }>('POST', `/certificates/reject/${second.id}`, {
    token: admin.token,
  });
  assert.equal(rejected.body.certificate.verification_status, 'failed');
  const [row] = await db<
    { reviewed_by: string }[]
  >`select reviewed_by from public.certificates where id = ${second.id}`;
  assert.equal(row?.reviewed_by, admin.userId);
});

test('unknown routes are 404 with an error body', async () => {
  const response = await call('GET', '/certificates/nope/nope');
  assert.equal(response.status, 404);
  assert.equal(typeof response.body.error, 'string');
});
