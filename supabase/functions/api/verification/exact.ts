/**
 * The exact-file path of verification: the SHA-256 of the bytes equals a registered file's (a stored
 * original, or a verifiable copy the api made of one: public.certificate_copies). It is the
 * common case (the verifier holds the file the issuer registered) and must run at the pace of the
 * hardware: decode, hash, one round trip to Postgres (lookup and attempt log in one SECURITY DEFINER
 * function), one signed URL. Anything else (other bytes) goes on to the content comparison.
 *
 * Two entries: `verifyExactFile` for an uploaded data URL, `verifyByHash` for a hash the browser
 * computed, so an identical file is answered without the file leaving the browser.
 */
import type { AcceptedMimeType, VerificationResult, VerifyHashRequest } from '../../_shared/api-contract.ts';
import { MAX_FILE_BYTES } from '../../_shared/api-contract.ts';
import { decodeDataUrl } from '../../_shared/processing/data-url.ts';
import { detectFileType } from '../../_shared/processing/detect.ts';
import { UnsupportedFileTypeError } from '../../_shared/processing/errors.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import type { RateLimitedAction, RateLimitSubject } from '../../_shared/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { tooManyRequests } from '../limits.ts';
import {
  matchedCertificate,
  matchedCertificateColumns,
  type MatchedCertificateRow,
  originalLink,
  type Standing,
  standingMessage,
} from './result.ts';

export const HASH_MISS_REASON =
  'No registered file has these exact bytes; send the file to compare its content';

/** The caller's rate limit, in every row. */
interface LimitRow {
  allowed: boolean;
  retry_after: number;
  max_hits: number;
}

/** A refused call, or no registered file with these bytes: the certificate's columns are all null. */
interface MissRow extends LimitRow {
  id: null;
}

interface ExactRow extends LimitRow, MatchedCertificateRow {
  /** private.certificate_status of the certificate. */
  outcome: Standing;
  /** The bytes are a verifiable copy the api made of it (public.certificate_copies), not the stored file. */
  registered_copy: boolean;
}

/** The uploaded file, decoded and hashed once; the content path may reuse it. */
export interface HashedUpload {
  bytes: Uint8Array;
  mimeType: AcceptedMimeType;
  fileHash: string;
}

/**
 * Decodes the data URL, sniffs its type and hashes it. 400/413/415 errors as the processing module
 * throws them; `refuseWhitespace` as decodeDataUrl takes it.
 */
export async function hashUpload(
  fileData: string,
  options: { refuseWhitespace?: boolean } = {},
): Promise<HashedUpload> {
  const bytes = decodeDataUrl(fileData, MAX_FILE_BYTES, options);
  const detected = detectFileType(bytes);
  if (!detected) throw new UnsupportedFileTypeError();
  return { bytes, mimeType: detected.mimeType, fileHash: await sha256Hex(bytes) };
}

const requesterHash = (deps: AppDeps, clientAddress: string) =>
  sha256Hex(`${deps.env.ipHashSalt}:${clientAddress}`);

/**
 * Takes the caller's rate limit, looks the hash up and logs a hit, in one round trip
 * (private.verify_exact_file). 429 when the limit is used up; the row when a file matches, else null.
 */
async function lookUp(
  deps: AppDeps,
  action: Extract<RateLimitedAction, 'verify' | 'verify_hash'>,
  subject: RateLimitSubject,
  file: { fileHash: string; size: number; mimeType: string },
  clientAddress: string,
): Promise<ExactRow | null> {
  const override = deps.rateLimits[action] ?? {};
  const rows = await deps.sql<(ExactRow | MissRow)[]>`
    select allowed, retry_after, max_hits, outcome, registered_copy, ${matchedCertificateColumns(deps.sql)}
    from private.verify_exact_file(
      ${action}, ${subject.kind}, ${subject.kind === 'ip' ? subject.address : subject.userId},
      ${override[subject.kind] ?? null}::integer, ${override.windowSeconds ?? null}::integer,
      ${file.fileHash}, ${file.size}, ${file.mimeType}, ${await requesterHash(deps, clientAddress)})`;
  const row = rows[0];
  if (!row) throw new Error('verify_exact_file returned no row');
  if (!row.allowed)
    throw tooManyRequests(action, subject, { retryAfter: row.retry_after, limit: row.max_hits });
  return row.id ? row : null;
}

async function resultFor(
  deps: AppDeps,
  row: ExactRow,
  uploaded: VerificationResult['uploadedFile'],
): Promise<VerificationResult> {
  const verified = row.outcome === 'valid';
  const imageUrl = verified ? await originalLink(deps, row.storage_path) : null;
  return {
    verified,
    message: standingMessage(
      row.outcome,
      row.registered_copy
        ? 'this file is a verifiable copy made of a registered certificate'
        : 'this file is identical to a registered certificate',
    ),
    certificate: matchedCertificate(row, row.outcome, imageUrl),
    uploadedFile: uploaded,
    matchChannel: 'exact_file',
    outcome: row.outcome,
    verdict: 'identical',
    copyKind: row.registered_copy ? 'digital_copy' : 'original_file',
    differences: [],
    reasons: [],
    confidence: 1,
    evidence: null,
    registeredWithheld: false,
  };
}

/**
 * POST /verification/verify, exact path: counts the caller's verify limit (429 when used up), then the
 * result when these bytes are a registered file (attempt logged), or null when they are not (nothing
 * logged: the content path logs the attempt).
 */
export async function verifyExactFile(
  deps: AppDeps,
  upload: HashedUpload,
  subject: RateLimitSubject,
  clientAddress: string,
): Promise<VerificationResult | null> {
  const uploaded = { size: upload.bytes.length, type: upload.mimeType, hash: upload.fileHash };
  const row = await lookUp(
    deps,
    'verify',
    subject,
    { fileHash: upload.fileHash, size: uploaded.size, mimeType: upload.mimeType },
    clientAddress,
  );
  return row ? await resultFor(deps, row, uploaded) : null;
}

/**
 * POST /verification/verify-hash: 'identical' when a registered file has this SHA-256, otherwise
 * 'unknown' / not_found with a reason telling the client to send the file. A hit is logged like a
 * file verification; a miss is not, because the client then sends the file and that attempt is logged
 * (one verification, one row, so the success rate stays honest).
 */
export async function verifyByHash(
  deps: AppDeps,
  request: VerifyHashRequest,
  subject: RateLimitSubject,
  clientAddress: string,
): Promise<VerificationResult> {
  const uploaded = { size: request.size, type: request.type, hash: request.fileHash };
  const row = await lookUp(
    deps,
    'verify_hash',
    subject,
    { fileHash: request.fileHash, size: request.size, mimeType: request.type },
    clientAddress,
  );
  if (row) return await resultFor(deps, row, uploaded);
  return {
    verified: false,
    message: 'Certificate not found: no registered file has these exact bytes',
    certificate: null,
    uploadedFile: uploaded,
    matchChannel: null,
    outcome: 'not_found',
    verdict: 'unknown',
    copyKind: null,
    differences: [],
    reasons: [HASH_MISS_REASON],
    confidence: 0,
    evidence: null,
    registeredWithheld: false,
  };
}
