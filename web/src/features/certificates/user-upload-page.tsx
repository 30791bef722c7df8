import { Container, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/session';
import { UploadPanel } from './components/upload-panel';

/** /upload: a signed-in user adds a certificate of their own; it stays pending until an admin reviews it. */
export default function UserUploadPage() {
  const { user } = useSession();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1}>Upload a Certificate</Title>
          <Text c="dimmed">
            Add a certificate of your own. An administrator reviews it before it verifies as valid.
          </Text>
        </Stack>
        <UploadPanel
          userId={user.id}
          successNote="Your certificate is pending review. It verifies as valid once an administrator approves it."
        />
      </Stack>
    </Container>
  );
}
