import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shows a spinner on the confirm button and blocks closing while the action runs. */
  loading?: boolean;
  /** Red confirm button for destructive actions (default). */
  destructive?: boolean;
  /** Keeps the confirm button disabled, e.g. until a required reason is typed. */
  confirmDisabled?: boolean;
}

/**
 * A confirmation dialog. The caller keeps it open when the action fails (spec section 8: a failed
 * modal action is only logged and the modal stays open).
 */
export function ConfirmModal({
  opened,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  loading = false,
  destructive = true,
  confirmDisabled = false,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered>
      <Stack>
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button
            color={destructive ? 'red' : undefined}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
