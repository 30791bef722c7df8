import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Card, Container, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconFileSearch } from '@tabler/icons-react';
import { errorMessage } from '@/api';
import { CertificateStatusPill, EmptyState } from '@/components';
import { standingSentence } from '@/lib/certificate-standing';
import { formatDay } from '@/lib/format';
import { VerificationDropzone } from '@/features/verification/components/verification-dropzone';
import { VerificationResultView } from '@/features/verification';
import { useVerifyCertificate } from '@/features/verification/api/verify-certificate';
import { usePublicCertificate } from './api/get-public-certificate';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value ?? 'Not provided'}</Text>
    </div>
  );
}

function CheckACopy() {
  const verify = useVerifyCertificate();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Check a copy of this certificate
        </Title>
        <VerificationDropzone
          verifying={verify.isPending}
          onFileChosen={(file) => {
            setProblem(null);
            verify.mutate(file);
          }}
          onFileRejected={setProblem}
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {verify.isError ? (
          <Alert color="red" role="alert" title="Error:">
            {errorMessage(verify.error)}
          </Alert>
        ) : null}
        {verify.data ? (
          <VerificationResultView
            result={verify.data.result}
            fileStayedInBrowser={verify.data.via === 'hash'}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

/** /c/{public id}: a certificate's public credential page, no sign-in needed. */
export default function CredentialPage() {
  const { publicId = '' } = useParams();
  const query = usePublicCertificate(publicId);

  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading certificate" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Container size="sm" py="xl">
        <EmptyState
          icon={<IconFileSearch size={32} />}
          title="Certificate not found"
          description="There is no public certificate at this address. It may be private, or the link may be wrong."
        />
      </Container>
    );
  }
  const page = query.data;
  const ok = page.status === 'valid';
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group gap="sm">
          <IconCertificate size={32} aria-hidden />
          <Title order={1}>{page.title ?? 'Certificate'}</Title>
          <CertificateStatusPill status={page.status} />
        </Group>
        <Alert color={ok ? 'green' : page.status === 'expired' ? 'gray' : 'red'} role="status" title="Status">
          {standingSentence(page)}
        </Alert>
        <Card withBorder padding="lg" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Recipient" value={page.recipientName} />
            <Field label="Issuer" value={page.issuer} />
            <Field label="Course or award" value={page.course} />
            <Field label="Grade" value={page.grade} />
            <Field label="Issue date" value={page.issueDate ? formatDay(page.issueDate) : null} />
            <Field label="Expiry date" value={page.expiryDate ? formatDay(page.expiryDate) : null} />
            <Field label="Certificate number" value={page.certificateNumber} />
            <Field label="Registered" value={formatDay(page.registeredAt)} />
          </SimpleGrid>
        </Card>
        {page.imageUrl && page.fileType === 'image' ? (
          <Image src={page.imageUrl} alt={`Certificate: ${page.title ?? 'certificate'}`} radius="md" />
        ) : page.imageUrl ? (
          <Text>
            <a href={page.imageUrl} target="_blank" rel="noreferrer">
              Open the certificate (PDF)
            </a>
          </Text>
        ) : null}
        <CheckACopy />
      </Stack>
    </Container>
  );
}
