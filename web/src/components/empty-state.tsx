import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState } from '@mantine/core';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
}

/** An empty list: an icon, a line and, where useful, the next step. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <MantineEmptyState icon={icon} title={title} description={description} variant="light" py="xl">
      {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
