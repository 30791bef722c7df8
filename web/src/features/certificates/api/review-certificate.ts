import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveCertificate, rejectCertificate } from '@/api';
import { replaceCertificateInLists } from './cache';
import { certificateKeys } from './keys';

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewInput {
  certificateId: string;
  decision: ReviewDecision;
}

/** Approves (verified) or rejects (failed) a pending certificate; the card shows the new status at once. */
export function useReviewCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateId, decision }: ReviewInput) =>
      decision === 'approve' ? approveCertificate(certificateId) : rejectCertificate(certificateId),
    onSuccess: async ({ certificate }) => {
      replaceCertificateInLists(queryClient, 'all', certificate);
      await queryClient.invalidateQueries({ queryKey: certificateKeys.allStats() });
    },
  });
}
