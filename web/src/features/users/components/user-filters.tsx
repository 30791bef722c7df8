import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { USER_ROLES, USER_STATUSES } from '@contract';
import { hasActiveFilters, type UserFilters } from '../lib/filter-users';

const ALL = 'all';

/** Search box, role and status filters, and Clear. */
export function UserFiltersBar({
  filters,
  onChange,
  onClear,
}: {
  filters: UserFilters;
  onChange: (filters: UserFilters) => void;
  onClear: () => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" component="section" aria-label="Find users">
      <TextInput
        label="Search"
        placeholder="Email, username or name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
      />
      <Select
        label="Role"
        data={[
          { value: ALL, label: 'All roles' },
          ...USER_ROLES.map((role) => ({ value: role, label: role })),
        ]}
        value={filters.role ?? ALL}
        allowDeselect={false}
        onChange={(value) =>
          onChange({ ...filters, role: USER_ROLES.find((role) => role === value) ?? null })
        }
      />
      <Select
        label="Status"
        data={[
          { value: ALL, label: 'All statuses' },
          ...USER_STATUSES.map((status) => ({ value: status, label: status })),
        ]}
        value={filters.status ?? ALL}
        allowDeselect={false}
        onChange={(value) =>
          onChange({
            ...filters,
            status: USER_STATUSES.find((status) => status === value) ?? null,
          })
        }
      />
      <Group align="flex-end">
        <Button
          variant="default"
          leftSection={<IconX size={16} />}
          onClick={onClear}
          disabled={!hasActiveFilters(filters)}
        >
          Clear
        </Button>
      </Group>
    </SimpleGrid>
  );
}
