import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCertificateStats } from '@/api';
import { certificateKeys, type CertificateListScope } from './keys';

export async function fetchCertificateStats(scope: CertificateListScope, signal?: AbortSignal) {
  const { stats } = await getCertificateStats({ scope }, { signal });
  return stats;
}

export function certificateStatsQueryOptions(scope: CertificateListScope) {
  return queryOptions({
    queryKey: certificateKeys.stats(scope),
    queryFn: ({ signal }) => fetchCertificateStats(scope, signal),
  });
}

export function useCertificateStats(scope: CertificateListScope, enabled = true) {
  return useQuery({ ...certificateStatsQueryOptions(scope), enabled });
}
