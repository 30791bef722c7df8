/** Certificate reads and admin actions. Every query runs as the caller, so RLS has the last word. */
import type { z } from 'zod';
import type {
  Certificate,
  CertificateListResponse,
  CertificateStats,
  listCertificatesQuerySchema,
  listRevokedCertificatesQuerySchema,
  userCertificatesQuerySchema,
  VerificationStatus,
} from '../../_shared/api-contract.ts';
import { asCaller, type Tx } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/errors.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { type CertificateRow, certificateColumns, withImageUrls } from './model.ts';

type ListQuery = z.output<typeof listCertificatesQuerySchema>;
type RevokedQuery = z.output<typeof listRevokedCertificatesQuerySchema>;
type UserQuery = z.output<typeof userCertificatesQuerySchema>;

const empty = (tx: Tx) => tx``;

async function page(
  deps: AppDeps,
  user: SignedIn,
  query: (ListQuery | RevokedQuery) & { revokedOnly: boolean },
): Promise<CertificateListResponse> {
  const { rows, total } = await asCaller(deps.sql, user, async (tx) => {
    const filters = tx`
      where true
      ${query.revokedOnly ? tx`and c.revoked` : empty(tx)}
      ${query.fileType ? tx`and c.file_type = ${query.fileType}` : empty(tx)}
      ${
        'verificationStatus' in query && query.verificationStatus
          ? tx`and c.verification_status = ${query.verificationStatus}`
          : empty(tx)
      }`;
    const direction = query.sortOrder === 'asc' ? tx`asc` : tx`desc`;
    const rows = await tx<CertificateRow[]>`
      select ${certificateColumns(tx)} from public.certificates c
      ${filters}
      order by c.${tx(query.sortBy)} ${direction} nulls last, c.id ${direction}
      limit ${query.limit} offset ${query.offset}`;
    const [count] = await tx<{ total: number }[]>`
      select count(*)::int as total from public.certificates c ${filters}`;
    return { rows, total: count?.total ?? 0 };
  });
  return {
    certificates: await withImageUrls(deps.storage, user.token, rows),
    totalCount: total,
    pagination: { limit: query.limit, offset: query.offset, hasMore: query.offset + rows.length < total },
  };
}

/** GET /certificates/all (admin): every certificate, filtered, sorted and paged. */
export function listCertificates(deps: AppDeps, user: SignedIn, query: ListQuery) {
  return page(deps, user, { ...query, revokedOnly: false });
}

/** GET /certificates/revoked (admin). */
export function listRevokedCertificates(deps: AppDeps, user: SignedIn, query: RevokedQuery) {
  return page(deps, user, { ...query, revokedOnly: true });
}

function assertSelfOrAdmin(user: SignedIn, userId: string) {
  if (user.userId !== userId && user.role !== 'admin') {
    throw new HttpError(403, 'You can only view your own certificates');
  }
}

/** GET /certificates/user/{userId}: the owner's (or, for an admin, anyone's) certificates, newest first. */
export async function listUserCertificates(
  deps: AppDeps,
  user: SignedIn,
  userId: string,
  query: UserQuery,
): Promise<{ certificates: Certificate[]; count: number }> {
  assertSelfOrAdmin(user, userId);
  const { rows, total } = await asCaller(deps.sql, user, async (tx) => {
    const rows = await tx<CertificateRow[]>`
      select ${certificateColumns(tx)} from public.certificates c
      where c.user_id = ${userId}
      order by c.created_at desc, c.id desc
      limit ${query.limit} offset ${query.offset}`;
    const [count] = await tx<{ total: number }[]>`
      select count(*)::int as total from public.certificates c where c.user_id = ${userId}`;
    return { rows, total: count?.total ?? 0 };
  });
  return { certificates: await withImageUrls(deps.storage, user.token, rows), count: total };
}

