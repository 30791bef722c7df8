import { Badge } from '@mantine/core';
import type { VerificationStatus } from '@contract';

const STATUS_COLOR: Record<VerificationStatus, string> = {
  verified: 'green',
  pending: 'yellow',
  failed: 'red',
};

/** The certificate's verification status as a pill. */
export function StatusBadge({ status }: { status: VerificationStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="xl">
      {status}
    </Badge>
  );
}
