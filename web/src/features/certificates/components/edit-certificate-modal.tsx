import { useState } from 'react';
import { Button, Group, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Certificate, CertificateFieldsUpdateResponse } from '@contract';
import { errorMessage } from '@/api';
import { certificateTitle } from '@/lib/format';
import { useUpdateCertificate } from '../api/update-certificate';
import {
  changedFields,
  fieldsFromCertificate,
  type IssueFieldErrors,
  IssueFields,
  type IssueFieldValues,
  validateIssueFields,
} from './issue-fields';
import { RecipientOutcome } from './recipient-outcome';

export interface EditCertificateModalProps {
  certificate: Certificate;
  onClose: () => void;
}

/**
 * Edit details (admin): the issued fields, checked by the issue form's rules (the contract's schema),
 * saved with an optional reason that goes to the history with the change. Shown while mounted: the
 * parent mounts it to open it. A changed recipient e-mail is invited as on issue, and the modal then
 * says what became of the recipient (with a resend button if the invitation failed).
 */
export function EditCertificateModal({ certificate, onClose }: EditCertificateModalProps) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const update = useUpdateCertificate();
  const [reason, setReason] = useState('');
  const [saved, setSaved] = useState<CertificateFieldsUpdateResponse | null>(null);
  const form = useForm<IssueFieldValues>({
    mode: 'controlled',
    initialValues: fieldsFromCertificate(certificate),
    validate: validateIssueFields,
  });

  const changes = changedFields(certificate, form.values);
  const unchanged = Object.keys(changes).length === 0;

  const close = () => {
    if (!update.isPending) onClose();
  };

  const save = form.onSubmit(() =>
    update.mutate(
      { id: certificate.id, changes: { ...changes, reason: reason.trim() || undefined } },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'green',
            title: answer.message,
            message: `${certificateTitle(answer.certificate)}: the change is in its history.`,
          });
          if (answer.recipient === null) onClose();
          else setSaved(answer);
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Update failed', message: errorMessage(error) }),
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={close}
      title={`Edit details of ${certificateTitle(certificate)}`}
      size="lg"
      fullScreen={narrow}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {saved?.certificate.recipient_email ? (
        <Stack>
          <RecipientOutcome
            certificateId={saved.certificate.id}
            email={saved.certificate.recipient_email}
            result={saved}
          />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={save} noValidate>
          <Stack>
            <IssueFields
              values={form.values}
              errors={form.errors as IssueFieldErrors}
              onChange={(field, value) => {
                form.setFieldValue(field, value);
                form.clearFieldError(field);
              }}
              disabled={update.isPending}
              emailDescription="A new address is sent an invitation, as on issue."
            />
            <Textarea
              label="Reason for the change"
              description="Optional; kept in the history with the change."
              rows={2}
              maxLength={500}
              value={reason}
              disabled={update.isPending}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            {unchanged ? (
              <Text size="sm" c="dimmed">
                Change a field to save.
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} disabled={unchanged}>
                Save changes
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