/** GET /certificates/user/{userId}/with-name: the user's certificates that carry a name. */
export async function listUserNamedCertificates(
  deps: AppDeps,
  user: SignedIn,
  userId: string,
): Promise<{ certificates: Certificate[] }> {
  assertSelfOrAdmin(user, userId);
  const rows = await asCaller(
    deps.sql,
    user,
    (tx) => tx<CertificateRow[]>`
    select ${certificateColumns(tx)} from public.certificates c
    where c.user_id = ${userId} and coalesce(btrim(c.certificate_name), '') <> ''
    order by c.created_at desc, c.id desc`,
  );
  return { certificates: await withImageUrls(deps.storage, user.token, rows) };
}

/** GET /certificates/stats (admin): computed in SQL by public.certificate_stats. */
export async function certificateStats(
  deps: AppDeps,
  user: SignedIn,
  scope: 'all' | 'revoked',
): Promise<CertificateStats> {
  const [row] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<{ stats: CertificateStats }[]>`
    select public.certificate_stats(${scope}) as stats`,
  );
  if (!row) throw new Error('certificate_stats returned no row');
  return row.stats;
}

async function findVisible(tx: Tx, id: string): Promise<CertificateRow | undefined> {
  const [row] = await tx<CertificateRow[]>`
    select ${certificateColumns(tx)} from public.certificates c where c.id = ${id}`;
  return row;
}

/**
 * Runs one conditional update and explains a miss: 404 when the caller cannot see the certificate,
 * 409 when it is not in the state the action starts from. The condition in the UPDATE makes two
 * concurrent calls safe: the second waits for the first's row lock, re-checks, and misses.
 */
async function transition(
  deps: AppDeps,
  user: SignedIn,
  id: string,
  update: (tx: Tx) => Promise<CertificateRow[]>,
  conflictMessage: string,
): Promise<Certificate> {
  const row = await asCaller(deps.sql, user, async (tx) => {
    const [updated] = await update(tx);
    if (updated) return updated;
    if (!(await findVisible(tx, id))) throw new HttpError(404, 'Certificate not found');
    throw new HttpError(409, conflictMessage);
  });
  const [certificate] = await withImageUrls(deps.storage, user.token, [row]);
  return certificate!;
}

/** POST /certificates/revoke/{id} (admin). */
export async function revokeCertificate(deps: AppDeps, user: SignedIn, id: string) {
  const certificate = await transition(
    deps,
    user,
    id,
    (tx) => tx<CertificateRow[]>`
      update public.certificates c
      set revoked = true, revoked_at = now(), revoked_by = ${user.userId}
      where c.id = ${id} and not c.revoked
      returning ${certificateColumns(tx)}`,
    'Certificate is already revoked',
  );
  return { message: 'Certificate revoked', revokedAt: certificate.revoked_at!, certificate };
}

/** POST /certificates/unrevoke/{id} (admin). */
export async function unrevokeCertificate(deps: AppDeps, user: SignedIn, id: string) {
  const certificate = await transition(
    deps,
    user,
    id,
    (tx) => tx<CertificateRow[]>`
      update public.certificates c
      set revoked = false, revoked_at = null, revoked_by = null
      where c.id = ${id} and c.revoked
      returning ${certificateColumns(tx)}`,
    'Certificate is not revoked',
  );
  return { message: 'Certificate restored', certificate };
}

/** POST /certificates/approve/{id} and /reject/{id} (admin, extension): review a pending upload. */
export async function reviewCertificate(
  deps: AppDeps,
  user: SignedIn,
  id: string,
  decision: Exclude<VerificationStatus, 'pending'>,
) {
  const certificate = await transition(
    deps,
    user,
    id,
    (tx) => tx<CertificateRow[]>`
      update public.certificates c
      set verification_status = ${decision}, reviewed_by = ${user.userId}, reviewed_at = now()
      where c.id = ${id} and c.verification_status = 'pending'
      returning ${certificateColumns(tx)}`,
    'Certificate is not pending review',
  );
  return { message: decision === 'verified' ? 'Certificate approved' : 'Certificate rejected', certificate };
}
