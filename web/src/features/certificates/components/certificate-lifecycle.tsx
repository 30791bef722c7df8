import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  DataList,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { CertificateEvent } from '@contract';
import { errorMessage } from '@/api';
import { CertificateStatusPill } from '@/components';
import { credentialPath } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useCertificateDetail, useSuspendOrResume } from '../api/certificate-lifecycle';
import { EditCertificateModal } from './edit-certificate-modal';
import { ISSUE_FIELD_LABELS, type IssueFieldValues } from './issue-fields';

const ACTION_WORDS: Record<CertificateEvent['action'], string> = {
  issued: 'Issued',
  uploaded: 'Uploaded',
  edited: 'Edited',
  revoked: 'Revoked',
  unrevoked: 'Unrevoked',
  suspended: 'Suspended',
  resumed: 'Resumed',
  approved: 'Approved',
  rejected: 'Rejected',
  made_public: 'Public page on',
  made_private: 'Public page off',
  holder_linked: 'Linked to the recipient’s account',
  holder_unlinked: 'Unlinked from the recipient’s account',
  deleted: 'Deleted',
};

/** The history names columns (issue_date); the labels are the form's (issueDate). */
const LABEL_OF_COLUMN: Record<string, string> = Object.fromEntries(
  (Object.keys(ISSUE_FIELD_LABELS) as (keyof IssueFieldValues)[]).map((field) => [
    field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    ISSUE_FIELD_LABELS[field],
  ]),
);

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? 'none' : String(value);

/** An edit's changed fields, one line each: `Course or award: Old → New`. */
function EditedFields({ details }: { details: CertificateEvent['details'] }) {
  const lines = Object.entries(details).flatMap(([column, change]) => {
    const label = LABEL_OF_COLUMN[column];
    if (!label || typeof change !== 'object' || change === null) return [];
    const { from, to } = change as { from?: unknown; to?: unknown };
    return [`${label}: ${shown(from)} → ${shown(to)}`];
  });
  return lines.map((line) => (
    <Text key={line} size="sm">
      {line}
    </Text>
  ));
}

/** The admin's view of a certificate's record: fields, status, public page, suspend/resume and history. */
export function CertificateLifecycle({ certificateId }: { certificateId: string }) {
  const detail = useCertificateDetail(certificateId);
  const change = useSuspendOrResume();
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState(false);

  if (detail.isPending) return <Loader size="sm" aria-label="Loading history" />;
  if (detail.isError) {
    return (
      <Alert color="red" title="Error:">
        {errorMessage(detail.error)}
      </Alert>
    );
  }
  const { certificate, history } = detail.data;
  const row = (label: string, value: string | null) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value ?? 'Not provided'}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack>
      <Group gap="sm">
        <Title order={3} size="h5">
          Record
        </Title>
        <CertificateStatusPill status={certificate.status} />
        {certificate.page_public ? (
          <Anchor component={Link} to={credentialPath(certificate.public_id)} size="sm">
            Public page
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Public page off
          </Text>
        )}
        <Button
          size="xs"
          variant="light"
          ml="auto"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          Edit details
        </Button>
      </Group>
      <DataList orientation="horizontal" withDivider labelWidth={130}>
        {row('Title', certificate.certificate_name)}
        {row('Recipient', certificate.recipient_name)}
        {row('Recipient e-mail', certificate.recipient_email)}
        {row('Course or award', certificate.course)}
        {row('Grade', certificate.grade)}
        {row('Issue date', certificate.issue_date)}
        {row('Expiry date', certificate.expiry_date)}
        {row('Certificate number', certificate.certificate_number)}
        {row('Issuer', certificate.issuer)}
        {certificate.revoked ? row('Revocation reason', certificate.revocation_reason) : null}
        {certificate.suspended ? row('Suspension reason', certificate.suspension_reason) : null}
      </DataList>
      {certificate.suspended ? (
        <Group>
          <Button
            variant="light"
            loading={change.isPending}
            onClick={() => change.mutate({ id: certificate.id, action: 'resume' })}
          >
            Resume
          </Button>
        </Group>
      ) : (
        <Stack gap="xs">
          <Textarea
            label="Reason for suspending"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group>
            <Button
              color="orange"
              variant="light"
              disabled={!reason.trim()}
              loading={change.isPending}
              onClick={() =>
                change.mutate(
                  { id: certificate.id, action: 'suspend', reason: reason.trim() },
                  { onSuccess: () => setReason('') },
                )
              }
            >
              Suspend
            </Button>
          </Group>
        </Stack>
      )}
      {change.isError ? (
        <Alert color="red" title="Error:">
          {errorMessage(change.error)}
        </Alert>
      ) : null}
      <Title order={3} size="h5">
        History
      </Title>
      <Timeline bulletSize={14} lineWidth={2} aria-label="History">
        {history.map((event) => (
          <Timeline.Item key={event.id} title={ACTION_WORDS[event.action]}>
            <Text size="sm" c="dimmed">
              {formatDateTime(event.createdAt)} · {event.actorEmail ?? 'system'}
            </Text>
            {event.action === 'edited' ? <EditedFields details={event.details} /> : null}
            {event.reason ? <Text size="sm">Reason: {event.reason}</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
      {editing ? <EditCertificateModal certificate={certificate} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
