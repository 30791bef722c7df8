import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments, IconChartBar, IconRefresh } from '@tabler/icons-react';

export interface ListToolbarProps {
  title: string;
  countText: string;
  statsOpen: boolean;
  filtersOpen: boolean;
  onToggleStats: () => void;
  onToggleFilters: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Title, count line and the Stats, Filters and Refresh buttons of an admin certificate list. */
export function ListToolbar(props: ListToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed" aria-live="polite">
          {props.countText}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button
          variant={props.statsOpen ? 'filled' : 'default'}
          leftSection={<IconChartBar size={16} />}
          onClick={props.onToggleStats}
          aria-pressed={props.statsOpen}
        >
          Stats
        </Button>
        <Button
          variant={props.filtersOpen ? 'filled' : 'default'}
          leftSection={<IconAdjustments size={16} />}
          onClick={props.onToggleFilters}
          aria-pressed={props.filtersOpen}
        >
          Filters
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={props.onRefresh}
          loading={props.refreshing}
        >
          Refresh
        </Button>
      </Group>
    </Group>
  );
}
