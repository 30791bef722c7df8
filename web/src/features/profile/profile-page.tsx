import { useState } from 'react';
import { Avatar, Badge, Button, Container, Grid, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCertificate, IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components';
import { paths } from '@/config/paths';
import { useBriefLoading } from '@/lib/use-brief-loading';
import { useSession } from '@/session';
import { useMyCertificates } from './api/get-my-certificates';
import { CertificatesTab } from './components/certificates-tab';
import { ProfileDetails } from './components/profile-details';

type ProfileTab = 'profile' | 'certificates';

/** The avatar letter: first name, else name, else 'U'. */
export function profileInitial(user: { firstname: string; name: string }): string {
  const source = (user.firstname || user.name).trim();
  return source ? source.charAt(0).toUpperCase() : 'U';
}

/** The signed-in user's profile and certificates (spec section 2, Profile). */
export default function ProfilePage() {
  const loading = useBriefLoading();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<ProfileTab>('profile');
  const certificates = useMyCertificates(user.id);
  const isDesktop = useMediaQuery('(min-width: 64em)');

  if (loading) return <FullPageSpinner />;

  const handleLogout = async () => {
    await signOut();
    // Replaces the guard's redirect, whose way back to the profile must not outlive the sign-out.
    await navigate(paths.login, { replace: true });
  };

  return (
    <Container size="lg" py="xl">
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'certificates' ? 'certificates' : 'profile')}
        orientation={isDesktop ? 'vertical' : 'horizontal'}
        variant="pills"
        keepMounted={false}
      >
        <Grid gap="lg" w="100%">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="lg" radius="md">
              <Stack align="center" gap="xs">
                <Avatar size={80} radius="xl" color="indigo" aria-hidden>
                  {profileInitial(user)}
                </Avatar>
                <Text fw={700} size="lg" ta="center">
                  {user.name}
                </Text>
                <Badge variant="light" tt="capitalize">
                  {user.role || 'user'}
                </Badge>
              </Stack>
              <Tabs.List mt="lg" aria-label="Profile sections" grow={!isDesktop}>
                <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
                  Profile Information
                </Tabs.Tab>
                <Tabs.Tab
                  value="certificates"
                  leftSection={<IconCertificate size={16} aria-hidden />}
                  rightSection={
                    <Badge size="sm" circle aria-label={`${certificates.data?.count ?? 0} certificates`}>
                      {certificates.data?.count ?? 0}
                    </Badge>
                  }
                >
                  My Certificates
                </Tabs.Tab>
              </Tabs.List>
              <Button
                fullWidth
                mt="lg"
                variant="light"
                color="red"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={handleLogout}
              >
                Logout
              </Button>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Tabs.Panel value="profile">
              <ProfileDetails user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="certificates">
              <CertificatesTab userId={user.id} />
            </Tabs.Panel>
          </Grid.Col>
        </Grid>
      </Tabs>
    </Container>
  );
}
