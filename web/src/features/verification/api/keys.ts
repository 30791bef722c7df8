/** Query keys of the verification page; verifying itself is a mutation and is not cached. */
export const verificationKeys = {
  all: ['verification'] as const,
  stats: () => [...verificationKeys.all, 'stats'] as const,
};
