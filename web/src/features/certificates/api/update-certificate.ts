import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCertificateRequest } from '@contract';
import { updateCertificate } from '@/api';
import { replaceCertificateInLists } from './cache';
import { certificateKeys } from './keys';

export interface UpdateCertificateVariables {
  id: string;
  changes: Omit<UpdateCertificateRequest, 'invitationRedirectTo'>;
}

/**
 * Edits a certificate's fields (admin). Loaded lists show the new fields at once; the detail (with
 * its history, which now has the edit) and the stats (a new expiry date can change the status) reload.
 */
export function useUpdateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: UpdateCertificateVariables) => updateCertificate(id, changes),
    onSuccess: async ({ certificate }) => {
      replaceCertificateInLists(queryClient, 'all', certificate);
      replaceCertificateInLists(queryClient, 'revoked', certificate);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: certificateKeys.detail(certificate.id) }),
        queryClient.invalidateQueries({ queryKey: certificateKeys.allStats() }),
      ]);
    },
  });
}
