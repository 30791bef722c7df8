import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeCertificate } from '@/api';
import { replaceCertificateInLists } from './cache';
import { certificateKeys } from './keys';

/**
 * Revokes a certificate. It stays in the all-certificates list, now marked revoked; the revoked
 * lists and every stats panel are refetched.
 */
export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateId, reason }: { certificateId: string; reason: string }) =>
      revokeCertificate(certificateId, reason),
    onSuccess: async ({ certificate }) => {
      replaceCertificateInLists(queryClient, 'all', certificate);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: certificateKeys.scopeLists('revoked') }),
        queryClient.invalidateQueries({ queryKey: certificateKeys.allStats() }),
      ]);
    },
  });
}
