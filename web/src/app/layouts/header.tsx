import {
  Anchor,
  Avatar,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink as MantineNavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { ColorSchemeToggle } from '@/components';
import { paths } from '@/config/paths';
import { useSession } from '@/session';

interface NavItem {
  label: string;
  to: string;
}

/** The first letter of the user's name, else 'U' (spec section 2, Header). */
export function avatarInitial(user: { firstname: string; name: string }): string {
  const source = (user.firstname || user.name).trim();
  return source ? source.charAt(0).toUpperCase() : 'U';
}

function Logo() {
  return (
    <UnstyledButton component={Link} to={paths.home} aria-label="CertVerify home">
      <Group gap={8} wrap="nowrap">
        <IconShieldCheck size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={800} size="lg">
          CertVerify
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The fixed top bar. Desktop shows Verification only to signed-in users; the mobile menu shows it
 * to everyone. The Admin link is for role admin on both (the spec's mobile 'doctor' rule is
 * treated as a defect, see web/README.md).
 */
export function Header() {
  const { user, isSignedIn, isAdmin, signOut } = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  const navigate = useNavigate();

  const desktopItems: NavItem[] = [
    { label: 'Home', to: paths.home },
    { label: 'About', to: paths.about },
    ...(isSignedIn ? [{ label: 'Verification', to: paths.verification }] : []),
    ...(isAdmin ? [{ label: 'Admin', to: paths.admin.root }] : []),
  ];
  const mobileItems: NavItem[] = [
    { label: 'Home', to: paths.home },
    { label: 'About', to: paths.about },
    { label: 'Verification', to: paths.verification },
    ...(isAdmin ? [{ label: 'Admin', to: paths.admin.root }] : []),
  ];

  const handleLogout = async () => {
    menu.close();
    // Home first: a signed-out user is not left on the screen they signed out from.
    await navigate(paths.home);
    await signOut();
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Logo />

      <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
        {desktopItems.map((item) => (
          <Anchor
            key={item.to}
            component={NavLink}
            to={item.to}
            end={item.to === paths.home}
            fw={500}
            c="inherit"
            underline="hover"
          >
            {item.label}
          </Anchor>
        ))}
      </Group>

      <Group gap="sm" wrap="nowrap">
        <ColorSchemeToggle />
        {isSignedIn ? (
          <>
            <Avatar component={Link} to={paths.profile} color="indigo" radius="xl" aria-label="Your profile">
              {avatarInitial(user)}
            </Avatar>
            <Text visibleFrom="md" fw={500}>
              Hi, {user.firstname || 'User'}
            </Text>
            <Button variant="light" onClick={handleLogout} visibleFrom="md">
              Logout
            </Button>
          </>
        ) : (
          <Button component={Link} to={paths.login} visibleFrom="md">
            Sign In
          </Button>
        )}
        <Burger
          opened={menuOpened}
          onClick={menu.toggle}
          hiddenFrom="md"
          aria-label={menuOpened ? 'Close navigation menu' : 'Open navigation menu'}
          aria-expanded={menuOpened}
        />
      </Group>

      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        position="right"
        size="xs"
        title="Menu"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': 'Close navigation menu' }}
      >
        <Stack gap="xs">
          <nav aria-label="Mobile">
            {mobileItems.map((item) => (
              <MantineNavLink
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.to === paths.home}
                label={item.label}
                onClick={menu.close}
              />
            ))}
          </nav>
          <Divider />
          {isSignedIn ? (
            <Stack gap="xs" px="sm">
              <Group gap="sm">
                <Avatar color="indigo" radius="xl" aria-hidden>
                  {avatarInitial(user)}
                </Avatar>
                <div>
                  <Text fw={600}>{user.name || user.firstname || 'User'}</Text>
                  <Text size="sm" c="dimmed" tt="capitalize">
                    {user.role || 'user'}
                  </Text>
                </div>
              </Group>
              <Button variant="light" onClick={handleLogout}>
                Logout
              </Button>
            </Stack>
          ) : (
            <Button component={Link} to={paths.login} onClick={menu.close} mx="sm">
              Sign In
            </Button>
          )}
        </Stack>
      </Drawer>
    </Group>
  );
}
