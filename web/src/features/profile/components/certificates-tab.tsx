import { useState } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconRefresh, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Certificate } from '@contract';
import { errorMessage } from '@/api/client';
import { EmptyState } from '@/components';
import { paths } from '@/config/paths';
import { useMyCertificates } from '../api/get-my-certificates';
import { CertificateCard } from './certificate-card';
import { CertificateModal } from './certificate-modal';

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
          <Skeleton key={index} h={170} radius="md" />
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
        {certificates.map((certificate) => (
          <CertificateCard
            key={certificate.id}
            certificate={certificate}
            onView={() => setViewing(certificate)}
          />
        ))}
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
