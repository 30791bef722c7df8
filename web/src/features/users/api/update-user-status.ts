import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserStatus } from '@contract';
import { updateUserStatus } from '@/api';
import { replaceUser } from './cache';
import { userKeys, type UserChangeInput } from './keys';

export interface UpdateStatusInput extends UserChangeInput {
  status: UserStatus;
}

/** Sends a status change; the row is replaced with the returned user and the stats reload. */
export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.change('status'),
    mutationFn: ({ authId, status }: UpdateStatusInput) => updateUserStatus(authId, status),
    onSuccess: async ({ user }) => {
      replaceUser(queryClient, user);
      await queryClient.invalidateQueries({ queryKey: userKeys.stats() });
    },
  });
}
