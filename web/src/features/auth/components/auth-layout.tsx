import type { ReactNode } from 'react';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './auth-background.module.css';

/** The card the login and register forms sit in, over the animated gradient. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
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
        {children}
      </Paper>
    </Box>
  );
}
