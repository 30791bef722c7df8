import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SessionUser } from '@/api/auth';
import { theme } from '@/app/theme';
import { EMPTY_USER, sessionStore } from '@/session';

export interface RenderOptions {
  /** The address the memory router starts at. */
  route?: string;
  /**
   * The route pattern `ui` is mounted at (default: every path). Mount anything that redirects at its
   * own path, or the redirect renders it again and loops.
   */
  path?: string;
  /** Signs this user in before rendering (merged into the empty defaults). */
  user?: Partial<SessionUser>;
  queryClient?: QueryClient;
}

/** Shows the router's current address so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    // env="test": no transitions and no portals, so dropdowns and modals are there at once in jsdom.
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders `ui` inside Mantine, a fresh QueryClient and a memory router, with the session set to
 * `user` (or signed out). Returns Testing Library's result plus a user-event instance.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  // Signed out, and not by a sign-out in an earlier test (setUser clears that mark).
  sessionStore.setUser({ ...EMPTY_USER });
  if (options.user) sessionStore.setUser({ ...EMPTY_USER, ...options.user });
  sessionStore.markRestored();

  const user = userEvent.setup({ delay: null });
  const result: RenderResult = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...result, user, queryClient };
}

/** The memory router's current path. */
export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
