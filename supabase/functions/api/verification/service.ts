/**
 * Public verification: is this file a registered, valid certificate, or a faithful copy of one,
 * or an altered one? Lookups go through narrow SECURITY DEFINER functions in schema `private`, so
 * a visitor learns about one matching certificate and can never list the table.
 *
 * Evidence, strongest first:
 *  1. exact_file: the SHA-256 of the bytes equals a stored file's (verdict identical), answered here;
 *  2. visual: the `engine` function lays the copy over the registered originals it retrieves and
 *     compares them region by region (verdict authentic, altered or unknown).
 */
import type {
  CopyKind,
  MatchChannel,
  Verdict,
  VerificationDifference,
  VerificationOutcome,
  VerificationResult,
  VerificationStats,
} from '../../_shared/api-contract.ts';
import { MAX_FILE_BYTES } from '../../_shared/api-contract.ts';
import type { Caller } from '../../_shared/auth.ts';
import { asCaller, type Tx } from '../../_shared/db.ts';
import { decodeDataUrl } from '../../_shared/processing/data-url.ts';
import { detectFileType } from '../../_shared/processing/detect.ts';
import { UnsupportedFileTypeError } from '../../_shared/processing/errors.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import { CERTIFICATE_BUCKET } from '../certificates/model.ts';
import type { AppDeps } from '../deps.ts';

/** Result links are short-lived: a verifier looks once; a leaked link dies quickly. */
export const RESULT_URL_TTL_SECONDS = 10 * 60;

interface Candidate {
  id: string;
  certificate_name: string | null;
  file_type: 'image' | 'pdf';
  created_at: Date;
  file_hash: string;
  content_hash: string | null;
  storage_path: string;
  verification_status: 'verified' | 'pending' | 'failed';
  revoked: boolean;
}

type Standing = Exclude<VerificationOutcome, 'not_found'>;

interface Finding {
  candidate: Candidate | null;
  channel: MatchChannel | null;
  verdict: Verdict;
  copyKind: CopyKind | null;
  differences: VerificationDifference[];
  reasons: string[];
  confidence: number;
  evidence: VerificationResult['evidence'];
}

function standingOf(candidate: Candidate): Standing {
  if (candidate.revoked) return 'revoked';
  return candidate.verification_status === 'verified' ? 'valid' : candidate.verification_status;
}

const findByFileHash = async (tx: Tx, fileHash: string) =>
  (await tx<Candidate[]>`select * from private.find_certificate_by_file_hash(${fileHash})`)[0];

const findById = async (tx: Tx, id: string) =>
  (await tx<Candidate[]>`select * from private.find_certificate_by_id(${id})`)[0];

const COPY_KIND_WORDS: Record<CopyKind, string> = {
  original_file: 'the registered file itself',
  digital_copy: 'a digital copy',
  scan: 'a scan',
  photo: 'a photo',
  screenshot: 'a screenshot',
};

function messageFor(finding: Finding, standing: Standing | null): string {
  switch (finding.verdict) {
    case 'unknown':
      return 'Certificate not found: no registered certificate matches this file';
    case 'altered':
      return 'Certificate altered: this copy differs from the registered certificate';
    case 'identical':
    case 'authentic': {
      const what =
        finding.verdict === 'identical'
          ? 'this file is identical to a registered certificate'
          : `this copy (${COPY_KIND_WORDS[finding.copyKind ?? 'digital_copy']}) matches a registered certificate`;
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
        default:
          return 'Certificate was rejected during review and is not valid';
      }
    }
  }
}

export interface VerifyRequestContext {
  /** The client's network address; only its salted hash is stored. */
  clientAddress: string;
}

async function compareWithEngine(deps: AppDeps, caller: Caller, fileData: string): Promise<Finding> {
  const answer = await deps.engine.verify(fileData);
  const candidate = answer.certificateId
    ? ((await asCaller(deps.sql, caller, (tx) => findById(tx, answer.certificateId!))) ?? null)
    : null;
  if (!candidate || answer.verdict === 'unknown') {
    return {
      candidate: null,
      channel: null,
      verdict: 'unknown',
      copyKind: null,
      differences: [],
      reasons: answer.reasons,
      confidence: answer.confidence,
      evidence: null,
    };
  }
  return {
    candidate,
    channel: 'visual',
    verdict: answer.verdict,
    copyKind: answer.copyKind,
    differences: answer.differences,
    reasons: answer.reasons,
    confidence: answer.confidence,
    evidence: answer.evidence,
  };
}

/**
 * POST /verification/verify. Every attempt is logged (hashes, verdict and outcome, never bytes or
 * text).
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

  const exact = await asCaller(deps.sql, caller, (tx) => findByFileHash(tx, fileHash));
  const finding: Finding = exact
    ? {
        candidate: exact,
        channel: 'exact_file',
        verdict: 'identical',
        copyKind: 'original_file',
        differences: [],
        reasons: ['The file has exactly the bytes of the registered certificate'],
        confidence: 1,
        evidence: null,
      }
    : await compareWithEngine(deps, caller, fileData);

  const standing = finding.candidate ? standingOf(finding.candidate) : null;
  const verified =
    standing === 'valid' && (finding.verdict === 'identical' || finding.verdict === 'authentic');
  await asCaller(
    deps.sql,
    caller,
    (tx) => tx`
    select private.record_verification_verdict(
      ${fileHash}, ${bytes.length}, ${detected.mimeType}, ${finding.verdict}, ${verified},
      ${standing ?? 'not_found'}, ${finding.channel}, ${finding.candidate?.id ?? null}, ${requesterHash})`,
  );

  let imageUrl: string | null = null;
  if (finding.candidate && verified) {
    try {
      // A verifier holding the certificate may see the stored original; no RLS policy can say
      // "whoever presents the matching file", so the service role signs this one link.
      imageUrl = await deps.storage.signedUrl(
        deps.env.serviceRoleKey,
        CERTIFICATE_BUCKET,
        finding.candidate.storage_path,
        RESULT_URL_TTL_SECONDS,
      );
    } catch (error) {
      console.error('api: signing verification result failed', error);
    }
  }

  const { candidate } = finding;
  return {
    verified,
    message: messageFor(finding, standing),
    certificate: candidate
      ? {
          id: candidate.id,
          name: candidate.certificate_name,
          fileType: candidate.file_type,
          issuedDate: candidate.created_at.toISOString(),
          fileHash: candidate.file_hash,
          contentHash: candidate.content_hash,
          imageUrl,
        }
      : null,
    uploadedFile: { size: bytes.length, type: detected.mimeType, hash: fileHash },
    matchChannel: finding.channel,
    outcome: standing ?? 'not_found',
    verdict: finding.verdict,
    copyKind: finding.copyKind,
    differences: finding.differences,
    reasons: finding.reasons,
    confidence: finding.confidence,
    evidence: finding.evidence,
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
