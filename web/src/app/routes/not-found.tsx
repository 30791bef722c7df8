import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Any unknown address. */
export default function NotFoundPage() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" ta="center" gap="sm">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={paths.home}>
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}
