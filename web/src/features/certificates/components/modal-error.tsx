import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A confirm modal's text, plus why the last attempt failed (the modal stays open, spec section 8). */
export function ConfirmText({ text, error }: { text: string; error: string | null }) {
  return (
    <Stack gap="sm">
      <Text>{text}</Text>
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title="That did not work"
        >
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
