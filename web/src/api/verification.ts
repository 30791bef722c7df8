import type {
  AcceptedMimeType,
  VerificationResult,
  VerificationStatsResponse,
  VerifyCertificateRequest,
} from '@contract';
import { ApiError } from './client';
import { apiRequest } from './request';
import type { UploadProgressListener } from './upload-transport';

/** The spec's default messages (section 8) for verification calls. */
export const VERIFICATION_MESSAGES = {
  verify: 'Verification failed',
  stats: 'Failed to fetch stats',
} as const;

interface CallOptions {
  signal?: AbortSignal;
}

interface VerifyOptions extends CallOptions {
  /** Hears the upload's progress (bytes of the request body sent). */
  onUploadProgress?: UploadProgressListener;
}

/** POST /verification/verify: is this file a known, valid certificate? Public. */
export function verifyCertificate(
  request: VerifyCertificateRequest,
  options: VerifyOptions = {},
): Promise<VerificationResult> {
  return apiRequest('/verification/verify', {
    method: 'POST',
    body: request,
    defaultMessage: VERIFICATION_MESSAGES.verify,
    signal: options.signal,
    onUploadProgress: options.onUploadProgress,
  });
}

/**
 * Body of POST /verification/verify-hash (extension, hash-first verification): the SHA-256 of the
 * file's bytes (64 lower-case hex digits), its size in bytes and its MIME type. The file itself is
 * not sent. Defined here until the contract module carries the endpoint's schema.
 */
export interface VerifyHashRequest {
  fileHash: string;
  size: number;
  type: AcceptedMimeType;
}

/**
 * POST /verification/verify-hash: is a file with exactly this SHA-256 registered? Answers a
 * VerificationResult (verdict 'identical' when found, else 'unknown' with outcome 'not_found').
 * Resolves null when the server has no such endpoint (404), so the caller uploads the file instead.
 */
export async function verifyCertificateHash(
  request: VerifyHashRequest,
  options: CallOptions = {},
): Promise<VerificationResult | null> {
  try {
    return await apiRequest<VerificationResult>('/verification/verify-hash', {
      method: 'POST',
      body: request,
      defaultMessage: VERIFICATION_MESSAGES.verify,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /verification/stats: public totals for the verification page's tiles. */
export function getVerificationStats(options: CallOptions = {}): Promise<VerificationStatsResponse> {
  return apiRequest('/verification/stats', {
    defaultMessage: VERIFICATION_MESSAGES.stats,
    signal: options.signal,
  });
}
