import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsers, IconUserSearch } from '@tabler/icons-react';
import type { AdminUser, UserRole, UserStatus } from '@contract';
import { errorMessage } from '@/api';
import { ConfirmModal, EmptyState, ErrorBanners } from '@/components';
import { useDismissibleErrors } from '@/lib/use-dismissible-errors';
import { useSession } from '@/session';
import { useDeleteUser } from './api/delete-user';
import { useUserStats } from './api/get-user-stats';
import { useUsers } from './api/get-users';
import { useUpdateUserRole } from './api/update-user-role';
import { useUpdateUserStatus } from './api/update-user-status';
import { useUsersInFlight } from './api/users-in-flight';
import { EditUserModal } from './components/edit-user-modal';
import { UserFiltersBar } from './components/user-filters';
import { UserStatsPanel } from './components/user-stats-panel';
import { UsersTable, UsersTableSkeleton } from './components/users-table';
import { deleteConfirmText } from './lib/messages';
import { EMPTY_USER_FILTERS, filterUsers, hasActiveFilters, type UserFilters } from './lib/filter-users';

/** /admin/certificates/users: find users, change their role or status, delete them. */
export default function UserManagementPage() {
  const { isAdmin, user: me } = useSession();
  const [filters, setFilters] = useState<UserFilters>(EMPTY_USER_FILTERS);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const { visible, dismiss } = useDismissibleErrors();

  const users = useUsers(isAdmin);
  const stats = useUserStats(isAdmin);
  const updateRole = useUpdateUserRole();
  const updateStatus = useUpdateUserStatus();
  const remove = useDeleteUser();
  const busyIds = useUsersInFlight();

  const all = users.data ?? [];
  const shown = filterUsers(all, filters);
  const editing = all.find((user) => user.auth_id === editingId) ?? null;
  const loadError = visible(users.error) ?? visible(stats.error);
  const updateError = visible(updateRole.error) ?? visible(updateStatus.error);
  const deleteError = visible(remove.error);

  const onUpdated = (user: AdminUser) =>
    notifications.show({
      color: 'green',
      title: 'User updated',
      message: `${user.email} is now ${user.role}, ${user.status}.`,
    });

  const openEdit = (user: AdminUser) => {
    updateRole.reset();
    updateStatus.reset();
    setEditingId(user.auth_id);
  };

  const changeRole = (role: UserRole) => {
    if (!editing) return;
    updateStatus.reset();
    updateRole.mutate(
      { authId: editing.auth_id, role },
      {
        onSuccess: ({ user }) => onUpdated(user),
        onError: (error) => console.error('Role update failed:', error),
      },
    );
  };

  const changeStatus = (status: UserStatus) => {
    if (!editing) return;
    updateRole.reset();
    updateStatus.mutate(
      { authId: editing.auth_id, status },
      {
        onSuccess: ({ user }) => onUpdated(user),
        onError: (error) => console.error('Status update failed:', error),
      },
    );
  };

  const openDelete = (user: AdminUser) => {
    remove.reset();
    setDeleting(user);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { authId: deleting.auth_id },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'User deleted',
            message: `${deleting.email} was removed.`,
          });
          setDeleting(null);
        },
        onError: (error) => console.error('Delete failed:', error),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          User Management
        </Title>
        <Text c="dimmed" aria-live="polite">
          {users.isPending ? 'Loading users...' : `Showing ${shown.length} of ${all.length} users`}
        </Text>
      </Stack>

      <ErrorBanners
        onDismiss={dismiss}
        errors={[
          { title: 'Error', error: loadError },
          { title: 'Update Error', error: editing ? null : updateError },
          { title: 'Delete Error', error: deleting ? null : deleteError },
        ]}
      />

      <UserStatsPanel stats={stats.data} loading={stats.isPending} />
      <UserFiltersBar
        filters={filters}
        onChange={setFilters}
        onClear={() => setFilters(EMPTY_USER_FILTERS)}
      />

      {users.isPending ? (
        <UsersTableSkeleton />
      ) : shown.length === 0 ? (
        hasActiveFilters(filters) ? (
          <EmptyState
            icon={<IconUserSearch size={32} />}
            title="No users found"
            description="Try a different search or clear the filters."
          />
        ) : (
          <EmptyState
            icon={<IconUsers size={32} />}
            title="No users yet"
            description="No users have been registered yet."
          />
        )
      ) : (
        <UsersTable users={shown} ownId={me.id} busyIds={busyIds} onEdit={openEdit} onDelete={openDelete} />
      )}

      <EditUserModal
        user={editing}
        busy={editing ? busyIds.has(editing.auth_id) : false}
        error={updateError ? errorMessage(updateError) : null}
        onRoleChange={changeRole}
        onStatusChange={changeStatus}
        onClose={() => setEditingId(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title="Delete User"
        message={
          <Stack gap="sm">
            <Text>{deleteConfirmText(deleting?.email ?? '')}</Text>
            {remove.isError ? (
              <Text c="red" role="alert">
                {errorMessage(remove.error)}
              </Text>
            ) : null}
          </Stack>
        }
        confirmLabel="Delete"
        loading={remove.isPending}
      />
    </Stack>
  );
}
