import { Alert, Anchor, Badge, Box, DataList, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFileTypePdf } from '@tabler/icons-react';
import type { MatchChannel, VerificationOutcome, VerificationResult } from '@contract';
import { FileSize, HashText } from '@/components';
import { formatDate } from '@/lib/format';

/** Why a result is (not) valid, in words a visitor understands (extension of the spec's panel). */
export const OUTCOME_TEXT: Record<
  VerificationOutcome,
  { label: string; color: string; explanation: string }
> = {
  valid: {
    label: 'Valid',
    color: 'green',
    explanation: 'This certificate is on record, approved and not revoked.',
  },
  revoked: {
    label: 'Revoked',
    color: 'red',
    explanation:
      'This certificate is on record but was revoked by an administrator, so it is no longer valid.',
  },
  pending: {
    label: 'Pending review',
    color: 'yellow',
    explanation:
      'This certificate is on record but awaits approval by an administrator, so it is not valid yet.',
  },
  failed: {
    label: 'Rejected',
    color: 'red',
    explanation: 'This certificate is on record but was rejected during review, so it is not valid.',
  },
  suspended: {
    label: 'Suspended',
    color: 'orange',
    explanation: 'This certificate is on record but its issuer has suspended it for now, so it is not valid.',
  },
  expired: {
    label: 'Expired',
    color: 'orange',
    explanation: 'This certificate is on record but it has expired.',
  },
  not_found: {
    label: 'No match',
    color: 'gray',
    explanation: 'Neither this exact file nor a certificate with the same content is on record.',
  },
};

export const MATCH_CHANNEL_TEXT: Record<MatchChannel, string> = {
  exact_file: 'Exact file: the uploaded file is identical to the registered one.',
  certificate_code:
    'Certificate code: the QR code or number printed on the copy names a registered certificate.',
  visual: 'Same certificate: the page of the uploaded copy matches a registered certificate.',
};

function MatchedFilePreview({ url, isPdf, name }: { url: string | null; isPdf: boolean; name: string }) {
  if (!url) return <Text c="dimmed">Image not available</Text>;
  if (isPdf) {
    return (
      <Stack gap="xs">
        <Box
          component="iframe"
          src={url}
          title={`Registered certificate ${name} (PDF)`}
          w="100%"
          h={360}
          bd="1px solid var(--mantine-color-default-border)"
        />
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span">
            <IconFileTypePdf size={16} aria-hidden />
            Open the registered PDF in a new tab
          </Group>
        </Anchor>
      </Stack>
    );
  }
  return <Image src={url} alt={`Registered certificate ${name}`} radius="md" mah={320} fit="contain" />;
}

/** The result of one verification: the spec's verdict and message, why, and the evidence. */
export function VerificationResultPanel({ result }: { result: VerificationResult }) {
  const outcome = OUTCOME_TEXT[result.outcome];
  const { certificate, uploadedFile } = result;
  const name = certificate?.name ?? 'N/A';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Verification result">
      <Stack>
        <Group gap="sm" wrap="nowrap">
          {result.verified ? (
            <IconCircleCheck size={36} color="var(--mantine-color-green-6)" aria-hidden />
          ) : (
            <IconCircleX size={36} color="var(--mantine-color-red-6)" aria-hidden />
          )}
          <Title order={2} size="h3" c={result.verified ? 'green.7' : 'red.7'}>
            {result.verified ? 'Certificate Verified ✓' : 'Certificate Not Found ✗'}
          </Title>
        </Group>
        <Text>{result.message}</Text>

        <Alert
          color={outcome.color}
          variant="light"
          title={<Badge color={outcome.color}>{outcome.label}</Badge>}
        >
          <Stack gap={4}>
            <Text size="sm">{outcome.explanation}</Text>
            {result.matchChannel ? (
              <Text size="sm">
                <Text span fw={600}>
                  Matched by:{' '}
                </Text>
                {MATCH_CHANNEL_TEXT[result.matchChannel]}
              </Text>
            ) : null}
          </Stack>
        </Alert>

        {certificate ? (
          <Stack gap="sm">
            <Title order={3} size="h4">
              Certificate Details
            </Title>
            <MatchedFilePreview
              url={certificate.imageUrl}
              isPdf={certificate.fileType === 'pdf'}
              name={name}
            />
            <DataList>
              <DataList.Item>
                <DataList.ItemLabel>Name</DataList.ItemLabel>
                <DataList.ItemValue>{name}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>File Type</DataList.ItemLabel>
                <DataList.ItemValue>{certificate.fileType}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Issued Date</DataList.ItemLabel>
                <DataList.ItemValue>{formatDate(certificate.issuedDate)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>File Hash</DataList.ItemLabel>
                <DataList.ItemValue>
                  <HashText hash={certificate.fileHash} />
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Content Hash</DataList.ItemLabel>
                <DataList.ItemValue>
                  <HashText hash={certificate.contentHash} />
                </DataList.ItemValue>
              </DataList.Item>
            </DataList>
          </Stack>
        ) : null}

        <Stack gap="sm">
          <Title order={3} size="h4">
            Uploaded File
          </Title>
          <DataList>
            <DataList.Item>
              <DataList.ItemLabel>Size</DataList.ItemLabel>
              <DataList.ItemValue>
                <FileSize bytes={uploadedFile.size} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Type</DataList.ItemLabel>
              <DataList.ItemValue>{uploadedFile.type}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Hash</DataList.ItemLabel>
              <DataList.ItemValue>
                <HashText hash={uploadedFile.hash} />
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </Stack>
      </Stack>
    </Paper>
  );
}
