/**
 * The exact-file path of verification: the SHA-256 of the bytes equals a registered file's. It is the
 * common case (the verifier holds the file the issuer registered) and must run at the pace of the
 * hardware: decode, hash, one round trip to Postgres (lookup and attempt log in one SECURITY DEFINER
 * function), one signed URL. Anything else (other bytes) goes on to the content comparison.
 *
 * Two entries: `verifyExactFile` for an uploaded data URL, `verifyByHash` for a hash the browser
 * computed, so an identical file is answered without the file leaving the browser.
 */
import type {
  AcceptedMimeType,
  VerificationOutcome,
  VerificationResult,
  VerifyHashRequest,
} from '../../_shared/api-contract.ts';
import { MAX_FILE_BYTES } from '../../_shared/api-contract.ts';
import { decodeDataUrl } from '../../_shared/processing/data-url.ts';
import { detectFileType } from '../../_shared/processing/detect.ts';
import { UnsupportedFileTypeError } from '../../_shared/processing/errors.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import { CERTIFICATE_BUCKET } from '../certificates/model.ts';
import type { AppDeps } from '../deps.ts';

/** Result links are short-lived: a verifier looks once; a leaked link dies quickly. */
const RESULT_URL_TTL_SECONDS = 10 * 60;

export const HASH_MISS_REASON =
  'No registered file has these exact bytes; send the file to compare its content';

type ExactOutcome = Extract<VerificationOutcome, 'valid' | 'revoked' | 'pending' | 'failed'>;

interface ExactRow {
  id: string;
  certificate_name: string | null;
  file_type: 'image' | 'pdf';
  created_at: Date;
  file_hash: string;
  content_hash: string | null;
  storage_path: string;
  outcome: ExactOutcome;
}

const MESSAGES: Record<ExactOutcome, string> = {
  valid: 'Certificate verified: this file is identical to a registered certificate',
  revoked: 'Certificate has been revoked and is no longer valid',
  pending: 'Certificate is registered but still pending review, so it is not valid yet',
  failed: 'Certificate was rejected during review and is not valid',
};

/** The uploaded file, decoded and hashed once; the content path may reuse it. */
export interface HashedUpload {
  bytes: Uint8Array;
  mimeType: AcceptedMimeType;
  fileHash: string;
}

/** Decodes the data URL, sniffs its type and hashes it. 400/413/415 errors as the processing module throws them. */
export async function hashUpload(fileData: string): Promise<HashedUpload> {
  const bytes = decodeDataUrl(fileData, MAX_FILE_BYTES);
  const detected = detectFileType(bytes);
  if (!detected) throw new UnsupportedFileTypeError();
  return { bytes, mimeType: detected.mimeType, fileHash: await sha256Hex(bytes) };
}

const requesterHash = (deps: AppDeps, clientAddress: string) =>
  sha256Hex(`${deps.env.ipHashSalt}:${clientAddress}`);

/**
 * Looks the hash up and logs the attempt in one round trip (private.verify_exact_file). A miss is logged
 * only when `recordMiss`; the row is the match, or null.
 */
async function lookUp(
  deps: AppDeps,
  file: { fileHash: string; size: number; mimeType: string },
  clientAddress: string,
  recordMiss: boolean,
): Promise<ExactRow | null> {
  const rows = await deps.sql<ExactRow[]>`
    select id, certificate_name, file_type, created_at, file_hash, content_hash, storage_path, outcome
    from private.verify_exact_file(${file.fileHash}, ${file.size}, ${file.mimeType},
                                   ${await requesterHash(deps, clientAddress)}, ${recordMiss})`;
  return rows[0] ?? null;
}

async function resultFor(
  deps: AppDeps,
  row: ExactRow,
  uploaded: VerificationResult['uploadedFile'],
): Promise<VerificationResult> {
  const verified = row.outcome === 'valid';
  let imageUrl: string | null = null;
  if (verified) {
    try {
      // A verifier holding the certificate may see the stored original; no RLS policy can say
      // "whoever presents the matching file", so the service role signs this one link.
      imageUrl = await deps.storage.signedUrl(
        deps.env.serviceRoleKey,
        CERTIFICATE_BUCKET,
        row.storage_path,
        RESULT_URL_TTL_SECONDS,
      );
    } catch (error) {
      console.error('api: signing verification result failed', error);
    }
  }
  return {
    verified,
    message: MESSAGES[row.outcome],
    certificate: {
      id: row.id,
      name: row.certificate_name,
      fileType: row.file_type,
      issuedDate: row.created_at.toISOString(),
      fileHash: row.file_hash,
      contentHash: row.content_hash,
      imageUrl,
    },
    uploadedFile: uploaded,
    matchChannel: 'exact_file',
    outcome: row.outcome,
    verdict: 'identical',
    copyKind: 'original_file',
    differences: [],
    reasons: [],
    confidence: 1,
    evidence: null,
  };
}

/**
 * POST /verification/verify, exact path: the result when these bytes are a registered file (attempt
 * logged), or null when they are not (nothing logged: the content path logs the attempt).
 */
export async function verifyExactFile(
  deps: AppDeps,
  upload: HashedUpload,
  clientAddress: string,
): Promise<VerificationResult | null> {
  const uploaded = { size: upload.bytes.length, type: upload.mimeType, hash: upload.fileHash };
  const row = await lookUp(
    deps,
    { ...uploaded, fileHash: upload.fileHash, mimeType: upload.mimeType },
    clientAddress,
    false,
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
  clientAddress: string,
): Promise<VerificationResult> {
  const uploaded = { size: request.size, type: request.type, hash: request.fileHash };
  const row = await lookUp(
    deps,
    { fileHash: request.fileHash, size: request.size, mimeType: request.type },
    clientAddress,
    false,
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
  };
}
