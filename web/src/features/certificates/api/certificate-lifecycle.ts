import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCertificateDetail, resumeCertificate, suspendCertificate } from '@/api';
import { certificateKeys } from './keys';

export function certificateDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: certificateKeys.detail(id),
    queryFn: ({ signal }) => getCertificateDetail(id, { signal }),
  });
}

/** One certificate with its append-only history. */
export function useCertificateDetail(id: string) {
  return useQuery(certificateDetailQueryOptions(id));
}

/** Suspends (with a reason) or resumes a certificate; lists, stats and the detail reload. */
export function useSuspendOrResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'suspend' | 'resume'; reason?: string }) =>
      action === 'suspend' ? suspendCertificate(id, reason ?? '') : resumeCertificate(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}
