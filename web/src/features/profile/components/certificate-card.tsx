import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { Certificate } from '@contract';
import { formatDate, formatMegabytes, shortId, shortenHash } from '@/lib/format';
import { CertificateStatusBadge } from './certificate-status-badge';

/** One of the user's certificates (spec section 2, Profile, Certificates tab). */
export function CertificateCard({ certificate, onView }: { certificate: Certificate; onView: () => void }) {
  const title = certificate.certificate_name || shortenHash(certificate.certificate_hash);
  return (
    <Card padding="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" style={{ wordBreak: 'break-word' }}>
            {title}
          </Title>
          <CertificateStatusBadge certificate={certificate} />
        </Group>
        <Text size="sm" c="dimmed">
          Issued {formatDate(certificate.created_at)}
        </Text>
        <Group gap="md">
          <Text size="sm">ID: {shortId(certificate.id)}</Text>
          <Text size="sm">{certificate.file_type.toUpperCase()}</Text>
          <Text size="sm">{formatMegabytes(certificate.file_size)}</Text>
        </Group>
        <Button
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
          onClick={onView}
          aria-label={`View certificate ${title}`}
        >
          View Certificate
        </Button>
      </Stack>
    </Card>
  );
}
