import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { SessionUser } from '@/api/auth';

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
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Profile Information
        </Title>
        {/* The spec's Edit Profile button has no behaviour yet; it is shown disabled rather than inert. */}
        <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} disabled>
          Edit Profile
        </Button>
      </Group>
      <Card padding="lg">
        <Title order={3} size="h5" mb="md">
          Personal Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Detail label="First Name" value={user.firstname} />
          <Detail label="Last Name" value={user.lastname} />
          <Detail label="Email" value={user.email} />
          <Detail label="Role" value={user.role} />
          <Detail label="Username" value={user.username} />
          <Detail label="User ID" value={user.id} />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
