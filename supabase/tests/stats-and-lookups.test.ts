/**
 * The stats functions return api-contract.ts's shapes (VerificationStats, CertificateStats, UserStats)
 * with correct numbers, and the verification lookups return only what verification needs.
 * Each test empties the tables inside its rolled-back transaction so the numbers are exact.
 */
import assert from 'node:assert/strict';
import type { CertificateStats, UserStats, VerificationStats } from '../functions/_shared/api-contract.ts';
import { actAs, createAuthUser, hex64, inRollback, insertCertificate } from './_db.ts';
import type { Tx } from './_db.ts';

async function emptyDatabase(tx: Tx): Promise<void> {
  await tx`delete from public.verification_attempts`;
  await tx`delete from auth.users`;
}

async function recordAttempt(tx: Tx, outcome: string, certificateId: string | null): Promise<void> {
  const found = outcome !== 'not_found';
  await tx`select private.record_verification_verdict(${hex64()}, 10, 'image/png', ${found ? 'identical' : 'unknown'},
    ${outcome === 'valid'}, ${outcome}, ${found ? 'exact_file' : null}, ${certificateId}, 'requester')`;
}

/** Four users (admin, moderator, two users, one of them unconfirmed) and four certificates. */
async function scenario(tx: Tx) {
  await emptyDatabase(tx);
  const admin = await createAuthUser(tx);
  const moderator = await createAuthUser(tx);
  const user = await createAuthUser(tx);
  await createAuthUser(tx, { confirmed: false });
  await tx`update public.profiles set role = 'admin' where auth_id = ${admin.id}`;
  await tx`update public.profiles set role = 'moderator' where auth_id = ${moderator.id}`;
  const firstRevocation = new Date('2025-03-01T10:00:00Z');
  const lastRevocation = new Date('2025-04-02T12:30:00Z');
  const valid = await insertCertificate(tx, user.id, { verification_status: 'verified', file_size: 100 });
  await insertCertificate(tx, user.id, { file_type: 'pdf', file_size: 200 });
  await insertCertificate(tx, admin.id, {
    verification_status: 'verified',
    file_size: 300,
    revoked_at: firstRevocation,
  });
  await insertCertificate(tx, admin.id, {
    verification_status: 'failed',
    file_size: 400,
    revoked_at: lastRevocation,
  });
  return { admin, user, valid, lastRevocation };
}

Deno.test('verification stats: counts and the success rate of logged attempts, for anon', async () => {
  await inRollback(async (tx) => {
    const { valid } = await scenario(tx);
    await actAs(tx, null, 'anon');
    const [empty] = await tx<{ stats: VerificationStats }[]>`select private.verification_stats() as stats`;
    assert.deepEqual(empty?.stats, {
      totalCertificates: 4,
      verifiedCertificates: 1,
      revokedCertificates: 2,
      verificationRate: 0,
    });
    await recordAttempt(tx, 'valid', valid.id);
    await recordAttempt(tx, 'valid', valid.id);
    await recordAttempt(tx, 'not_found', null);
    const [after] = await tx<{ stats: VerificationStats }[]>`select private.verification_stats() as stats`;
    assert.deepEqual(after?.stats, {
      totalCertificates: 4,
      verifiedCertificates: 1,
      revokedCertificates: 2,
      verificationRate: 66.7,
    });
  });
});

Deno.test('certificate stats: all and revoked scopes for an admin, own rows for a user', async () => {
  await inRollback(async (tx) => {
    const { admin, user, lastRevocation } = await scenario(tx);
    await actAs(tx, null, 'admin', admin.id);
    const [all] = await tx<{ stats: CertificateStats }[]>`select public.certificate_stats() as stats`;
    const [revoked] = await tx<
      { stats: CertificateStats }[]
    >`select public.certificate_stats('revoked') as stats`;
    assert.ok(all && revoked);
    assert.equal(new Date(all.stats.latestRevokedAt ?? '').getTime(), lastRevocation.getTime());
    assert.equal(new Date(revoked.stats.latestRevokedAt ?? '').getTime(), lastRevocation.getTime());
    assert.deepEqual(
      { ...all.stats, latestRevokedAt: null },
      {
        total: 4,
        totalFileSize: 1000,
        byFileType: { image: 3, pdf: 1 },
        byVerificationStatus: { verified: 2, pending: 1, failed: 1 },
        latestRevokedAt: null,
      },
    );
    assert.deepEqual(
      { ...revoked.stats, latestRevokedAt: null },
      {
        total: 2,
        totalFileSize: 700,
        byFileType: { image: 2 },
        byVerificationStatus: { verified: 1, failed: 1 },
        latestRevokedAt: null,
      },
    );

    await actAs(tx, null, 'userA', user.id);
    const [own] = await tx<{ stats: CertificateStats }[]>`select public.certificate_stats() as stats`;
    assert.deepEqual(own?.stats, {
      total: 2,
      totalFileSize: 300,
      byFileType: { image: 1, pdf: 1 },
      byVerificationStatus: { verified: 1, pending: 1 },
      latestRevokedAt: null,
    });
    const [none] = await tx<
      { stats: CertificateStats }[]
    >`select public.certificate_stats('revoked') as stats`;
    assert.deepEqual(none?.stats, {
      total: 0,
      totalFileSize: 0,
      byFileType: {},
      byVerificationStatus: {},
      latestRevokedAt: null,
    });
    await assert.rejects(
      tx.savepoint((sp) => sp`select public.certificate_stats('everything')`),
      (e: { code?: string }) => e.code === '22023',
    );
  });
});

