import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { Certificate } from '@contract';
import {
  certificateTitle,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMegabytes,
  shortId,
} from '@/lib/format';
import { CertificateDownloadButton } from './certificate-download-button';
import { CertificatePreview } from './certificate-preview';
import { CertificateStatusPill } from './certificate-status';
import { HashText } from './file-details';
import { VerifiableCopyMenu } from './verifiable-copy-menu';

/**
 * The facts a card can list under its title, in the order given:
 * - `parties`: recipient · course · issuer (when known)
 * - `issued`: 'Issued {issue date, else upload date}'
 * - `created`: 'Created {date and time}'
 * - `revoked`: 'Revoked {date and time}' (only once revoked)
 * - `id`: 'ID: {last 8 characters}'
 * - `file`: '{FILE TYPE} · {size}' (size as `sizeUnit` says)
 * - `hash`: the shortened file hash
 */
export type CertificateFact = 'parties' | 'issued' | 'created' | 'revoked' | 'id' | 'file' | 'hash';

export interface CertificateCardProps {
  certificate: Certificate;
  /** The name the card is labelled by (default: the name, else 'Untitled Certificate'). */
  title?: string;
  facts: readonly CertificateFact[];
  /** `auto`: Bytes, KB, MB or GB (admin); `MB`: megabytes with 2 decimals (profile). */
  sizeUnit?: 'auto' | 'MB';
  onView: () => void;
  /** The View button's text; its accessible name is `{viewLabel} {title}`. */
  viewLabel?: string;
  /** Show the download icon next to View, and the verifiable copy menu for a verified certificate. */
  download?: boolean;
  /** The screen's own buttons after View and download (revoke, unrevoke, approve, reject). */
  actions?: ReactNode;
  /** The screen's own controls under the buttons (the profile's public page switch). */
  footer?: ReactNode;
}

function Fact({
  fact,
  certificate,
  sizeUnit,
}: {
  fact: CertificateFact;
  certificate: Certificate;
  sizeUnit: 'auto' | 'MB';
}) {
  switch (fact) {
    case 'parties': {
      const parties = [certificate.recipient_name, certificate.course, certificate.issuer].filter(Boolean);
      return parties.length > 0 ? <Text size="sm">{parties.join(' · ')}</Text> : null;
    }
    case 'issued':
      return (
        <Text size="sm" c="dimmed">
          Issued {certificate.issue_date ?? formatDate(certificate.created_at)}
        </Text>
      );
    case 'created':
      return (
        <Text size="sm" c="dimmed">
          Created {formatDateTime(certificate.created_at)}
        </Text>
      );
    case 'revoked':
      return certificate.revoked_at ? (
        <Text size="sm" c="red">
          Revoked {formatDateTime(certificate.revoked_at)}
        </Text>
      ) : null;
    case 'id':
      return <Text size="sm">ID: {shortId(certificate.id)}</Text>;
    case 'file': {
      const size =
        sizeUnit === 'MB' ? formatMegabytes(certificate.file_size) : formatFileSize(certificate.file_size);
      return (
        <Text size="sm">
          {certificate.file_type.toUpperCase()} · {size}
        </Text>
      );
    }
    case 'hash':
      return (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Hash
          </Text>
          <HashText hash={certificate.file_hash} />
        </Group>
      );
  }
}

/**
 * One certificate, on every screen that lists them (the admin grids and the holder's profile):
 * the file's preview with a REVOKED ribbon, the title with the shared status pill, the facts the
 * screen asks for, View (and download), then the screen's own actions and footer. The card is an
 * article labelled by its title.
 */
export function CertificateCard({
  certificate,
  title = certificateTitle(certificate),
  facts,
  sizeUnit = 'auto',
  onView,
  viewLabel = 'View',
  download = false,
  actions,
  footer,
}: CertificateCardProps) {
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
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" lineClamp={2} title={title} style={{ wordBreak: 'break-word' }}>
            {title}
          </Title>
          <CertificateStatusPill status={certificate.status} />
        </Group>
        {facts.map((fact) => (
          <Fact key={fact} fact={fact} certificate={certificate} sizeUnit={sizeUnit} />
        ))}
      </Stack>

      <Stack gap="sm" mt="md">
        <Group gap="xs" wrap="wrap">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={onView}
            aria-label={`${viewLabel} ${title}`}
          >
            {viewLabel}
          </Button>
          {download ? <CertificateDownloadButton certificate={certificate} title={title} /> : null}
          {download ? <VerifiableCopyMenu certificate={certificate} title={title} /> : null}
          {actions}
        </Group>
        {footer}
      </Stack>
    </Card>
  );
}

/** A placeholder with the card's layout while the first certificates load. */
export function CertificateCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <Skeleton h={160} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Skeleton h={18} w="70%" />
        <Skeleton h={12} w="50%" />
        <Skeleton h={12} w="40%" />
        <Skeleton h={12} w="60%" />
        <Skeleton h={28} w="50%" mt="sm" />
      </Stack>
    </Card>
  );
}
