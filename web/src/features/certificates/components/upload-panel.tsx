import { useState } from 'react';
import { Alert, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCopy, IconUpload } from '@tabler/icons-react';
import { errorMessage } from '@/api';
import { ErrorBanner } from '@/components';
import { FILE_INPUT_ACCEPT, FILE_MESSAGES, validateCertificateFile } from '@/lib/files';
import { formatMegabytes } from '@/lib/format';
import { useExtractCertificate } from '../api/extract-certificate';
import { duplicateCertificate, useUploadCertificate } from '../api/upload-certificate';
import { CertificateSummary } from './certificate-summary';
import { RecipientOutcome } from './recipient-outcome';
import {
  EMPTY_ISSUE_FIELDS,
  fieldsFromExtraction,
  IssueFields,
  type IssueFieldErrors,
  type IssueFieldValues,
  toCertificateFields,
  validateIssueFields,
} from './issue-fields';

export interface UploadPanelProps {
  /** Who will own the certificate: the signed-in user's id. */
  userId: string;
  /** A line under the success title, e.g. that a user's upload awaits review. */
  successNote: string;
  /** Admin issue form: read the fields from the file, let the admin correct them and choose a recipient. */
  issueForm?: boolean;
}

/** Choose an image or PDF, upload it, and see the stored certificate (or the one it duplicates). */
export function UploadPanel({ userId, successNote, issueForm = false }: UploadPanelProps) {
  const upload = useUploadCertificate();
  const extract = useExtractCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [fileAlert, setFileAlert] = useState<string | null>(null);
  const [values, setValues] = useState<IssueFieldValues>(EMPTY_ISSUE_FIELDS);
  const [fieldErrors, setFieldErrors] = useState<IssueFieldErrors>({});

  const choose = (chosen: File | null) => {
    upload.reset();
    extract.reset();
    const problem = chosen ? validateCertificateFile(chosen) : null;
    setFileAlert(problem);
    setFile(problem ? null : chosen);
    if (issueForm && chosen && !problem) {
      extract.mutate(chosen, {
        onSuccess: ({ fields }) => setValues((current) => fieldsFromExtraction(fields, current)),
      });
    }
  };

  const changeField = (field: keyof IssueFieldValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    if (!file) {
      setFileAlert(FILE_MESSAGES.noFile);
      return;
    }
    if (issueForm) {
      const errors = validateIssueFields(values);
      setFieldErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    upload.mutate(
      { file, userId, fields: issueForm ? toCertificateFields(values) : undefined },
      {
        onSuccess: ({ message }) => {
          notifications.show({ color: 'green', title: 'Certificate uploaded', message });
          setFile(null);
          setValues(EMPTY_ISSUE_FIELDS);
          extract.reset();
        },
        onError: (error) => console.error('Upload failed:', error),
      },
    );
  };

  const duplicate = duplicateCertificate(upload.error);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <FileInput
            label="Certificate file"
            description="JPEG, PNG, GIF, WebP, BMP, TIFF or PDF, up to 10MB"
            placeholder="Choose a file"
            accept={FILE_INPUT_ACCEPT}
            value={file}
            onChange={choose}
            clearable
            disabled={upload.isPending}
            leftSection={<IconUpload size={16} aria-hidden />}
          />
          {fileAlert ? (
            <Alert color="red" variant="light" role="alert" title="File not accepted">
              {fileAlert}
            </Alert>
          ) : null}
          {file ? (
            <Text size="sm" aria-label="Chosen file">
              <Text span fw={500}>
                {file.name}
              </Text>{' '}
              <Text span c="dimmed">
                ({formatMegabytes(file.size)})
              </Text>
            </Text>
          ) : null}
          {issueForm && file ? (
            <IssueFields
              values={values}
              errors={fieldErrors}
              onChange={changeField}
              reading={extract.isPending}
              readError={extract.isError ? errorMessage(extract.error) : null}
              disabled={upload.isPending}
            />
          ) : null}
          <Group justify="flex-end">
            <Button
              onClick={submit}
              loading={upload.isPending}
              disabled={extract.isPending}
              leftSection={<IconUpload size={18} />}
            >
              Upload Certificate
            </Button>
          </Group>
        </Stack>
      </Paper>

      {duplicate ? (
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Existing certificate">
          <Stack>
            <Alert color="yellow" variant="light" icon={<IconCopy aria-hidden />} title="Already registered">
              {errorMessage(upload.error)} This file matches the certificate below, so nothing new was stored.
            </Alert>
            <CertificateSummary certificate={duplicate} />
          </Stack>
        </Paper>
      ) : upload.isError ? (
        <ErrorBanner title="Error:" message={errorMessage(upload.error)} onClose={() => upload.reset()} />
      ) : null}

      {upload.data ? (
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Upload result">
          <Stack>
            <Group gap="xs">
              <IconCircleCheck color="var(--mantine-color-green-6)" aria-hidden />
              <Title order={2} size="h4">
                {upload.data.message}
              </Title>
            </Group>
            <Text c="dimmed">{successNote}</Text>
            {upload.data.certificate.recipient_email ? (
              <RecipientOutcome
                key={upload.data.certificate.id}
                certificateId={upload.data.certificate.id}
                email={upload.data.certificate.recipient_email}
                result={upload.data}
              />
            ) : null}
            <CertificateSummary certificate={upload.data.certificate} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
