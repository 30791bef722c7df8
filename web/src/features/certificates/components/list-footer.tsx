import { Button, Group, Text } from '@mantine/core';
import { showingLine } from '../lib/pagination';

export interface ListFooterProps {
  loaded: number;
  total: number;
  lastOffset: number;
  limit: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** 'Showing X of Y certificates (Page p of n)' and Load More while the server has more. */
export function ListFooter({
  loaded,
  total,
  lastOffset,
  limit,
  hasMore,
  loadingMore,
  onLoadMore,
}: ListFooterProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text c="dimmed" size="sm" aria-live="polite">
        {showingLine(loaded, total, lastOffset, limit)}
      </Text>
      {hasMore ? (
        <Button variant="light" onClick={onLoadMore} loading={loadingMore}>
          Load More
        </Button>
      ) : null}
    </Group>
  );
}
