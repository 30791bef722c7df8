import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRole } from '@contract';
import { updateUserRole } from '@/api';
import { replaceUser } from './cache';
import { userKeys, type UserChangeInput } from './keys';

export interface UpdateRoleInput extends UserChangeInput {
  role: UserRole;
}

/** Sends a role change; the row is replaced with the returned user and the stats reload. */
export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.change('role'),
    mutationFn: ({ authId, role }: UpdateRoleInput) => updateUserRole(authId, role),
    onSuccess: async ({ user }) => {
      replaceUser(queryClient, user);
      await queryClient.invalidateQueries({ queryKey: userKeys.stats() });
    },
  });
}
