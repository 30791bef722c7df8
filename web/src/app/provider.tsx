import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SessionProvider } from '@/session';
import { theme } from './theme';

/** Everything the screens rely on: theme (light/dark), data cache, modals, toasts, session. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          <SessionProvider>{children}</SessionProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
