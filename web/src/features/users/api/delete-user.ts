import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUser } from '@/api';
import { removeUser } from './cache';
import { userKeys, type UserChangeInput } from './keys';

/** Deletes a user; the row is removed and the stats reload. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.change('delete'),
    mutationFn: ({ authId }: UserChangeInput) => deleteUser(authId),
    onSuccess: async (_response, { authId }) => {
      removeUser(queryClient, authId);
      await queryClient.invalidateQueries({ queryKey: userKeys.stats() });
    },
  });
}
