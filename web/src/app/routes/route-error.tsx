import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router-dom';

/** Shown when a screen fails to load or render (e.g. a new deployment replaced its code chunk). */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error:', error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">This page could not be shown. Reloading usually helps.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
