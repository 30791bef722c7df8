import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type UserCertificatesResponse } from '@contract';
import { getUserCertificates } from '@/api/certificates';
import { profileKeys } from './keys';

/** The signed-in user's certificates (GET /certificates/user/{userId}, first page of 50). */
export function getMyCertificates(userId: string, signal?: AbortSignal): Promise<UserCertificatesResponse> {
  return getUserCertificates(userId, { limit: DEFAULT_PAGE_SIZE, offset: 0 }, { signal });
}

export function myCertificatesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.certificateList(userId),
    queryFn: ({ signal }) => getMyCertificates(userId, signal),
    // A certificate reviewed by an admin should show its new status on the next visit.
    staleTime: 0,
    enabled: userId !== '',
  });
}

export function useMyCertificates(userId: string) {
  return useQuery(myCertificatesQueryOptions(userId));
}
