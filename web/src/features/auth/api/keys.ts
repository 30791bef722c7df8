/** Key factory for the auth feature's mutations and its queries (the sessions the reset and invitation links open). */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  resendVerification: () => [...authKeys.all, 'resend-verification'] as const,
  requestPasswordReset: () => [...authKeys.all, 'request-password-reset'] as const,
  updatePassword: () => [...authKeys.all, 'update-password'] as const,
  recoverySession: () => [...authKeys.all, 'recovery-session'] as const,
  acceptInvitation: () => [...authKeys.all, 'accept-invitation'] as const,
  invitedUser: () => [...authKeys.all, 'invited-user'] as const,
};
