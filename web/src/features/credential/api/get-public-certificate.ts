import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicCertificate } from '@/api';
import { credentialKeys } from './keys';

export function publicCertificateQueryOptions(publicId: string) {
  return queryOptions({
    queryKey: credentialKeys.detail(publicId),
    queryFn: ({ signal }) => getPublicCertificate(publicId, { signal }),
    retry: false,
  });
}

/** The public page of one certificate; an error means "not found" (private, unknown or malformed alike). */
export function usePublicCertificate(publicId: string) {
  return useQuery(publicCertificateQueryOptions(publicId));
}
