/** Query keys of user management. GET /users returns everyone; search and filters apply in the browser. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: () => [...userKeys.lists(), 'all-users'] as const,
  stats: () => [...userKeys.all, 'stats'] as const,
};
