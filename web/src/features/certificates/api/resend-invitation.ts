import { useMutation } from '@tanstack/react-query';
import { resendInvitation } from '@/api';

/** Mails a certificate's invitation again (admin); nothing cached changes, so nothing is invalidated. */
export function useResendInvitation() {
  return useMutation({ mutationFn: (certificateId: string) => resendInvitation(certificateId) });
}
