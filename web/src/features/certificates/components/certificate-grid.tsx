import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import { CertificateCardSkeleton } from '@/components';

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
        <CertificateCardSkeleton key={index} />
      ))}
    </SimpleGrid>
  );
}
