import { useMutation } from '@tanstack/react-query';
import { resendVerification } from '@/api/auth';
import type { ApiError } from '@/api/client';
import { authKeys } from './keys';

/** Sends the confirmation mail again (the 'Resend Verification' button). */
export function useResendVerification() {
  return useMutation<undefined, ApiError, string>({
    mutationKey: authKeys.resendVerification(),
    mutationFn: async (email) => {
      await resendVerification(email.trim());
      return undefined;
    },
  });
}
