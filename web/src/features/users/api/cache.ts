import type { QueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@contract';
import { userKeys } from './keys';

/** Replaces a row with the user the server returned (spec section 4). */
export function replaceUser(queryClient: QueryClient, user: AdminUser): void {
  queryClient.setQueryData<AdminUser[]>(userKeys.list(), (users) =>
    users?.map((row) => (row.auth_id === user.auth_id ? user : row)),
  );
}

/** Removes a deleted user's row. */
export function removeUser(queryClient: QueryClient, authId: string): void {
  queryClient.setQueryData<AdminUser[]>(userKeys.list(), (users) =>
    users?.filter((row) => row.auth_id !== authId),
  );
}
