import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUsers } from '@/api';
import { userKeys } from './keys';

export async function fetchUsers(signal?: AbortSignal) {
  const { data } = await listUsers({ signal });
  return data;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => fetchUsers(signal) });
}

export function useUsers(enabled = true) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
