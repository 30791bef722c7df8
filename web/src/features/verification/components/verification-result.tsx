import {
  Alert,
  Anchor,
  Badge,
  Box,
  DataList,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconFileTypePdf,
  IconLock,
} from '@tabler/icons-react';
import type { VerificationResult } from '@contract';
import { FileSize, HashText } from '@/components';
import { standingSentence } from '@/lib/certificate-standing';
import { formatDate, formatDay } from '@/lib/format';
import {
  confidenceText,
  differenceSentence,
  MATCH_CHANNEL_TEXT,
  NOT_FOUND_EXPLANATION,
  OUTCOME_TEXT,
  REGISTERED_WITHHELD,
  resultTitle,
  UNKNOWN_ADVICE,
  verdictLine,
} from '../lib/verdict-text';
import { ComparisonView } from './comparison-view';

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

function VerdictIcon({ result }: { result: VerificationResult }) {
  if (result.verified) return <IconCircleCheck size={36} color="var(--mantine-color-green-6)" aria-hidden />;
  if (result.verdict === 'altered') {
    return <IconAlertTriangle size={36} color="var(--mantine-color-red-6)" aria-hidden />;
  }
  return <IconCircleX size={36} color="var(--mantine-color-red-6)" aria-hidden />;
}

/** The changed regions, numbered as their outlines in the comparison picture. */
function DifferencesList({ result }: { result: VerificationResult }) {
  if (result.differences.length === 0) {
    return <Text>This copy differs from the registered certificate.</Text>;
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" id="differences-title">
        What differs
      </Title>
      <List type="ordered" spacing="xs" aria-labelledby="differences-title">
        {result.differences.map((difference, index) => (
          <List.Item key={index}>{differenceSentence(difference)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Why nothing matched, and what the visitor can try. */
function UnknownAdvice({ reasons }: { reasons: string[] }) {
  return (
    <Stack gap="xs">
      {reasons.length > 0 ? (
        <>
          <Title order={3} size="h4" id="reasons-title">
            Why
          </Title>
          <List spacing={4} aria-labelledby="reasons-title">
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </>
      ) : null}
      <Title order={3} size="h4" id="advice-title">
        What you can try
      </Title>
      <List spacing={4} aria-labelledby="advice-title">
        {UNKNOWN_ADVICE.map((advice) => (
          <List.Item key={advice}>{advice}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

export interface VerificationResultViewProps {
  result: VerificationResult;
  /** The answer came from the file's fingerprint alone: say that the file stayed in the browser. */
  fileStayedInBrowser?: boolean;
}

/**
 * One verification result for people: the spec's heading and server message, the verdict in plain
 * words (with what differs and the comparison picture for an altered copy, and advice when
 * nothing matched), the registered certificate's status, the confidence, then the details.
 * Reusable wherever a VerificationResult is shown.
 */
export function VerificationResultView({ result, fileStayedInBrowser = false }: VerificationResultViewProps) {
  const { certificate, uploadedFile, verdict } = result;
  const outcome = OUTCOME_TEXT[result.outcome];
  const name = certificate?.name ?? 'N/A';
  const title = resultTitle(result);
  // The comparison pictures of an altered copy: the original's page (unless withheld) and the copy.
  const pictures = verdict === 'altered' ? result.evidence : null;
  const comparison = pictures && (pictures.originalPage || pictures.alignedCopy) ? pictures : null;
  const titleColor = result.verified ? 'green.7' : 'red.7';

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label="Verification result"
    >
      <Stack>
        <Group gap="sm" wrap="nowrap">
          <VerdictIcon result={result} />
          <Title order={2} size="h3" c={titleColor}>
            {title}
          </Title>
        </Group>
        <Text>{result.message}</Text>
        <Text fw={600} fz="lg" data-testid="verdict-line">
          {verdictLine(result)}
        </Text>
        {fileStayedInBrowser ? (
          <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />}>
            Your file did not leave this browser: only its SHA-256 fingerprint was sent, and it matched a
            registered file exactly.
          </Alert>
        ) : null}

        {verdict === 'altered' ? (
          <>
            <DifferencesList result={result} />
            {result.registeredWithheld ? (
              <Text size="sm" c="dimmed" data-testid="registered-withheld">
                {REGISTERED_WITHHELD}
              </Text>
            ) : null}
            {comparison ? (
              <ComparisonView
                originalPage={comparison.originalPage}
                alignedCopy={comparison.alignedCopy}
                differences={result.differences}
              />
            ) : null}
          </>
        ) : null}
        {verdict === 'unknown' ? <UnknownAdvice reasons={result.reasons} /> : null}
        {verdict !== 'unknown' && result.reasons.length > 0 ? (
          <List spacing={4} aria-label="Reasons">
            {result.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        ) : null}

        <Alert
          color={outcome.color}
          variant="light"
          title={
            <Group gap="xs">
              <Text span size="sm" fw={600}>
                {certificate ? 'Status of the registered certificate:' : 'Status:'}
              </Text>
              <Badge color={outcome.color}>{outcome.label}</Badge>
            </Group>
          }
        >
          <Stack gap={4}>
            <Text size="sm">{certificate ? standingSentence(certificate) : NOT_FOUND_EXPLANATION}</Text>
            {result.matchChannel ? (
              <Text size="sm">
                <Text span fw={600}>
                  Matched by:{' '}
                </Text>
                {MATCH_CHANNEL_TEXT[result.matchChannel]}
              </Text>
            ) : null}
            <Text size="sm">
              <Text span fw={600}>
                Confidence:{' '}
              </Text>
              {confidenceText(result.confidence)}
            </Text>
          </Stack>
        </Alert>

        {certificate ? (
          <Stack gap="sm">
            <Title order={3} size="h4">
              Certificate Details
            </Title>
            {comparison ? null : (
              <MatchedFilePreview
                url={certificate.imageUrl}
                isPdf={certificate.fileType === 'pdf'}
                name={name}
              />
            )}
            <DataList>
              <DataList.Item>
                <DataList.ItemLabel>Name</DataList.ItemLabel>
                <DataList.ItemValue>{name}</DataList.ItemValue>
              </DataList.Item>
              {certificate.recipientName ? (
                <DataList.Item>
                  <DataList.ItemLabel>Recipient</DataList.ItemLabel>
                  <DataList.ItemValue>{certificate.recipientName}</DataList.ItemValue>
                </DataList.Item>
              ) : null}
              {certificate.issueDate ? (
                <DataList.Item>
                  <DataList.ItemLabel>Issue date on the certificate</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDay(certificate.issueDate)}</DataList.ItemValue>
                </DataList.Item>
              ) : null}
              {certificate.expiryDate ? (
                <DataList.Item>
                  <DataList.ItemLabel>Expiry date</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDay(certificate.expiryDate)}</DataList.ItemValue>
                </DataList.Item>
              ) : null}
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
