import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';

export interface StatItem {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** A row of stat tiles; skeleton tiles while the numbers load. */
export function StatsGrid({ label, items, loading }: { label: string; items: StatItem[]; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="section" aria-label={label}>
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {item.label}
          </Text>
          {loading ? (
            <Skeleton h={28} mt={4} w="60%" />
          ) : (
            <>
              <Text fz="xl" fw={700}>
                {item.value}
              </Text>
              {item.hint ? (
                <Text size="xs" c="dimmed">
                  {item.hint}
                </Text>
              ) : null}
            </>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
