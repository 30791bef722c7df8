import { Badge } from '@mantine/core';
import type { CertificateStatus } from '@contract';

/** The status words every screen uses for a certificate (issue 9: one vocabulary). */
export const CERTIFICATE_STATUS_WORDS: Record<CertificateStatus, string> = {
  valid: 'Valid',
  revoked: 'Revoked',
  suspended: 'Suspended',
  expired: 'Expired',
  pending: 'Pending',
  failed: 'Rejected',
};

const STATUS_COLOR: Record<CertificateStatus, string> = {
  valid: 'green',
  revoked: 'red',
  suspended: 'orange',
  expired: 'gray',
  pending: 'yellow',
  failed: 'red',
};

/** A certificate's status as a pill, in the shared words. */
export function CertificateStatusPill({ status }: { status: CertificateStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="xl">
      {CERTIFICATE_STATUS_WORDS[status]}
    </Badge>
  );
}
