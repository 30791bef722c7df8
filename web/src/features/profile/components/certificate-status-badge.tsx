import { Badge } from '@mantine/core';
import type { Certificate } from '@contract';

/** Revoked; Valid when verified; Rejected when an admin rejected it (failed); otherwise Pending. */
export function certificateStatus(certificate: Pick<Certificate, 'revoked' | 'verification_status'>) {
  if (certificate.revoked) return { label: 'Revoked', color: 'red' } as const;
  if (certificate.verification_status === 'verified') return { label: 'Valid', color: 'green' } as const;
  if (certificate.verification_status === 'failed') return { label: 'Rejected', color: 'orange' } as const;
  return { label: 'Pending', color: 'yellow' } as const;
}

export function CertificateStatusBadge({ certificate }: { certificate: Certificate }) {
  const { label, color } = certificateStatus(certificate);
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
