import { useState } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFile, IconShieldCheck } from '@tabler/icons-react';
import { ErrorBanner, FullPageSpinner } from '@/components';
import { errorMessage } from '@/api';
import { formatFileSize } from '@/lib/format';
import { useVerificationStats } from './api/get-verification-stats';
import { useVerifyCertificate } from './api/verify-certificate';
import { VerificationDropzone } from './components/verification-dropzone';
import { VerificationProgressSteps, progressText } from './components/verification-progress';
import { VerificationResultView } from './components/verification-result';
import { resultTitle } from './lib/verdict-text';
import { VerificationStatsTiles } from './components/verification-stats';

/** /verification: anyone checks whether a certificate file is known and valid. */
export default function VerificationPage() {
  const stats = useVerificationStats();
  const verify = useVerifyCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [fileAlert, setFileAlert] = useState<string | null>(null);
  const [statsErrorDismissed, setStatsErrorDismissed] = useState(false);

  if (stats.isPending) return <FullPageSpinner />;

  const chooseFile = (chosen: File) => {
    setFile(chosen);
    setFileAlert(null);
    verify.reset();
  };

  const rejectFile = (message: string) => {
    setFile(null);
    setFileAlert(message);
    verify.reset();
  };

  const submit = (chosen: File) => {
    verify.reset();
    verify.mutate(chosen, {
      onError: (error) => console.error('Verification failed:', error),
    });
  };

  const answer = verify.data;
  const announcement = verify.isPending
    ? verify.progress
      ? progressText(verify.progress)
      : 'Verifying certificate...'
    : answer
      ? `${resultTitle(answer.result).replace(/ [✓✗]$/, '')}. ${answer.result.message}`
      : '';

  return (
    <Container size="md" py="xl">
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <IconShieldCheck size={32} aria-hidden />
            <Title order={1}>Certificate Verification</Title>
          </Group>
          <Text c="dimmed">
            Upload a certificate to learn whether it is on record, unchanged and still valid.
          </Text>
        </Stack>

        {stats.isError && !statsErrorDismissed ? (
          <ErrorBanner message={errorMessage(stats.error)} onClose={() => setStatsErrorDismissed(true)} />
        ) : null}
        <VerificationStatsTiles stats={stats.data} />

        <Paper withBorder radius="md" p="lg">
          <Stack>
            <VerificationDropzone
              onFileChosen={chooseFile}
              onFileRejected={rejectFile}
              verifying={verify.isPending}
            />
            {fileAlert ? (
              <Alert color="red" variant="light" role="alert" title="File not accepted">
                {fileAlert}
              </Alert>
            ) : null}
            {file ? (
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="xs" wrap="nowrap" aria-label="Chosen file" miw={0}>
                  <IconFile size={20} aria-hidden />
                  <Text fw={500} truncate="end" title={file.name} miw={0}>
                    {file.name}
                  </Text>
                  <Text c="dimmed" flex="none">
                    ({formatFileSize(file.size)})
                  </Text>
                </Group>
                <Button
                  onClick={() => submit(file)}
                  loading={verify.isPending}
                  leftSection={<IconShieldCheck size={18} />}
                >
                  Verify Certificate
                </Button>
              </Group>
            ) : null}
            {verify.isPending && verify.progress ? (
              <VerificationProgressSteps progress={verify.progress} />
            ) : null}
          </Stack>
        </Paper>

        {verify.isError ? (
          <ErrorBanner title="Error:" message={errorMessage(verify.error)} onClose={() => verify.reset()} />
        ) : null}
        {answer ? (
          <VerificationResultView result={answer.result} fileStayedInBrowser={answer.via === 'hash'} />
        ) : null}
      </Stack>
    </Container>
  );
}
