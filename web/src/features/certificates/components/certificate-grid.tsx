import type { ReactNode } from 'react';
import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/** The responsive grid the certificate cards sit in: one column at 360 px, three on wide screens. */
export function CertificateGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** Placeholder cards with the real cards' layout while the first page loads. */
export function CertificateGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" aria-busy="true" aria-label="Loading certificates">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Card.Section>
            <Skeleton h={160} radius={0} />
          </Card.Section>
          <Stack gap="xs" mt="md">
            <Skeleton h={18} w="70%" />
            <Skeleton h={12} w="50%" />
            <Skeleton h={12} w="40%" />
            <Skeleton h={12} w="60%" />
            <Skeleton h={28} w="50%" mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
