import type { ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import type { Certificate } from '@contract';
import { CertificateStatusPill, HashText } from '@/components';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { CertificatePreview } from './certificate-preview';

/** The name a certificate is shown under (spec: fallback 'Untitled Certificate'). */
export function certificateTitle(certificate: Pick<Certificate, 'certificate_name'>): string {
  return certificate.certificate_name?.trim() || 'Untitled Certificate';
}

export interface CertificateCardProps {
  certificate: Certificate;
  onView: () => void;
  onDownload: () => void;
  downloading: boolean;
  /** Screen-specific actions (revoke, unrevoke, approve, reject). */
  actions?: ReactNode;
}

/** One certificate in an admin grid: preview, REVOKED ribbon, name, dates, type and size, hash, status. */
export function CertificateCard({
  certificate,
  onView,
  onDownload,
  downloading,
  actions,
}: CertificateCardProps) {
  const title = certificateTitle(certificate);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={title}>
      <Card.Section pos="relative">
        <Box opacity={certificate.revoked ? 0.45 : 1}>
          <CertificatePreview certificate={certificate} variant="thumbnail" height={160} />
        </Box>
        {certificate.revoked ? (
          <Badge color="red" variant="filled" size="lg" radius="sm" pos="absolute" top={12} right={12}>
            REVOKED
          </Badge>
        ) : null}
      </Card.Section>

      <Stack gap={6} mt="md" flex={1}>
        <Title order={3} size="h5" lineClamp={2} title={title}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          Created {formatDateTime(certificate.created_at)}
        </Text>
        {certificate.revoked_at ? (
          <Text size="sm" c="red">
            Revoked {formatDateTime(certificate.revoked_at)}
          </Text>
        ) : null}
        <Text size="sm">
          {certificate.file_type.toUpperCase()} · {formatFileSize(certificate.file_size)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Hash
          </Text>
          <HashText hash={certificate.file_hash} />
        </Group>
        <Group gap="xs">
          <CertificateStatusPill status={certificate.status} />
        </Group>
      </Stack>

      <Group gap="xs" mt="md" wrap="wrap">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={16} />}
          onClick={onView}
          aria-label={`View ${title}`}
        >
          View
        </Button>
        <Tooltip label="Download">
          <ActionIcon
            variant="light"
            size="lg"
            onClick={onDownload}
            loading={downloading}
            aria-label={`Download ${title}`}
            disabled={!certificate.image_url}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
        {actions}
      </Group>
    </Card>
  );
}
