import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconRefresh, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Certificate } from '@contract';
import { errorMessage } from '@/api/client';
import { CertificateCard, CertificateCardSkeleton, EmptyState, type CertificateFact } from '@/components';
import { paths } from '@/config/paths';
import { certificateTitle, shortenHash } from '@/lib/format';
import { useMyCertificates } from '../api/get-my-certificates';
import { CertificateModal } from './certificate-modal';
import { PublicPageControls } from './public-page-controls';

/**
 * The profile cards' facts (spec: issue date, last 8 characters of the id, file type in upper case,
 * size in MB with 2 decimals), after who it was issued to and by.
 */
const PROFILE_CARD_FACTS: readonly CertificateFact[] = ['parties', 'issued', 'id', 'file'];

/** The profile shows an unnamed certificate under its shortened hash (spec: name or hash). */
function profileTitle(certificate: Certificate): string {
  return certificateTitle(certificate, shortenHash(certificate.certificate_hash));
}

/** 'My Certificates': the signed-in user's uploads with their status. */
export function CertificatesTab({ userId }: { userId: string }) {
  const query = useMyCertificates(userId);
  const [viewing, setViewing] = useState<Certificate | null>(null);
  const certificates = query.data?.certificates ?? [];

  let body;
  if (query.isPending || (query.isFetching && query.isError)) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label="Loading certificates">
        {[0, 1, 2, 3].map((index) => (
          <CertificateCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    body = (
      <Group role="alert" gap="sm">
        <Text c="red">Error loading certificates: {errorMessage(query.error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Group>
    );
  } else if (certificates.length === 0) {
    body = (
      <EmptyState
        icon={<IconCertificate aria-hidden />}
        title="No Certificates Found"
        description="Certificates you upload appear here with their verification status."
        action={
          <Button component={Link} to={paths.upload} leftSection={<IconUpload size={16} aria-hidden />}>
            Upload a Certificate
          </Button>
        }
      />
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {certificates.map((certificate) => {
          const title = profileTitle(certificate);
          return (
            <CertificateCard
              key={certificate.id}
              certificate={certificate}
              title={title}
              facts={PROFILE_CARD_FACTS}
              sizeUnit="MB"
              onView={() => setViewing(certificate)}
              viewLabel="View Certificate"
              footer={<PublicPageControls certificate={certificate} title={title} />}
            />
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          My Certificates
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching && !query.isPending}
        >
          Refresh
        </Button>
      </Group>
      {body}
      <CertificateModal certificate={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
