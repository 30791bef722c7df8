/** Query keys of user management. GET /users returns everyone; search and filters apply in the browser. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: () => [...userKeys.lists(), 'all-users'] as const,
  stats: () => [...userKeys.all, 'stats'] as const,
  /** Every change to a user; the table reads which rows have one in flight. */
  changes: () => [...userKeys.all, 'change'] as const,
  change: (kind: 'role' | 'status' | 'delete') => [...userKeys.changes(), kind] as const,
};

/** What every user change is called with, so in-flight rows can be found by auth id. */
export interface UserChangeInput {
  authId: string;
}
