import { useMutationState } from '@tanstack/react-query';
import { userKeys, type UserChangeInput } from './keys';

/** Auth ids of the users that have a role, status or delete request in flight. */
export function useUsersInFlight(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: userKeys.changes(), status: 'pending' },
    select: (mutation) => (mutation.state.variables as UserChangeInput | undefined)?.authId,
  });
  return new Set(ids.filter((id): id is string => id !== undefined));
}
