/** Key factory for the auth feature's mutations (it has no cached queries). */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  resendVerification: () => [...authKeys.all, 'resend-verification'] as const,
};
