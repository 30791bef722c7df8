import type { CertificateStanding } from '@contract';
import { formatDay } from './format';

const UNKNOWN_DATE = 'an unknown date';

/**
 * A certificate's standing as one sentence, the same on its public page and in a verification result
 * (issue 9): valid; revoked on a date, with the reason; suspended since a date; expired on a date; and,
 * for a verification of an upload not yet approved, pending or rejected review.
 */
export function standingSentence(standing: CertificateStanding): string {
  switch (standing.status) {
    case 'valid':
      return 'This certificate is valid.';
    case 'revoked':
      return `This certificate was revoked on ${standing.revokedAt ? formatDay(standing.revokedAt) : UNKNOWN_DATE}${
        standing.revocationReason ? `. Reason: ${standing.revocationReason}` : '.'
      }`;
    case 'suspended':
      return `This certificate was suspended on ${
        standing.suspendedAt ? formatDay(standing.suspendedAt) : UNKNOWN_DATE
      }: it is not valid for now.`;
    case 'expired':
      return `This certificate expired on ${standing.expiryDate ? formatDay(standing.expiryDate) : UNKNOWN_DATE}.`;
    case 'pending':
      return 'This certificate awaits review by an administrator: it is not valid yet.';
    case 'failed':
      return 'This certificate was rejected during review: it is not valid.';
  }
}
