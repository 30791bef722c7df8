import { Center, Loader, Stack, Text } from '@mantine/core';

export interface FullPageSpinnerProps {
  label?: string;
}

/** A centred spinner that fills the page while a screen gets ready. */
export function FullPageSpinner({ label = 'Loading...' }: FullPageSpinnerProps) {
  return (
    <Center mih="70vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
