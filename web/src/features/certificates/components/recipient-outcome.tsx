import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMail, IconMailForward, IconUserCheck } from '@tabler/icons-react';
import type { RecipientResult } from '@contract';
import { errorMessage } from '@/api';
import { ErrorBanner } from '@/components';
import { useResendInvitation } from '../api/resend-invitation';

export interface RecipientOutcomeProps {
  certificateId: string;
  email: string;
  result: RecipientResult;
}

/** What became of the recipient after an issue: the holder, an invitation, or why neither. */
export function RecipientOutcome({ certificateId, email, result: issued }: RecipientOutcomeProps) {
  const resend = useResendInvitation();
  const [result, setResult] = useState(issued);

  const sendAgain = () =>
    resend.mutate(certificateId, {
      onSuccess: (answer) => {
        setResult(answer);
        notifications.show({ color: 'green', title: 'Invitation sent', message: answer.message });
      },
    });

  switch (result.recipient) {
    case null:
      return null;
    case 'holder':
      return (
        <Alert color="green" variant="light" icon={<IconUserCheck aria-hidden />} title="Recipient">
          Added to {result.holderName ?? email}&apos;s profile
        </Alert>
      );
    case 'invited':
      return (
        <Alert color="blue" variant="light" icon={<IconMail aria-hidden />} title="Recipient">
          <Stack gap={4}>
            <Text size="sm">Invitation sent to {email}</Text>
            <Text size="sm" c="dimmed">
              The certificate is added to their profile when they accept it.
            </Text>
          </Stack>
        </Alert>
      );
    case 'unconfirmed':
      return (
        <Alert color="yellow" variant="light" icon={<IconMail aria-hidden />} title="Recipient">
          {email} has signed up but not confirmed the address yet, so no invitation was sent. The certificate
          is added to their profile once they confirm it.
        </Alert>
      );
    case 'invitation_failed':
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Invitation not sent"
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The certificate was issued, but the invitation to {email} could not be sent.{' '}
              {result.invitationError}
            </Text>
            {resend.isError ? (
              <ErrorBanner message={errorMessage(resend.error)} onClose={() => resend.reset()} />
            ) : null}
            <Button
              size="xs"
              variant="light"
              onClick={sendAgain}
              loading={resend.isPending}
              leftSection={<IconMailForward size={16} aria-hidden />}
            >
              Resend invitation
            </Button>
          </Stack>
        </Alert>
      );
  }
}
