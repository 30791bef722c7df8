/**
 * Public verification: is this file, or a file with the same content, a registered and valid
 * certificate? Lookups go through the narrow SECURITY DEFINER functions in schema `private`, so a
 * visitor learns about one matching certificate and can never list the table.
 *
 * Evidence, strongest first:
 *  1. exact_file: the SHA-256 of the bytes equals a stored file's.
 *  2. same_content: the SHA-256 of the normalised text equals a stored certificate's, and, where both
 *     files have a visual fingerprint, the fingerprints agree that it is the same document.
 * A text match is never accepted on similarity alone: an edited name or date must not verify.
 */
import type {
  MatchChannel,
  Verdict,
  VerificationOutcome,
  VerificationResult,
  VerificationStats,
} from '../../_shared/api-contract.ts';
import { MAX_FILE_BYTES } from '../../_shared/api-contract.ts';
import type { Caller } from '../../_shared/auth.ts';
import { asCaller, type Tx } from '../../_shared/db.ts';
import {
  decodeDataUrl,
  fingerprintsAllowMatch,
  detectFileType,
  processCertificateFile,
  type ProcessedCertificateFile,
  sha256Hex,
  UnsupportedFileTypeError,
} from '../../_shared/processing/mod.ts';
import { CERTIFICATE_BUCKET } from '../certificates/model.ts';
import type { AppDeps } from '../deps.ts';

/** Result links are short-lived: a verifier looks once; a leaked link dies quickly. */
export const RESULT_URL_TTL_SECONDS = 10 * 60;

interface Candidate {
  id: string;
  certificate_name: string | null;
  file_type: 'image' | 'pdf';
  mime_type: string;
  created_at: Date;
  file_hash: string;
  content_hash: string | null;
  storage_path: string;
  visual_fingerprint: Uint8Array | null;
  verification_status: 'verified' | 'pending' | 'failed';
  revoked: boolean;
  revoked_at: Date | null;
}

/** v1 evidence names, as the attempts log records them until the v2 engine replaces this module. */
type V1Channel = 'exact_file' | 'same_content';

const CONTRACT_CHANNEL: Record<V1Channel, MatchChannel> = {
  exact_file: 'exact_file',
  same_content: 'visual',
};
const VERDICT_OF: Record<V1Channel, Verdict> = { exact_file: 'identical', same_content: 'authentic' };

interface Match {
  candidate: Candidate;
  channel: V1Channel;
  outcome: Extract<VerificationOutcome, 'valid' | 'revoked' | 'pending' | 'failed'>;
}

function outcomeOf(candidate: Candidate): Match['outcome'] {
  if (candidate.revoked) return 'revoked';
  return candidate.verification_status === 'verified' ? 'valid' : candidate.verification_status;
}

/** When several stored certificates share the content, a revocation must win over a valid twin. */
const OUTCOME_PRIORITY: Record<Match['outcome'], number> = { revoked: 0, valid: 1, pending: 2, failed: 3 };

function sameDocument(processed: ProcessedCertificateFile, candidate: Candidate): boolean {
  const stored = candidate.visual_fingerprint ? new Uint8Array(candidate.visual_fingerprint) : null;
  return fingerprintsAllowMatch(processed.fingerprint, stored);
}

const findByFileHash = async (tx: Tx, fileHash: string) =>
  (await tx<Candidate[]>`select * from private.find_certificate_by_file_hash(${fileHash})`)[0];

async function findByContent(tx: Tx, processed: ProcessedCertificateFile): Promise<Match | null> {
  if (!processed.contentHash) return null;
  const sameText = await tx<Candidate[]>`
    select * from private.find_certificates_by_content_hash(${processed.contentHash})`;
  const confirmed = sameText
    .filter((candidate) => sameDocument(processed, candidate))
    .map((candidate) => ({ candidate, channel: 'same_content' as const, outcome: outcomeOf(candidate) }))
    .sort((a, b) => OUTCOME_PRIORITY[a.outcome] - OUTCOME_PRIORITY[b.outcome]);
  return confirmed[0] ?? null;
}