Deno.test('user stats: totals by role and status for an admin, only themselves for a user', async () => {
  await inRollback(async (tx) => {
    const { admin, user } = await scenario(tx);
    await actAs(tx, null, 'admin', admin.id);
    const [all] = await tx<{ stats: UserStats }[]>`select public.user_stats() as stats`;
    assert.deepEqual(all?.stats, {
      total: 4,
      byRole: { user: 2, moderator: 1, admin: 1 },
      byStatus: { active: 3, pending: 1 },
    });
    await actAs(tx, null, 'userA', user.id);
    const [own] = await tx<{ stats: UserStats }[]>`select public.user_stats() as stats`;
    assert.deepEqual(own?.stats, { total: 1, byRole: { user: 1 }, byStatus: { active: 1 } });
  });
});

Deno.test('anon cannot call the admin stats functions', async () => {
  await inRollback(async (tx) => {
    await actAs(tx, null, 'anon');
    for (const fn of ['public.certificate_stats()', 'public.user_stats()']) {
      await assert.rejects(
        tx.savepoint((sp) => sp.unsafe(`select ${fn}`)),
        (e: { code?: string }) => e.code === '42501',
        fn,
      );
    }
  });
});

Deno.test(
  'find_certificate_by_id: the certificate a verification found with its status and what explains it; narrow columns; callable by anon',
  async () => {
    await inRollback(async (tx) => {
      const owner = await createAuthUser(tx);
      const valid = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      await tx`
        update public.certificates set recipient_name = 'Jane Doe', issue_date = '2026-01-15'
        where id = ${valid.id}`;
      const revoked = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      await tx`
        update public.certificates
        set revoked = true, revoked_at = '2026-11-20T10:00:00Z', revocation_reason = 'Issued in error'
        where id = ${revoked.id}`;
      const suspended = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      await tx`
        update public.certificates
        set suspended = true, suspended_at = '2026-11-21T10:00:00Z', suspension_reason = 'Under review'
        where id = ${suspended.id}`;
      const expired = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      await tx`update public.certificates set expiry_date = current_date - 1 where id = ${expired.id}`;
      const pending = await insertCertificate(tx, owner.id);
      await actAs(tx, null, 'anon');

      const [row] = await tx`select * from private.find_certificate_by_id(${valid.id})`;
      // What the certificate's public page shows, and whether that page is public (an altered copy's
      // registered text may then be shown); no e-mail, owner, holder, text or suspension reason.
      assert.deepEqual(Object.keys(row ?? {}).sort(), [
        'certificate_name',
        'content_hash',
        'created_at',
        'expiry_date',
        'file_hash',
        'file_type',
        'id',
        'issue_date',
        'page_public',
        'recipient_name',
        'revocation_reason',
        'revoked_at',
        'status',
        'storage_path',
        'suspended_at',
      ]);
      const standing = async (id: string) =>
        ({
          ...(
            await tx`
              select recipient_name, issue_date::text, expiry_date = current_date - 1 as expired_yesterday,
                     revoked_at, revocation_reason, suspended_at
              from private.find_certificate_by_id(${id})`
          )[0],
        }) as Record<string, unknown>;
      assert.deepEqual(await standing(valid.id), {
        recipient_name: 'Jane Doe',
        issue_date: '2026-01-15',
        expired_yesterday: null,
        revoked_at: null,
        revocation_reason: null,
        suspended_at: null,
      });
      assert.deepEqual(await standing(revoked.id), {
        recipient_name: null,
        issue_date: null,
        expired_yesterday: null,
        revoked_at: new Date('2026-11-20T10:00:00Z'),
        revocation_reason: 'Issued in error',
        suspended_at: null,
      });
      assert.deepEqual(await standing(suspended.id), {
        recipient_name: null,
        issue_date: null,
        expired_yesterday: null,
        revoked_at: null,
        revocation_reason: null,
        suspended_at: new Date('2026-11-21T10:00:00Z'),
      });
      assert.equal((await standing(expired.id)).expired_yesterday, true);
      for (const [cert, status] of [
        [valid, 'valid'],
        [revoked, 'revoked'],
        [suspended, 'suspended'],
        [expired, 'expired'],
        [pending, 'pending'],
      ] as const) {
        const found = await tx<{ id: string; status: string }[]>`
          select id, status from private.find_certificate_by_id(${cert.id})`;
        assert.deepEqual(
          found.map((r) => ({ ...r })),
          [{ id: cert.id, status }],
        );
      }
      assert.equal(
        (await tx`select * from private.find_certificate_by_id(${crypto.randomUUID()})`).length,
        0,
      );
    });
  },
);
