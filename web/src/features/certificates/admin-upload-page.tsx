import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/session';
import { UploadPanel } from './components/upload-panel';

/** /admin and /admin/certificates: an administrator uploads a certificate, stored as verified. */
export default function AdminUploadPage() {
  const { user } = useSession();
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Admin Certificate Upload
        </Title>
        <Text c="dimmed">Upload certificates as an administrator</Text>
      </Stack>
      <UploadPanel
        userId={user.id}
        issueForm
        successNote="Certificates uploaded by an administrator are verified at once when processing succeeds."
      />
    </Stack>
  );
}
