/** Key factory for the auth feature's mutations and its one query (the reset link's session). */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  resendVerification: () => [...authKeys.all, 'resend-verification'] as const,
  requestPasswordReset: () => [...authKeys.all, 'request-password-reset'] as const,
  updatePassword: () => [...authKeys.all, 'update-password'] as const,
  recoverySession: () => [...authKeys.all, 'recovery-session'] as const,
};
