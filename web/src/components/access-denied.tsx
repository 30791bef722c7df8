import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

export interface AccessDeniedProps {
  title?: string;
  message?: string;
  actionLabel?: string;
  /** Where the button goes; -1 means back in history. */
  to?: string | -1;
}

/** The panel a signed-in user without the needed role sees (spec section 8, Access). */
export function AccessDenied({
  title = 'Access Denied',
  message = 'You need administrator privileges to access this page.',
  actionLabel = 'Go to Home',
  to = paths.home,
}: AccessDeniedProps) {
  const navigate = useNavigate();
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" maw={480} w="100%">
        <Stack align="center" ta="center">
          <ThemeIcon color="red" variant="light" size={56} radius="xl" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{message}</Text>
          <Button onClick={() => (to === -1 ? navigate(-1) : navigate(to))}>{actionLabel}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
