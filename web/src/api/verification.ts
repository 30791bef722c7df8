import type { VerificationResult, VerificationStatsResponse, VerifyCertificateRequest } from '@contract';
import { apiRequest } from './request';

/** The spec's default messages (section 8) for verification calls. */
export const VERIFICATION_MESSAGES = {
  verify: 'Verification failed',
  stats: 'Failed to fetch stats',
} as const;

interface CallOptions {
  signal?: AbortSignal;
}

/** POST /verification/verify: is this file a known, valid certificate? Public. */
export function verifyCertificate(
  request: VerifyCertificateRequest,
  options: CallOptions = {},
): Promise<VerificationResult> {
  return apiRequest('/verification/verify', {
    method: 'POST',
    body: request,
    defaultMessage: VERIFICATION_MESSAGES.verify,
    signal: options.signal,
  });
}

/** GET /verification/stats: public totals for the verification page's tiles. */
export function getVerificationStats(options: CallOptions = {}): Promise<VerificationStatsResponse> {
  return apiRequest('/verification/stats', {
    defaultMessage: VERIFICATION_MESSAGES.stats,
    signal: options.signal,
  });
}
