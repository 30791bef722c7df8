/**
 * /verification: exact copies, re-encodings of the same certificate, edits, revoked, suspended, expired,
 * pending and rejected certificates, the attempt log, public stats, rate limiting and input errors.
 */
import assert from 'node:assert/strict';
import type {
  Certificate,
  CertificateStanding,
  MatchChannel,
  VerificationResult,
  VerificationStatsResponse,
} from '../../_shared/api-contract.ts';
import { parseServerTiming } from '../../_shared/http/server-timing.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import {
  ANON_KEY,
  call,
  db,
  one,
  demo,
  freshUser,
  sampleBytes,
  sampleDataUrl,
  test,
  toDataUrl,
  uniquePng,
  uniquePngDataUrl,
} from './helpers.ts';

const verify = (fileData: string, token = ANON_KEY) =>
  call<VerificationResult>('POST', '/verification/verify', { token, json: { fileData } });

/** The result's standing of the matched certificate: what its public page says about it. */
function standingOf(result: VerificationResult): CertificateStanding | null {
  const certificate = result.certificate;
  if (!certificate) return null;
  const { status, expiryDate, revokedAt, revocationReason, suspendedAt } = certificate;
  return { status, expiryDate, revokedAt, revocationReason, suspendedAt };
}

/** Today's date (YYYY-MM-DD) in the database, shifted by `days`. */
async function databaseDay(days: number): Promise<string> {
  return one(await db<{ day: string }[]>`select (current_date + ${days}::int)::text as day`).day;
}

let original: Promise<Certificate> | undefined;
/** base.png, uploaded once by the admin: the original every variant is compared with. */
/** How the engine finds a copy that is not the same bytes: the code or number it prints, or its page. */
const COMPARISON_CHANNELS: readonly MatchChannel[] = ['certificate_code', 'certificate_number', 'visual'];

