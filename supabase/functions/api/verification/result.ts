/**
 * What both verification paths (exact file and engine comparison) put in a result about the certificate
 * that matched: its columns, the message for its standing and a short-lived link to its stored original.
 */
import type { FileType, VerificationOutcome, VerificationResult } from '../../_shared/api-contract.ts';
import type { Sql, Tx } from '../../_shared/db.ts';
import { CERTIFICATE_BUCKET } from '../certificates/model.ts';
import type { AppDeps } from '../deps.ts';

/** A matched certificate's standing: private.certificate_status, computed in SQL by both paths. */
export type Standing = Exclude<VerificationOutcome, 'not_found'>;

/**
 * A matched certificate as private.find_certificate_by_id returns it (private.verify_exact_file returns
 * the same columns), selected by matchedCertificateColumns.
 */
export interface MatchedCertificateRow {
  id: string;
  certificate_name: string | null;
  file_type: FileType;
  created_at: Date;
  file_hash: string;
  content_hash: string | null;
  storage_path: string;
  recipient_name: string | null;
  /** `date` columns are read as text (YYYY-MM-DD) so no time zone can shift them. */
  issue_date: string | null;
  expiry_date: string | null;
  revoked_at: Date | null;
  revocation_reason: string | null;
  suspended_at: Date | null;
}

/** The MatchedCertificateRow columns of either verification function's result. */
export const matchedCertificateColumns = (sql: Sql | Tx) => sql`
  id, certificate_name, file_type, created_at, file_hash, content_hash, storage_path, recipient_name,
  issue_date::text as issue_date, expiry_date::text as expiry_date, revoked_at, revocation_reason,
  suspended_at`;

/** The result's `certificate` for a matched row; `imageUrl` only when the result may show the original. */
export function matchedCertificate(
  row: MatchedCertificateRow,
  status: Standing,
  imageUrl: string | null,
): NonNullable<VerificationResult['certificate']> {
  return {
    id: row.id,
    name: row.certificate_name,
    fileType: row.file_type,
    issuedDate: row.created_at.toISOString(),
    fileHash: row.file_hash,
    contentHash: row.content_hash,
    imageUrl,
    recipientName: row.recipient_name,
    issueDate: row.issue_date,
    status,
    expiryDate: row.expiry_date,
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
    revocationReason: row.revocation_reason,
    suspendedAt: row.suspended_at ? row.suspended_at.toISOString() : null,
  };
}

/**
 * The certificate as a result shows it when the copy did not match it faithfully (altered): which
 * certificate and its status, not what is printed on it or when and why it was revoked or suspended.
 * Anyone can point the engine at a certificate by printing its number on a page of the same design.
 */
export function withoutDetails(
  certificate: NonNullable<VerificationResult['certificate']>,
): NonNullable<VerificationResult['certificate']> {
  return {
    ...certificate,
    recipientName: null,
    issueDate: null,
    expiryDate: null,
    revokedAt: null,
    revocationReason: null,
    suspendedAt: null,
  };
}

/** The message for a faithful copy (identical or authentic) of a certificate; `what` says how it matched. */
export function standingMessage(standing: Standing, what: string): string {
  switch (standing) {
    case 'valid':
      return `Certificate verified: ${what}`;
    case 'revoked':
      return 'Certificate has been revoked and is no longer valid';
    case 'suspended':
      return 'Certificate is suspended by its issuer and is not valid for now';
    case 'expired':
      return 'Certificate has expired';
    case 'pending':
      return 'Certificate is registered but still pending review, so it is not valid yet';
    case 'failed':
      return 'Certificate was rejected during review and is not valid';
  }
}

/** Result links are short-lived: a verifier looks once; a leaked link dies quickly. */
const RESULT_URL_TTL_SECONDS = 10 * 60;

/**
 * Signed links to stored originals, per instance. A link is signed for RESULT_URL_TTL_SECONDS and handed
 * out again only while it has at least half of that left, so a verifier always gets at least 5 minutes;
 * a certificate verified again within that time costs no round trip to Storage. Bounded in size.
 */
const signedLinks = new Map<string, { url: string; expiresAt: number }>();
const MAX_SIGNED_LINKS = 1000;

/** A link to a verified certificate's original, or null (logged) when Storage cannot sign one. */
export async function originalLink(deps: AppDeps, storagePath: string): Promise<string | null> {
  const now = Date.now();
  const cached = signedLinks.get(storagePath);
  if (cached && cached.expiresAt - now >= (RESULT_URL_TTL_SECONDS * 1000) / 2) return cached.url;
  let url: string;
  try {
    // A verifier holding the certificate may see the stored original; no RLS policy can say
    // "whoever presents the matching file", so the service role signs this one link.
    url = await deps.storage.signedUrl(
      deps.env.serviceRoleKey,
      CERTIFICATE_BUCKET,
      storagePath,
      RESULT_URL_TTL_SECONDS,
    );
  } catch (error) {
    console.error('api: signing verification result failed', error);
    return null;
  }
  signedLinks.delete(storagePath);
  signedLinks.set(storagePath, { url, expiresAt: now + RESULT_URL_TTL_SECONDS * 1000 });
  if (signedLinks.size > MAX_SIGNED_LINKS) {
    const oldest = signedLinks.keys().next().value;
    if (oldest !== undefined) signedLinks.delete(oldest);
  }
  return url;
}
