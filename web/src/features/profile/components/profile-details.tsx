import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { SessionUser } from '@/api/auth';
import { ACCOUNT_FIELD_LABELS } from '@/features/auth';
import { EditProfileModal } from './edit-profile-modal';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ wordBreak: 'break-all' }}>
        {value || 'Not provided'}
      </Text>
    </Stack>
  );
}

/** 'Profile Information': the signed-in user's details. */
export function ProfileDetails({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Profile Information
        </Title>
        <Button
          variant="light"
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          Edit Profile
        </Button>
      </Group>
      {/* Mounted only while open, so the form starts from the names as they are now. */}
      {editing ? <EditProfileModal user={user} onClose={() => setEditing(false)} /> : null}
      <Card padding="lg">
        <Title order={3} size="h5" mb="md">
          Personal Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Detail label={ACCOUNT_FIELD_LABELS.firstname} value={user.firstname} />
          <Detail label={ACCOUNT_FIELD_LABELS.lastname} value={user.lastname} />
          <Detail label="Email" value={user.email} />
          <Detail label="Role" value={user.role} />
          <Detail label={ACCOUNT_FIELD_LABELS.username} value={user.username} />
          <Detail label="User ID" value={user.id} />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
