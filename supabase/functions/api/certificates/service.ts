/** Certificate reads and admin actions. Every query runs as the caller, so RLS has the last word. */
import type { z } from 'zod';
import type {
  Certificate,
  CertificateDetailResponse,
  CertificateEventAction,
  CertificateFieldsUpdateResponse,
  CertificateListResponse,
  CertificateStats,
  CertificateStatus,
  FileType,
  PublicCertificatePage,
  updateCertificateRequestSchema,
  listCertificatesQuerySchema,
  listRevokedCertificatesQuerySchema,
  userCertificatesQuerySchema,
  VerificationStatus,
} from '../../_shared/api-contract.ts';
import { asCaller, type Tx } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/errors.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { NO_RECIPIENT, resolveRecipient } from './invitation.ts';
import {
  CERTIFICATE_BUCKET,
  type CertificateRow,
  certificateColumns,
  ISSUED_FIELD_COLUMNS,
  type IssuedFieldsRow,
  issuedFieldColumns,
  issuedFieldsOf,
  withImageUrls,
} from './model.ts';

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

/**
 * GET /certificates/user/{userId}: the certificates the user uploaded or that were issued to them
 * (holder), newest first; a user asks for their own, an admin for anyone's.
 */
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
      where c.user_id = ${userId} or c.holder_id = ${userId}
      order by c.created_at desc, c.id desc
      limit ${query.limit} offset ${query.offset}`;
    const [count] = await tx<{ total: number }[]>`
      select count(*)::int as total from public.certificates c
      where c.user_id = ${userId} or c.holder_id = ${userId}`;
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
    where (c.user_id = ${userId} or c.holder_id = ${userId}) and coalesce(btrim(c.certificate_name), '') <> ''
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
  reason?: string,
): Promise<Certificate> {
  const row = await asCaller(deps.sql, user, async (tx) => {
    // The history trigger reads the reason of a change that has no column of its own (unrevoke, resume, edit).
    if (reason) await tx`select set_config('certificates.change_reason', ${reason}, true)`;
    const [updated] = await update(tx);
    if (updated) return updated;
    if (!(await findVisible(tx, id))) throw new HttpError(404, 'Certificate not found');
    throw new HttpError(409, conflictMessage);
  });
  const [certificate] = await withImageUrls(deps.storage, user.token, [row]);
  return certificate!;
}

/** POST /certificates/revoke/{id} (admin): the reason is required and shown on the public page. */
export async function revokeCertificate(deps: AppDeps, user: SignedIn, id: string, reason: string) {
  const certificate = await transition(
    deps,
    user,
    id,
    (tx) => tx<CertificateRow[]>`
      update public.certificates c
      set revoked = true, revoked_at = now(), revoked_by = ${user.userId}, revocation_reason = ${reason}
      where c.id = ${id} and not c.revoked
      returning ${certificateColumns(tx)}`,
    'Certificate is already revoked',
  );
  return { message: 'Certificate revoked', revokedAt: certificate.revoked_at!, certificate };
}

/** POST /certificates/unrevoke/{id} (admin); an optional reason goes to the history. */
export async function unrevokeCertificate(deps: AppDeps, user: SignedIn, id: string, reason?: string) {
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
    reason,
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

/** POST /certificates/suspend/{id} (admin): temporarily not valid, with a reason. */
export async function suspendCertificate(deps: AppDeps, user: SignedIn, id: string, reason: string) {
  const certificate = await transition(
    deps,
    user,
    id,
    (tx) => tx<CertificateRow[]>`
      update public.certificates c
      set suspended = true, suspended_at = now(), suspension_reason = ${reason}
      where c.id = ${id} and not c.suspended
      returning ${certificateColumns(tx)}`,
    'Certificate is already suspended',
  );
  return { message: 'Certificate suspended', certificate };
}

/** POST /certificates/resume/{id} (admin): ends a suspension. */
export async function resumeCertificate(deps: AppDeps, user: SignedIn, id: string, reason?: string) {
  const certificate = await transition(
    deps,
    user,
    id,
    (tx) => tx<CertificateRow[]>`
      update public.certificates c
      set suspended = false, suspended_at = null
      where c.id = ${id} and c.suspended
      returning ${certificateColumns(tx)}`,
    'Certificate is not suspended',
    reason,
  );
  return { message: 'Certificate resumed', certificate };
}

type FieldsInput = z.output<typeof updateCertificateRequestSchema>;

const FIELD_COLUMNS = {
  ...ISSUED_FIELD_COLUMNS,
  recipientEmail: 'recipient_email',
} as const satisfies Record<keyof Omit<FieldsInput, 'reason' | 'invitationRedirectTo'>, string>;

/** The given fields as column values (null clears a field; an absent key leaves it as it is). */
export function fieldColumns(fields: Partial<Omit<FieldsInput, 'reason'>>): Record<string, string | null> {
  const columns: Record<string, string | null> = {};
  for (const [key, column] of Object.entries(FIELD_COLUMNS)) {
    const value = fields[key as keyof typeof FIELD_COLUMNS];
    if (value !== undefined) columns[column] = value;
  }
  return columns;
}

const DUPLICATE_NUMBER = 'Another certificate already has this certificate number';

/** A unique violation on the certificate number as a 409; anything else unchanged. */
export function explainConstraint(error: unknown): unknown {
  const e = error as { code?: string; constraint_name?: string };
  if (e?.code === '23505' && e.constraint_name === 'certificates_certificate_number_key') {
    return new HttpError(409, DUPLICATE_NUMBER);
  }
  if (e?.code === '23514' && e.constraint_name === 'certificates_expiry_not_before_issue') {
    return new HttpError(400, 'The expiry date cannot be before the issue date');
  }
  return error;
}

/** PATCH /certificates/{id} (admin): edit the printed fields and the recipient; recorded in the history. */
export async function updateCertificateFields(
  deps: AppDeps,
  user: SignedIn,
  id: string,
  input: FieldsInput,
): Promise<CertificateFieldsUpdateResponse> {
  const { reason, invitationRedirectTo, ...fields } = input;
  const columns = fieldColumns(fields);
  if (Object.keys(columns).length === 0) throw new HttpError(400, 'Nothing to change');
  let certificate: Certificate;
  let previousEmail: string | null | undefined;
  try {
    certificate = await transition(
      deps,
      user,
      id,
      async (tx) => {
        const [before] = await tx<{ recipient_email: string | null }[]>`
          select recipient_email from public.certificates where id = ${id} for update`;
        previousEmail = before?.recipient_email;
        return tx<CertificateRow[]>`
          update public.certificates c set ${tx(columns)}
          where c.id = ${id}
          returning ${certificateColumns(tx)}`;
      },
      'Certificate could not be changed',
      reason,
    );
  } catch (error) {
    throw explainConstraint(error);
  }
  // A new recipient address is resolved (and invited) as on issue; the change itself is already saved.
  const readdressed = 'recipient_email' in columns && certificate.recipient_email !== previousEmail;
  const recipient = readdressed
    ? await resolveRecipient(deps, certificate, invitationRedirectTo)
    : NO_RECIPIENT;
  return { message: 'Certificate updated', certificate, ...recipient };
}

/** PATCH /certificates/{id}/page: the admin, the owner or the holder makes the public page public or private. */
export async function setCertificatePage(deps: AppDeps, user: SignedIn, id: string, isPublic: boolean) {
  const row = await asCaller(deps.sql, user, async (tx) => {
    const [changed] = await tx<{ ok: boolean }[]>`
      select private.set_certificate_page_public(${id}, ${isPublic}) as ok`;
    if (!changed?.ok) throw new HttpError(404, 'Certificate not found');
    return (await findVisible(tx, id))!;
  });
  const [certificate] = await withImageUrls(deps.storage, user.token, [row]);
  return {
    message: isPublic ? 'The certificate page is public' : 'The certificate page is private',
    certificate: certificate!,
  };
}

interface EventRow {
  id: string;
  action: CertificateEventAction;
  actor_id: string | null;
  actor_email: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/** GET /certificates/{id}: one certificate with its history, for its owner, its holder or an admin. */
export async function getCertificate(
  deps: AppDeps,
  user: SignedIn,
  id: string,
): Promise<CertificateDetailResponse> {
  const { row, events } = await asCaller(deps.sql, user, async (tx) => {
    const row = await findVisible(tx, id);
    if (!row) throw new HttpError(404, 'Certificate not found');
    const events = await tx<EventRow[]>`
      select id, action, actor_id, actor_email, reason, details, created_at
      from public.certificate_events where certificate_id = ${id} order by id`;
    return { row, events };
  });
  const [certificate] = await withImageUrls(deps.storage, user.token, [row]);
  return {
    certificate: certificate!,
    history: events.map((event) => ({
      id: Number(event.id),
      action: event.action,
      actorId: event.actor_id,
      actorEmail: event.actor_email,
      reason: event.reason,
      details: event.details,
      createdAt: event.created_at.toISOString(),
    })),
  };
}

interface PublicPageRow extends IssuedFieldsRow {
  public_id: string;
  status: CertificateStatus;
  revoked_at: Date | null;
  revocation_reason: string | null;
  suspended_at: Date | null;
  created_at: Date;
  file_type: FileType;
  storage_path: string;
}

/** Public pages sign their image for ten minutes: enough to look, little to leak. */
const PUBLIC_URL_TTL_SECONDS = 10 * 60;

/**
 * GET /certificates/public/{publicId} (anyone): the public page, or 404 "Certificate not found" for a
 * private, unreviewed or unknown id alike. The image is signed with the service role, since the page
 * is public by the holder's or admin's choice and visitors have no storage rights.
 */
export async function getPublicCertificate(deps: AppDeps, publicId: string): Promise<PublicCertificatePage> {
  const [row] = await asCaller(
    deps.sql,
    { kind: 'anon' },
    (tx) => tx<PublicPageRow[]>`
      select c.public_id, ${issuedFieldColumns(tx)}, c.status, c.revoked_at, c.revocation_reason,
             c.suspended_at, c.created_at, c.file_type, c.storage_path
      from private.find_public_certificate(${publicId}) c`,
  );
  if (!row) throw new HttpError(404, 'Certificate not found');
  let imageUrl: string | null = null;
  try {
    const urls = await deps.storage.signedUrls(
      deps.env.serviceRoleKey,
      CERTIFICATE_BUCKET,
      [row.storage_path],
      PUBLIC_URL_TTL_SECONDS,
    );
    imageUrl = urls.get(row.storage_path) ?? null;
  } catch (error) {
    console.error('api: signing a public certificate URL failed', error);
  }
  const { certificateName, ...fields } = issuedFieldsOf(row);
  return {
    publicId: row.public_id,
    title: certificateName,
    ...fields,
    status: row.status,
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
    revocationReason: row.revocation_reason,
    suspendedAt: row.suspended_at ? row.suspended_at.toISOString() : null,
    registeredAt: row.created_at.toISOString(),
    fileType: row.file_type,
    imageUrl,
  };
}
