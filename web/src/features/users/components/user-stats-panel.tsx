import { DataList, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { USER_ROLES, USER_STATUSES, type UserStats } from '@contract';

function Tile({ label, value, loading }: { label: string; value: number; loading: boolean }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {loading ? (
        <Skeleton h={28} mt={4} w="50%" />
      ) : (
        <Text fz="xl" fw={700}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

function Breakdown({ title, entries }: { title: string; entries: [string, number][] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <DataList labelWidth={120} gap={4}>
        {entries.map(([key, count]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel tt="capitalize">{key}</DataList.ItemLabel>
            <DataList.ItemValue fw={600}>{count}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}

/** Total Users, Active Users, Administrators, Moderators, and the By Role and By Status lists. */
export function UserStatsPanel({ stats, loading }: { stats: UserStats | undefined; loading: boolean }) {
  const byRole = USER_ROLES.map((role): [string, number] => [role, stats?.byRole[role] ?? 0]);
  const byStatus = USER_STATUSES.map((status): [string, number] => [status, stats?.byStatus[status] ?? 0]);
  return (
    <Stack gap="md" component="section" aria-label="User statistics">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Tile label="Total Users" value={stats?.total ?? 0} loading={loading} />
        <Tile label="Active Users" value={stats?.byStatus.active ?? 0} loading={loading} />
        <Tile label="Administrators" value={stats?.byRole.admin ?? 0} loading={loading} />
        <Tile label="Moderators" value={stats?.byRole.moderator ?? 0} loading={loading} />
      </SimpleGrid>
      {loading ? null : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Breakdown title="By Role" entries={byRole} />
          <Breakdown title="By Status" entries={byStatus} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
