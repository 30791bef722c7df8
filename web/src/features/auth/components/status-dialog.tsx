import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleX, IconClockExclamation } from '@tabler/icons-react';

export type StatusDialogKind = 'error' | 'warning' | 'timeout';

const LOOK: Record<StatusDialogKind, { color: string; Icon: typeof IconCircleX }> = {
  error: { color: 'red', Icon: IconCircleX },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  timeout: { color: 'orange', Icon: IconClockExclamation },
};

export interface StatusDialogProps {
  opened: boolean;
  onClose: () => void;
  kind: StatusDialogKind;
  title: string;
  message: string;
  /** The dialog's buttons, right-aligned; by default one 'OK' that closes it. */
  actions?: ReactNode;
}

/** The alert dialogs of the auth screens (spec section 8). */
export function StatusDialog({ opened, onClose, kind, title, message, actions }: StatusDialogProps) {
  const { color, Icon } = LOOK[kind];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      withCloseButton={false}
      title={
        <Group gap="sm">
          <ThemeIcon color={color} variant="light" radius="xl" aria-hidden>
            <Icon size={18} />
          </ThemeIcon>
          <Text fw={700}>{title}</Text>
        </Group>
      }
    >
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">{actions ?? <Button onClick={onClose}>OK</Button>}</Group>
      </Stack>
    </Modal>
  );
}
