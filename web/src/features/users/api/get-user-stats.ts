import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserStats } from '@/api';
import { userKeys } from './keys';

export async function fetchUserStats(signal?: AbortSignal) {
  const { stats } = await getUserStats({ signal });
  return stats;
}

export function userStatsQueryOptions() {
  return queryOptions({ queryKey: userKeys.stats(), queryFn: ({ signal }) => fetchUserStats(signal) });
}

export function useUserStats(enabled = true) {
  return useQuery({ ...userStatsQueryOptions(), enabled });
}
