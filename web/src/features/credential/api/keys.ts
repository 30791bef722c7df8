/** Query keys of the public credential page. */
export const credentialKeys = {
  all: ['credential'] as const,
  details: () => [...credentialKeys.all, 'detail'] as const,
  detail: (publicId: string) => [...credentialKeys.details(), publicId] as const,
};
