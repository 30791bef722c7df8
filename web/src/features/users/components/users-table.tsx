import type { ReactNode } from 'react';
import { ActionIcon, Avatar, Badge, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { AdminUser, UserRole, UserStatus } from '@contract';
import { formatDate } from '@/lib/format';
import { displayName } from '../lib/filter-users';

const ROLE_COLOR: Record<UserRole, string> = { admin: 'grape', moderator: 'blue', user: 'gray' };
const STATUS_COLOR: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  banned: 'red',
  pending: 'yellow',
};

export const OWN_ACCOUNT = {
  edit: 'Cannot modify your own account',
  delete: 'Cannot delete your own account',
} as const;

export interface UsersTableProps {
  users: AdminUser[];
  /** The signed-in admin's auth id: their own row cannot be edited or deleted. */
  ownId: string;
  /** Rows with a change in flight. */
  busyIds: Set<string>;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

function RowAction({
  label,
  blockedReason,
  color,
  icon,
  onClick,
  loading,
}: {
  label: string;
  blockedReason: string | null;
  color?: string;
  icon: ReactNode;
  onClick: () => void;
  loading: boolean;
}) {
  const blocked = blockedReason !== null || loading;
  // aria-disabled (not disabled) keeps the button focusable, so keyboard users get the tooltip too.
  return (
    <Tooltip label={blockedReason ?? label} events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={blockedReason ? `${label}: ${blockedReason}` : label}
        aria-disabled={blocked}
        data-disabled={blocked || undefined}
        loading={loading}
        onClick={() => {
          if (!blocked) onClick();
        }}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** User, Role, Status, Joined and Actions; the own row's actions are blocked with a reason. */
export function UsersTable({ users, ownId, busyIds, onEdit, onDelete }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const own = user.auth_id === ownId;
            const busy = busyIds.has(user.auth_id);
            const name = displayName(user);
            return (
              <Table.Tr key={user.auth_id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar
                      src={user.avatar}
                      name={name === 'No name' ? user.email : name}
                      radius="xl"
                      alt=""
                    />
                    <Stack gap={0}>
                      <Text fw={500} size="sm">
                        {name}
                      </Text>
                      <Text c="dimmed" size="xs">
                        {user.email}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={ROLE_COLOR[user.role]} variant="light">
                    {user.role}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[user.status]} variant="dot">
                    {user.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(user.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <RowAction
                      label={`Edit ${user.email}`}
                      blockedReason={own ? OWN_ACCOUNT.edit : null}
                      icon={<IconPencil size={18} />}
                      onClick={() => onEdit(user)}
                      loading={busy}
                    />
                    <RowAction
                      label={`Delete ${user.email}`}
                      blockedReason={own ? OWN_ACCOUNT.delete : null}
                      color="red"
                      icon={<IconTrash size={18} />}
                      onClick={() => onDelete(user)}
                      loading={busy}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Placeholder rows while the users load. */
export function UsersTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading users">
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="sm" wrap="nowrap">
          <Skeleton circle h={38} />
          <Stack gap={6} flex={1}>
            <Skeleton h={12} w="40%" />
            <Skeleton h={10} w="60%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
