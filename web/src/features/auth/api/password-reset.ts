import { useMutation, useQuery } from '@tanstack/react-query';
import { hasSession, requestPasswordReset, updatePassword } from '@/api/auth';
import type { ApiError } from '@/api/client';
import { authKeys } from './keys';

/** Mails a reset link; succeeds alike for known and unknown addresses. */
export function useRequestPasswordReset() {
  return useMutation<undefined, ApiError, string>({
    mutationKey: authKeys.requestPasswordReset(),
    mutationFn: async (email) => {
      await requestPasswordReset(email.trim());
      return undefined;
    },
  });
}

/** Whether the reset link opened a session (checked once per visit of the page). */
export function useRecoverySession() {
  return useQuery<boolean, ApiError>({
    queryKey: authKeys.recoverySession(),
    queryFn: hasSession,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Stores the new password and signs out. */
export function useUpdatePassword() {
  return useMutation<undefined, ApiError, string>({
    mutationKey: authKeys.updatePassword(),
    mutationFn: async (password) => {
      await updatePassword(password);
      return undefined;
    },
  });
}
