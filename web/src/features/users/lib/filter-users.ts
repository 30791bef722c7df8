import type { AdminUser, UserRole, UserStatus } from '@contract';

export interface UserFilters {
  search: string;
  role: UserRole | null;
  status: UserStatus | null;
}

export const EMPTY_USER_FILTERS: UserFilters = { search: '', role: null, status: null };

export function hasActiveFilters(filters: UserFilters): boolean {
  return filters.search.trim() !== '' || filters.role !== null || filters.status !== null;
}

/** Users matching the search (email, username, first or last name, case-insensitive) and the role and status filters. */
export function filterUsers(users: readonly AdminUser[], filters: UserFilters): AdminUser[] {
  const needle = filters.search.trim().toLowerCase();
  return users.filter((user) => {
    if (filters.role && user.role !== filters.role) return false;
    if (filters.status && user.status !== filters.status) return false;
    if (!needle) return true;
    return [user.email, user.username, user.firstname, user.lastname].some((field) =>
      field?.toLowerCase().includes(needle),
    );
  });
}

/** The name a row shows: full name, else username, else 'No name'. */
export function displayName(user: Pick<AdminUser, 'firstname' | 'lastname' | 'username'>): string {
  const full = [user.firstname, user.lastname].filter((part) => part?.trim()).join(' ');
  return full || user.username || 'No name';
}
