import { Anchor, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Certificate } from '@contract';
import { errorMessage } from '@/api';
import { CertificateStatusPill } from '@/components';
import { credentialPath } from '@/config/paths';
import { formatDate, formatMegabytes, shortId, shortenHash } from '@/lib/format';
import { useSetCertificatePage } from '../api/set-certificate-page';

/** The public page's switch and share link, for a certificate an admin verified. */
function PublicPageControls({ certificate, title }: { certificate: Certificate; title: string }) {
  const setPage = useSetCertificatePage();
  if (certificate.verification_status !== 'verified') return null;
  return (
    <Group gap="md" justify="space-between">
      <Switch
        label="Public page"
        checked={certificate.page_public}
        disabled={setPage.isPending}
        aria-label={`Public page of ${title}`}
        onChange={(event) =>
          setPage.mutate(
            { certificateId: certificate.id, isPublic: event.currentTarget.checked },
            {
              onError: (error) =>
                notifications.show({ color: 'red', title: 'Error:', message: errorMessage(error) }),
            },
          )
        }
      />
      {certificate.page_public ? (
        <Anchor component={Link} to={credentialPath(certificate.public_id)} size="sm">
          Share link
        </Anchor>
      ) : null}
    </Group>
  );
}

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
          <CertificateStatusPill status={certificate.status} />
        </Group>
        {certificate.recipient_name || certificate.issuer ? (
          <Text size="sm">
            {[certificate.recipient_name, certificate.course, certificate.issuer].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          Issued {certificate.issue_date ?? formatDate(certificate.created_at)}
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
        <PublicPageControls certificate={certificate} title={title} />
      </Stack>
    </Card>
  );
}
