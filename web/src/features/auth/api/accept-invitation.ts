import { useMutation, useQuery } from '@tanstack/react-query';
import { acceptInvitation, getSessionUser, type AcceptInvitationInput, type SessionUser } from '@/api/auth';
import type { ApiError } from '@/api/client';
import { authKeys } from './keys';

/** The user the invitation link signed in, with the names the admin gave (null without a session). */
export function useInvitedUser() {
  return useQuery<SessionUser | null, ApiError>({
    queryKey: authKeys.invitedUser(),
    queryFn: getSessionUser,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Stores the chosen password and names; the user stays signed in. */
export function useAcceptInvitation() {
  return useMutation<SessionUser, ApiError, AcceptInvitationInput>({
    mutationKey: authKeys.acceptInvitation(),
    mutationFn: (input) => acceptInvitation(input),
  });
}
