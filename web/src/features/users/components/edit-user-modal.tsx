import { Alert, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { USER_ROLES, USER_STATUSES, type AdminUser, type UserRole, type UserStatus } from '@contract';
import { displayName } from '../lib/filter-users';

export interface EditUserModalProps {
  user: AdminUser | null;
  busy: boolean;
  /** Why the last change failed; the modal stays open (spec section 8). */
  error: string | null;
  onRoleChange: (role: UserRole) => void;
  onStatusChange: (status: UserStatus) => void;
  onClose: () => void;
}

/** Role and status of one user; each selection is sent at once. */
export function EditUserModal({
  user,
  busy,
  error,
  onRoleChange,
  onStatusChange,
  onClose,
}: EditUserModalProps) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title="Edit User"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {user ? (
        <Stack>
          <Stack gap={0}>
            <Text fw={500}>{displayName(user)}</Text>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
          </Stack>
          <Select
            label="Role"
            data={[...USER_ROLES]}
            value={user.role}
            allowDeselect={false}
            disabled={busy}
            rightSection={busy ? <Loader size="xs" /> : undefined}
            onChange={(value) => {
              const role = USER_ROLES.find((candidate) => candidate === value);
              if (role && role !== user.role) onRoleChange(role);
            }}
          />
          <Select
            label="Status"
            data={[...USER_STATUSES]}
            value={user.status}
            allowDeselect={false}
            disabled={busy}
            rightSection={busy ? <Loader size="xs" /> : undefined}
            onChange={(value) => {
              const status = USER_STATUSES.find((candidate) => candidate === value);
              if (status && status !== user.status) onStatusChange(status);
            }}
          />
          <Text size="xs" c="dimmed">
            Changes are saved as soon as you pick them.
          </Text>
          {error ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle aria-hidden />}
              title="Update Error"
            >
              {error}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
