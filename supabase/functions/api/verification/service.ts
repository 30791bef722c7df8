/**
 * Public verification: is this file a registered, valid certificate, or a faithful copy of one,
 * or an altered one? Lookups go through narrow SECURITY DEFINER functions in schema `private`, so
 * a visitor learns about one matching certificate and can never list the table.
 *
 * Evidence, strongest first:
 *  1. exact_file: the SHA-256 of the bytes equals a stored file's (verdict identical), answered by
 *     exact.ts before this module is reached;
 *  2. certificate_code, certificate_number or visual: the `engine` function lays the copy over the
 *     registered originals it retrieves (first the one a verifiable copy's QR code names, then those
 *     its printed certificate number names, then by page hash) and compares them region by region
 *     (verdict authentic, altered or unknown), answered here.
 */
import type {
  ComparisonChannel,
  CopyKind,
  VerificationDifference,
  VerificationResult,
  VerificationStats,
} from '../../_shared/api-contract.ts';
import type { Caller } from '../../_shared/auth.ts';
import { asCaller, type Tx } from '../../_shared/db.ts';
import type { StageTimer } from '../../_shared/http/server-timing.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import type { VerifyResponse } from '../../_shared/verification/engine-protocol.ts';
import type { AppDeps } from '../deps.ts';
import { disclosed, mayShowRegistered } from './disclosure.ts';
import type { HashedUpload } from './exact.ts';
import {
  matchedCertificate,
  matchedCertificateColumns,
  withoutDetails,
  type MatchedCertificateRow,
  originalLink,
  type Standing,
  standingMessage,
} from './result.ts';

interface Candidate extends MatchedCertificateRow {
  /** private.certificate_status: the one rule for a certificate's standing. */
  status: Standing;
  page_public: boolean;
}

interface Finding {
  candidate: Candidate | null;
  channel: ComparisonChannel | null;
  verdict: VerifyResponse['verdict'];
  copyKind: CopyKind | null;
  differences: VerificationDifference[];
  reasons: string[];
  confidence: number;
  evidence: VerificationResult['evidence'];
}

const findById = async (tx: Tx, id: string) =>
  (
    await tx<Candidate[]>`
      select status, page_public, ${matchedCertificateColumns(tx)}
      from private.find_certificate_by_id(${id})`
  )[0];

const COPY_KIND_WORDS: Record<CopyKind, string> = {
  original_file: 'the registered file itself',
  digital_copy: 'a digital copy',
  scan: 'a scan',
  photo: 'a photo',
  screenshot: 'a screenshot',
};

function messageFor(finding: Finding): string {
  if (!finding.candidate) return 'Certificate not found: no registered certificate matches this file';
  if (finding.verdict === 'altered')
    return 'Certificate altered: this copy differs from the registered certificate';
  return standingMessage(
    finding.candidate.status,
    `this copy (${COPY_KIND_WORDS[finding.copyKind ?? 'digital_copy']}) matches a registered certificate`,
  );
}

export interface VerifyRequestContext {
  /** The client's network address; only its salted hash is stored. */
  clientAddress: string;
  /** The request's stage timings (Server-Timing), the engine's included. */
  timer?: StageTimer;
}

async function compareWithEngine(
  deps: AppDeps,
  caller: Caller,
  fileData: string,
  timer?: StageTimer,
): Promise<Finding> {
  const answer = await deps.engine.verify(fileData, timer);
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
    channel: answer.matchChannel ?? 'visual',
    verdict: answer.verdict,
    copyKind: answer.copyKind,
    differences: answer.differences,
    reasons: answer.reasons,
    confidence: answer.confidence,
    evidence: answer.evidence,
  };
}

/**
 * POST /verification/verify after the exact path (verifyExactFile) found no file with these bytes: the
 * engine compares the copy with the registered originals. `upload` is the request's file, decoded and
 * hashed once by the route. Every attempt is logged (hashes, verdict and outcome, never bytes or text).
 */
export async function verifyCertificate(
  deps: AppDeps,
  caller: Caller,
  fileData: string,
  upload: HashedUpload,
  context: VerifyRequestContext,
): Promise<VerificationResult> {
  const requesterHash = await sha256Hex(`${deps.env.ipHashSalt}:${context.clientAddress}`);
  const finding = await compareWithEngine(deps, caller, fileData, context.timer);
  const { candidate } = finding;
  const standing = candidate?.status ?? null;
  const verified = standing === 'valid' && finding.verdict === 'authentic';
  await asCaller(
    deps.sql,
    caller,
    (tx) => tx`
    select private.record_verification_verdict(
      ${upload.fileHash}, ${upload.bytes.length}, ${upload.mimeType}, ${finding.verdict}, ${verified},
      ${standing ?? 'not_found'}, ${finding.channel}, ${candidate?.id ?? null}, ${requesterHash})`,
  );
  return {
    verified,
    message: messageFor(finding),
    certificate: candidate ? await certificateShown(deps, candidate, finding.verdict, verified) : null,
    uploadedFile: { size: upload.bytes.length, type: upload.mimeType, hash: upload.fileHash },
    matchChannel: finding.channel,
    outcome: standing ?? 'not_found',
    verdict: finding.verdict,
    copyKind: finding.copyKind,
    reasons: finding.reasons,
    confidence: finding.confidence,
    ...disclosed(
      !candidate ||
        (await mayShowRegistered(finding.verdict, candidate.page_public, () =>
          callerReadsCertificate(deps, caller, candidate.id),
        )),
      finding.differences,
      finding.evidence,
    ),
  };
}

/**
 * Whether the caller may read the certificate anyway: the certificates table's select policy decides.
 * An anonymous caller reads no certificate (the table is not granted to `anon` at all).
 */
async function callerReadsCertificate(deps: AppDeps, caller: Caller, id: string): Promise<boolean> {
  if (caller.kind === 'anon') return false;
  const rows = await asCaller(
    deps.sql,
    caller,
    (tx) => tx<{ id: string }[]>`select id from public.certificates where id = ${id}`,
  );
  return rows.length === 1;
}

async function certificateShown(
  deps: AppDeps,
  candidate: Candidate,
  verdict: Finding['verdict'],
  verified: boolean,
): Promise<NonNullable<VerificationResult['certificate']>> {
  const certificate = matchedCertificate(
    candidate,
    candidate.status,
    verified ? await originalLink(deps, candidate.storage_path) : null,
  );
  return verdict === 'authentic' ? certificate : withoutDetails(certificate);
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
