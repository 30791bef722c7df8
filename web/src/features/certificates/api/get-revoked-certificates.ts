import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@contract';
import { listRevokedCertificates } from '@/api';
import { nextPageOffset } from '../lib/pagination';
import { certificateKeys, type RevokedListFilters } from './keys';

/** One page of the revoked list; the "All" file type is left out of the query. */
export function getRevokedCertificatesPage(
  filters: RevokedListFilters,
  offset: number,
  signal?: AbortSignal,
) {
  return listRevokedCertificates(
    {
      limit: DEFAULT_PAGE_SIZE,
      offset,
      sortBy: filters.sortBy,
      sortOrder: filters.sortOrder,
      fileType: filters.fileType ?? undefined,
    },
    { signal },
  );
}

export function revokedCertificatesQueryOptions(filters: RevokedListFilters) {
  return infiniteQueryOptions({
    queryKey: certificateKeys.revokedList(filters),
    queryFn: ({ pageParam, signal }) => getRevokedCertificatesPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_lastPage, pages) => nextPageOffset(pages),
  });
}

export function useRevokedCertificates(filters: RevokedListFilters, enabled = true) {
  return useInfiniteQuery({ ...revokedCertificatesQueryOptions(filters), enabled });
}
