import type { ReactNode } from 'react';
import { Box, LoadingOverlay, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './auth-background.module.css';

/**
 * The card the login and register forms sit in, over the animated gradient. While `busy`, a blurred
 * overlay covers the card and announces `busyText`.
 */
export function AuthLayout({
  title,
  subtitle,
  busy,
  busyText,
  children,
}: {
  title: string;
  subtitle: string;
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <Box className={classes.root}>
      <Paper
        withBorder
        shadow="md"
        p={{ base: 'lg', sm: 'xl' }}
        radius="lg"
        w="100%"
        maw={440}
        pos="relative"
      >
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{subtitle}</Text>
        </Stack>
        <LoadingOverlay
          visible={busy}
          overlayProps={{ blur: 2 }}
          loaderProps={{
            children: (
              <Text fw={600} role="status">
                {busyText}
              </Text>
            ),
          }}
        />
        {children}
      </Paper>
    </Box>
  );
}