function registeredOriginal(): Promise<Certificate> {
  original ??= (async () => {
    const admin = await demo('admin');
    const response = await call<{ certificate: Certificate }>('POST', '/certificates/upload-base64', {
      token: admin.token,
      json: {
        fileData: sampleDataUrl('base.png'),
        userId: admin.userId,
        mode: 'process',
        fileName: 'base.png',
      },
    });
    if (response.status !== 201)
      throw new Error(`upload of base.png: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.certificate;
  })();
  return original;
}

test('an exact copy verifies by file, with a short-lived link to the stored original', async () => {
  const certificate = await registeredOriginal();
  const response = await verify(sampleDataUrl('base.png'));
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const result = response.body;
  assert.equal(result.verified, true);
  assert.equal(result.outcome, 'valid');
  assert.equal(result.matchChannel, 'exact_file');
  assert.match(result.message, /verified/i);
  assert.equal(result.certificate?.id, certificate.id);
  assert.equal(result.certificate?.name, 'base');
  assert.equal(result.certificate?.fileType, 'image');
  assert.equal(result.certificate?.fileHash, certificate.file_hash);
  assert.equal(result.certificate?.contentHash, certificate.content_hash);
  assert.equal(result.certificate?.issuedDate, certificate.created_at);
  assert.deepEqual(
    standingOf(result),
    { status: 'valid', expiryDate: null, revokedAt: null, revocationReason: null, suspendedAt: null },
    'a valid certificate has nothing to explain',
  );
  assert.deepEqual(result.uploadedFile, {
    size: sampleBytes('base.png').length,
    type: 'image/png',
    hash: certificate.file_hash,
  });
  const image = await fetch(result.certificate!.imageUrl!);
  assert.equal(image.status, 200);
  assert.deepEqual(new Uint8Array(await image.arrayBuffer()), sampleBytes('base.png'));
  const token = new URL(result.certificate!.imageUrl!).searchParams.get('token')!;
  const claims = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    exp: number;
    iat: number;
  };
  assert.ok(claims.exp - claims.iat <= 600, 'the link lives at most 10 minutes');
});

for (const variant of ['variant-jpeg-quality-60.jpg', 'variant-png-to-jpeg.jpg', 'variant-resized-90.png']) {
  test(`the same certificate re-encoded (${variant}) verifies as authentic by comparison`, async () => {
    const certificate = await registeredOriginal();
    const admin = await demo('admin');
    const response = await verify(sampleDataUrl(variant), admin.token);
    assert.equal(response.status, 200);
    assert.equal(response.body.verified, true, JSON.stringify(response.body));
    // Found by its page hash (near enough to be examined first) or by the number it prints.
    assert.ok(
      COMPARISON_CHANNELS.includes(response.body.matchChannel ?? 'exact_file'),
      `found by comparison, not by its bytes: ${response.body.matchChannel}`,
    );
    // Where the time went, stage by stage, the engine's (and through it OCR's) included.
    const stages = parseServerTiming(response.headers.get('server-timing')).map(([name]) => name);
    for (const stage of ['read', 'exact', 'engine', 'engine-decode', 'engine-examine', 'engine-decode-cpu'])
      assert.ok(stages.includes(stage), `Server-Timing has ${stage}: ${stages.join(', ')}`);
    assert.equal(response.body.verdict, 'authentic');
    assert.deepEqual(response.body.differences, []);
    assert.ok(response.body.confidence > 0.5);
    assert.equal(response.body.certificate?.id, certificate.id);
    assert.notEqual(response.body.uploadedFile.hash, certificate.file_hash);
  });
}

for (const edited of ['edited-name.png', 'edited-date.png', 'edited-date.jpg']) {
  test(`an edited copy (${edited}) is answered altered, with the changed region named and outlined`, async () => {
    const certificate = await registeredOriginal();
    await db`update public.certificates set recipient_name = 'Jane Doe' where id = ${certificate.id}`;
    const admin = await demo('admin');
    const response = await verify(sampleDataUrl(edited), admin.token);
    assert.equal(response.status, 200);
    const result = response.body;
    assert.equal(result.verified, false, JSON.stringify({ ...result, evidence: undefined }));
    assert.equal(result.verdict, 'altered');
    assert.equal(result.certificate?.id, certificate.id);
    assert.equal(result.certificate?.imageUrl, null, 'no link to the original for an altered copy');
    // Which certificate, not what it says: a forger can aim the engine at any certificate.
    assert.equal(result.certificate?.recipientName, null);
    assert.ok(result.differences.length > 0);
    for (const difference of result.differences) {
      assert.ok(
        difference.box.width > 0 && difference.box.x >= 0 && difference.box.x + difference.box.width <= 1,
      );
    }
    const expected = edited.includes('name') ? 'recipient_name' : 'issue_date';
    assert.ok(
      result.differences.some((difference) => difference.field === expected),
      `a difference names ${expected}: ${JSON.stringify(result.differences)}`,
    );
    assert.match(result.evidence?.originalPage ?? '', /^data:image\/png;base64,/);
    assert.match(result.evidence?.alignedCopy ?? '', /^data:image\/png;base64,/);
  });
}

test('a revoked certificate does not verify, and the message says it was revoked', async () => {
  const admin = await demo('admin');
  const upload = await call<{ certificate: Certificate }>('POST', '/certificates/upload-base64', {
    token: admin.token,
    json: { fileData: sampleDataUrl('distinct-2.jpg'), userId: admin.userId, mode: 'process' },
  });
  assert.equal(upload.status, 201, JSON.stringify(upload.body));
  await call('POST', `/certificates/revoke/${upload.body.certificate.id}`, {
    token: admin.token,
    json: { reason: 'Issued in error' },
  });

  const response = await verify(sampleDataUrl('distinct-2.jpg'));
  assert.equal(response.body.verified, false);
  assert.equal(response.body.outcome, 'revoked');
  assert.equal(response.body.matchChannel, 'exact_file');
  assert.match(response.body.message, /revoked/i);
  assert.equal(response.body.certificate?.id, upload.body.certificate.id);
  assert.equal(response.body.certificate?.imageUrl, null);
  // When and why, as the public page says it.
  const [row] = await db<{ revoked_at: Date }[]>`
    select revoked_at from public.certificates where id = ${upload.body.certificate.id}`;
  assert.deepEqual(standingOf(response.body), {
    status: 'revoked',
    expiryDate: null,
    revokedAt: row!.revoked_at.toISOString(),
    revocationReason: 'Issued in error',
    suspendedAt: null,
  });

  await call('POST', `/certificates/unrevoke/${upload.body.certificate.id}`, { token: admin.token });
  const unrevoked = await verify(sampleDataUrl('distinct-2.jpg'), admin.token);
  assert.equal(unrevoked.body.verified, true);
  assert.deepEqual(standingOf(unrevoked.body), {
    status: 'valid',
    expiryDate: null,
    revokedAt: null,
    revocationReason: null,
    suspendedAt: null,
  });
});

test('a verification shows the recipient and dates printed on an issued certificate, by file and by hash', async () => {
  const admin = await demo('admin');
  const expiryDate = await databaseDay(365);
  const png = await uniquePng();
  const upload = await call<{ certificate: Certificate }>('POST', '/certificates/upload-base64', {
    token: admin.token,
    json: {
      fileData: toDataUrl(png, 'image/png'),
      userId: admin.userId,
      mode: 'process',
      certificateName: 'Certificate of Completion',
      recipientName: 'Jane Doe',
      issueDate: '2026-01-15',
      expiryDate,
    },
  });
  assert.equal(upload.status, 201, JSON.stringify(upload.body));
  const fileHash = await sha256Hex(png);
  const byFile = await verify(toDataUrl(png, 'image/png'));
  const byHash = await call<VerificationResult>('POST', '/verification/verify-hash', {
    json: { fileHash, size: png.length, type: 'image/png' },
  });
  for (const response of [byFile, byHash]) {
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const certificate = response.body.certificate;
    assert.equal(certificate?.id, upload.body.certificate.id);
    assert.deepEqual(
      {
        name: certificate?.name,
        recipientName: certificate?.recipientName,
        issueDate: certificate?.issueDate,
        expiryDate: certificate?.expiryDate,
        status: certificate?.status,
      },
      {
        name: 'Certificate of Completion',
        recipientName: 'Jane Doe',
        issueDate: '2026-01-15',
        expiryDate,
        status: 'valid',
      },
    );
    assert.equal(response.body.outcome, certificate?.status);
  }
});

/**
 * Checks that the registered original, put in a standing by `arrange` and back by `restore`, is
 * answered with that standing by both paths: its own bytes (exact file) and a re-encoded copy (engine).
 */
async function answersWithStanding(
  standing: 'suspended' | 'expired',
  message: RegExp,
  arrange: (id: string) => Promise<void>,
  restore: (id: string) => Promise<void>,
  explained: (id: string) => Promise<CertificateStanding>,
) {
  const certificate = await registeredOriginal();
  const admin = await demo('admin');
  await arrange(certificate.id);
  try {
    const expected = await explained(certificate.id);
    const exact = await verify(sampleDataUrl('base.png'), admin.token);
    const copy = await verify(sampleDataUrl('variant-png-to-jpeg.jpg'), admin.token);
    for (const [response, channels, verdict] of [
      [exact, ['exact_file'], 'identical'],
      [copy, COMPARISON_CHANNELS, 'authentic'],
    ] as const) {
      const result = response.body;
      assert.equal(response.status, 200, JSON.stringify(result));
      const summary = JSON.stringify({ ...result, evidence: undefined });
      assert.deepEqual(
        { verified: result.verified, outcome: result.outcome, verdict: result.verdict },
        { verified: false, outcome: standing, verdict },
        summary,
      );
      const channel = result.matchChannel ?? 'none';
      assert.ok((channels as readonly string[]).includes(channel), summary);
      assert.match(result.message, message);
      assert.equal(result.certificate?.id, certificate.id);
      assert.equal(result.certificate?.imageUrl, null, 'no link to the original of a certificate not valid');
      assert.deepEqual(standingOf(result), expected, `the ${channel} result says why`);
      const [attempt] = await db<{ outcome: string; verified: boolean }[]>`
        select outcome, verified from public.verification_attempts
        where file_hash = ${result.uploadedFile.hash} order by id desc limit 1`;
      assert.deepEqual({ ...attempt }, { outcome: standing, verified: false });
    }
  } finally {
    await restore(certificate.id);
  }
  assert.equal((await verify(sampleDataUrl('base.png'), admin.token)).body.outcome, 'valid');
}

test('a suspended certificate does not verify by file or by comparison, and the message says so', async () => {
  const admin = await demo('admin');
  await answersWithStanding(
    'suspended',
    /suspended/i,
    async (id) => {
      const response = await call('POST', `/certificates/suspend/${id}`, {
        token: admin.token,
        json: { reason: 'Under investigation' },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    },
    async (id) => {
      await call('POST', `/certificates/resume/${id}`, { token: admin.token });
    },
    async (id) => {
      const [row] = await db<{ suspended_at: Date }[]>`
        select suspended_at from public.certificates where id = ${id}`;
      return {
        status: 'suspended',
        expiryDate: null,
        revokedAt: null,
        revocationReason: null,
        suspendedAt: row!.suspended_at.toISOString(),
      };
    },
  );
});

test('an expired certificate does not verify by file or by comparison, and the message says so', async () => {
  await answersWithStanding(
    'expired',
    /expired/i,
    async (id) => {
      await db`update public.certificates set expiry_date = current_date - 1 where id = ${id}`;
    },
    async (id) => {
      await db`update public.certificates set expiry_date = null where id = ${id}`;
    },
    async () => ({
      status: 'expired',
      expiryDate: await databaseDay(-1),
      revokedAt: null,
      revocationReason: null,
      suspendedAt: null,
    }),
  );
});

test('a pending upload does not verify until approved; a rejected one never does', async () => {
  const admin = await demo('admin');
  const user = await freshUser('verify-pending');
  const upload = await call<{ certificate: Certificate }>('POST', '/certificates/upload-base64', {
    token: user.token,
    json: { fileData: sampleDataUrl('scanned.pdf'), userId: user.userId, mode: 'process' },
  });
  assert.equal(upload.status, 201, JSON.stringify(upload.body));
  assert.equal(upload.body.certificate.file_type, 'pdf');
  const [registration] = await db<{ lines: number }[]>`
    select jsonb_array_length(lines)::int as lines from private.certificate_registrations
    where certificate_id = ${upload.body.certificate.id}`;
  assert.ok((registration?.lines ?? 0) > 3, 'the scanned PDF was registered and its lines read by OCR');

  const pending = await verify(sampleDataUrl('scanned.pdf'), admin.token);
  assert.equal(pending.body.verified, false);
  assert.equal(pending.body.outcome, 'pending');
  assert.match(pending.body.message, /pending/i);

  await call('POST', `/certificates/reject/${upload.body.certificate.id}`, { token: admin.token });
  const rejected = await verify(sampleDataUrl('scanned.pdf'), admin.token);
  assert.equal(rejected.body.outcome, 'failed');
  assert.match(rejected.body.message, /rejected/i);
});

test('an unknown file is not found; every attempt is logged with hashes only', async () => {
  const png = await uniquePng();
  const { before } = one(
    await db<{ before: number }[]>`select count(*)::int as before from public.verification_attempts`,
  );
  const response = await verify(toDataUrl(png, 'image/png'));
  assert.equal(response.status, 200);
  assert.equal(response.body.verified, false);
  assert.equal(response.body.outcome, 'not_found');
  assert.equal(response.body.matchChannel, null);
  assert.equal(response.body.verdict, 'unknown');
  assert.ok(response.body.reasons.length > 0);
  assert.match(response.body.message, /not found/i);
  assert.equal(response.body.certificate, null);

  const rows = await db`
    select * from public.verification_attempts where file_hash = ${response.body.uploadedFile.hash}`;
  assert.equal(rows.length, 1);
  const { after } = one(
    await db<{ after: number }[]>`select count(*)::int as after from public.verification_attempts`,
  );
  assert.ok(after >= before + 1);
  const row = rows[0]!;
  assert.equal(row.verified, false);
  assert.equal(row.outcome, 'not_found');
  assert.match(String(row.requester_hash), /^[0-9a-f]{64}$/);
  assert.ok(row.created_at instanceof Date);
  assert.deepEqual(Object.keys(row).sort(), [
    'certificate_id',
    'created_at',
    'file_hash',
    'file_size',
    'id',
    'match_channel',
    'mime_type',
    'outcome',
    'requester_hash',
    'verdict',
    'verified',
  ]);
  assert.equal(row.verdict, 'unknown');
});

test('GET /verification/stats is public and counts certificates and attempts', async () => {
  await registeredOriginal();
  const before = await call<VerificationStatsResponse>('GET', '/verification/stats');
  assert.equal(before.status, 200);
  const { stats } = before.body;
  assert.deepEqual(Object.keys(stats).sort(), [
    'revokedCertificates',
    'totalCertificates',
    'verificationRate',
    'verifiedCertificates',
  ]);
  assert.ok(stats.totalCertificates >= stats.verifiedCertificates);
  assert.ok(stats.verificationRate >= 0 && stats.verificationRate <= 100);
  await verify(sampleDataUrl('base.png'));
  const { rate } = one(
    await db<{ rate: string }[]>`
    select round(100.0 * count(*) filter (where verified) / count(*), 1)::text as rate from public.verification_attempts`,
  );
  const after = await call<VerificationStatsResponse>('GET', '/verification/stats');
  assert.equal(after.body.stats.verificationRate, Number(rate));
});

test('verification input errors: SVG 415, 11 MB 413, not a data URL 400, bad JSON 400', async () => {
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
  const admin = await demo('admin');
  assert.equal((await verify(toDataUrl(svg, 'image/svg+xml'), admin.token)).status, 415);
  const big = new Uint8Array(11 * 1024 * 1024);
  big.set(await uniquePng());
  const tooLarge = await verify(toDataUrl(big, 'image/png'), admin.token);
  assert.equal(tooLarge.status, 413);
  assert.equal((tooLarge.body as unknown as { error: string }).error, 'File size must be less than 10MB');
  assert.equal((await verify('not a data url', admin.token)).status, 400);
  const badJson = await call('POST', '/verification/verify', { token: admin.token, rawBody: '{' });
  assert.equal(badJson.status, 400);
});

test('verification is rate-limited per client with 429 and Retry-After', async () => {
  const user = await freshUser('rate-limited');
  const statuses: number[] = [];
  // Invalid bodies are counted too (the limit applies before parsing) and cost no processing.
  for (let i = 0; i < 31; i++) {
    statuses.push((await call('POST', '/verification/verify', { token: user.token, json: {} })).status);
  }
  assert.deepEqual(statuses.slice(0, 30), new Array(30).fill(400));
  const limited = await call('POST', '/verification/verify', {
    token: user.token,
    json: { fileData: await uniquePngDataUrl() },
  });
  assert.equal(limited.status, 429);
  assert.equal(typeof limited.body.error, 'string');
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
});
