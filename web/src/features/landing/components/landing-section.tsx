import { useId, type ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';

/** A section of the public pages under a centred heading, which also names it as a region. */
export function LandingSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="lg">
      <Title order={2} ta="center" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
