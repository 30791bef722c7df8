import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unrevokeCertificate } from '@/api';
import { removeCertificateFromLists } from './cache';
import { certificateKeys } from './keys';

/**
 * Unrevokes a certificate: it leaves the loaded revoked lists at once and their count drops by one
 * (never below 0, spec section 4); the all-certificates lists and the stats are refetched.
 */
export function useUnrevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certificateId: string) => unrevokeCertificate(certificateId),
    onSuccess: async (_response, certificateId) => {
      removeCertificateFromLists(queryClient, 'revoked', certificateId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: certificateKeys.scopeLists('all') }),
        queryClient.invalidateQueries({ queryKey: certificateKeys.allStats() }),
      ]);
    },
  });
}
