import type { ReactNode } from 'react';
import { AppShell, Box, Burger, Drawer, Group, NavLink as MantineNavLink, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCertificate,
  IconCertificateOff,
  IconFiles,
  IconStack2,
  IconLogout,
  IconUsers,
} from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ColorSchemeToggle, FullPageSpinner, type LoginRedirectState } from '@/components';
import { paths } from '@/config/paths';
import { useSession } from '@/session';
import { HEADER_HEIGHT } from '../theme';
import { MainLayout, RoutedMain } from './main-layout';

const SIDEBAR_WIDTH = 260;

interface SidebarLink {
  label: string;
  to: string;
  icon: ReactNode;
  /** The upload page also answers the /admin index. */
  alsoActiveOn?: string;
}

const SIDEBAR_LINKS: SidebarLink[] = [
  {
    label: 'Certificates',
    to: paths.admin.certificates,
    icon: <IconCertificate size={18} aria-hidden />,
    alsoActiveOn: paths.admin.root,
  },
  {
    label: 'Bulk Issue',
    to: paths.admin.bulkIssue,
    icon: <IconStack2 size={18} aria-hidden />,
  },
  {
    label: 'Uploaded Certificates',
    to: paths.admin.allCertificates,
    icon: <IconFiles size={18} aria-hidden />,
  },
  {
    label: 'Revoked Certificates',
    to: paths.admin.revokedCertificates,
    icon: <IconCertificateOff size={18} aria-hidden />,
  },
  { label: 'User Management', to: paths.admin.users, icon: <IconUsers size={18} aria-hidden /> },
];

function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const handleSignOut = async () => {
    onNavigate();
    await signOut();
    // Replaces the guard's redirect, whose way back to this screen must not outlive the sign-out.
    await navigate(paths.login, { replace: true });
  };

  return (
    <Stack component="nav" aria-label="Admin" gap={4} h="100%">
      {SIDEBAR_LINKS.map((link) => {
        const active = pathname === link.to || pathname === link.alsoActiveOn;
        return (
          <MantineNavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            leftSection={link.icon}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
      <Box mt="auto">
        <MantineNavLink
          component={Link}
          to={paths.home}
          label="Go back to Client"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={onNavigate}
        />
        <MantineNavLink
          component="button"
          type="button"
          label="Sign Out"
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={handleSignOut}
        />
      </Box>
    </Stack>
  );
}

/**
 * The admin area: a sidebar on wide screens; below 1024 px a drawer opened by the menu button and
 * closed by Escape, a tap outside or a chosen link, with the page scroll locked while open.
 */
export function AdminLayout() {
  const { isAdmin, isSignedIn, restored } = useSession();
  const [drawerOpened, drawer] = useDisclosure(false);
  const isDesktop = useMediaQuery('(min-width: 64em)');
  const location = useLocation();

  if (!isAdmin && !restored) return <FullPageSpinner />;
  if (!isSignedIn) {
    const state: LoginRedirectState = { from: location.pathname };
    return <Navigate to={paths.login} replace state={state} />;
  }
  // A signed-in non-admin gets the ordinary layout; each admin page shows its own access panel.
  if (!isAdmin) return <MainLayout />;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="md"
              aria-label={drawerOpened ? 'Close admin menu' : 'Open admin menu'}
              aria-expanded={drawerOpened}
            />
            <Title order={1} size="h3">
              Dashboard
            </Title>
          </Group>
          <ColorSchemeToggle />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Sidebar onNavigate={() => undefined} />
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpened && !isDesktop}
        onClose={drawer.close}
        title="Admin menu"
        size={SIDEBAR_WIDTH}
        closeButtonProps={{ 'aria-label': 'Close admin menu' }}
      >
        <Sidebar onNavigate={drawer.close} />
      </Drawer>
      <RoutedMain />
    </AppShell>
  );
}
