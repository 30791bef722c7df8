/** Query keys of the profile feature: all -> certificates -> certificates(userId). */
export const profileKeys = {
  all: ['profile'] as const,
  certificateLists: () => [...profileKeys.all, 'certificates'] as const,
  certificateList: (userId: string) => [...profileKeys.certificateLists(), userId] as const,
};
