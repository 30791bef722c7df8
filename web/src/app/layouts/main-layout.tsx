import { Suspense } from 'react';
import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '@/components';
import { HEADER_HEIGHT } from '../theme';
import { Header } from './header';

/** The routed screen of a layout, with the full-page spinner while its lazy module loads. */
export function RoutedMain() {
  return (
    <AppShell.Main>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </AppShell.Main>
  );
}

/** Every public and user page: the fixed header above the routed screen. */
export function MainLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <RoutedMain />
    </AppShell>
  );
}
