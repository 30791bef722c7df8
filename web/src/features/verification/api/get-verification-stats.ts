import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVerificationStats } from '@/api';
import { verificationKeys } from './keys';

export async function fetchVerificationStats(signal?: AbortSignal) {
  const { stats } = await getVerificationStats({ signal });
  return stats;
}

export function verificationStatsQueryOptions() {
  return queryOptions({
    queryKey: verificationKeys.stats(),
    queryFn: ({ signal }) => fetchVerificationStats(signal),
  });
}

export function useVerificationStats() {
  return useQuery(verificationStatsQueryOptions());
}