function messageFor(match: Match | null): string {
  if (!match) return 'Certificate not found: no registered certificate matches this file';
  switch (match.outcome) {
    case 'valid':
      return match.channel === 'exact_file'
        ? 'Certificate verified: this file is identical to a registered certificate'
        : 'Certificate verified: the content of this file matches a registered certificate';
    case 'revoked':
      return 'Certificate has been revoked and is no longer valid';
    case 'pending':
      return 'Certificate is registered but still pending review, so it is not valid yet';
    case 'failed':
      return 'Certificate was rejected during review and is not valid';
  }
}

export interface VerifyRequestContext {
  /** The client's network address; only its salted hash is stored. */
  clientAddress: string;
}

/**
 * POST /verification/verify. Every attempt is logged (hashes and outcome, never bytes or text); the
 * content hash is logged only when it was computed, i.e. when the exact file was not found.
 */
export async function verifyCertificate(
  deps: AppDeps,
  caller: Caller,
  fileData: string,
  context: VerifyRequestContext,
): Promise<VerificationResult> {
  const bytes = decodeDataUrl(fileData, MAX_FILE_BYTES);
  const detected = detectFileType(bytes);
  if (!detected) throw new UnsupportedFileTypeError();
  const fileHash = await sha256Hex(bytes);
  const requesterHash = await sha256Hex(`${deps.env.ipHashSalt}:${context.clientAddress}`);

  // The exact file needs only its hash; text extraction (OCR) runs only when that misses.
  const exact = await asCaller(deps.sql, caller, (tx) => findByFileHash(tx, fileHash));
  let match: Match | null = exact
    ? { candidate: exact, channel: 'exact_file', outcome: outcomeOf(exact) }
    : null;
  let contentHash: string | null = null;
  if (!match) {
    const processed = await processCertificateFile(bytes);
    contentHash = processed.contentHash;
    match = await asCaller(deps.sql, caller, (tx) => findByContent(tx, processed));
  }

  await asCaller(
    deps.sql,
    caller,
    (tx) => tx`
    select private.record_verification_attempt(
      ${fileHash}, ${contentHash}, ${bytes.length}, ${detected.mimeType},
      ${match?.outcome === 'valid'}, ${match?.outcome ?? 'not_found'}, ${match?.channel ?? null},
      ${match?.candidate.id ?? null}, ${requesterHash})`,
  );

  const verified = match?.outcome === 'valid';
  let imageUrl: string | null = null;
  if (match && verified) {
    try {
      // A verifier holding the certificate may see the stored original; no RLS policy can say
      // "whoever presents the matching file", so the service role signs this one link.
      imageUrl = await deps.storage.signedUrl(
        deps.env.serviceRoleKey,
        CERTIFICATE_BUCKET,
        match.candidate.storage_path,
        RESULT_URL_TTL_SECONDS,
      );
    } catch (error) {
      console.error('api: signing verification result failed', error);
    }
  }

  return {
    verified,
    message: messageFor(match),
    certificate: match
      ? {
          id: match.candidate.id,
          name: match.candidate.certificate_name,
          fileType: match.candidate.file_type,
          issuedDate: match.candidate.created_at.toISOString(),
          fileHash: match.candidate.file_hash,
          contentHash: match.candidate.content_hash,
          imageUrl,
        }
      : null,
    uploadedFile: { size: bytes.length, type: detected.mimeType, hash: fileHash },
    matchChannel: match ? CONTRACT_CHANNEL[match.channel] : null,
    outcome: match?.outcome ?? 'not_found',
    verdict: match ? VERDICT_OF[match.channel] : 'unknown',
    copyKind: match?.channel === 'exact_file' ? 'original_file' : null,
    differences: [],
    reasons: [],
    confidence: match ? 1 : 0,
    evidence: null,
  };
}

/** GET /verification/stats: public tiles, computed in SQL. */
export async function verificationStats(deps: AppDeps, caller: Caller): Promise<VerificationStats> {
  const [row] = await asCaller(
    deps.sql,
    caller,
    (tx) => tx<{ stats: VerificationStats }[]>`
    select private.verification_stats() as stats`,
  );
  if (!row) throw new Error('verification_stats returned no row');
  return row.stats;
}
