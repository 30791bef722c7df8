import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@contract';
import { listCertificates } from '@/api';
import { nextPageOffset } from '../lib/pagination';
import { certificateKeys, type CertificateListFilters } from './keys';

/** One page of the all-certificates list; "All" filters are left out of the query. */
export function getCertificatesPage(filters: CertificateListFilters, offset: number, signal?: AbortSignal) {
  return listCertificates(
    {
      limit: DEFAULT_PAGE_SIZE,
      offset,
      sortBy: filters.sortBy,
      sortOrder: filters.sortOrder,
      fileType: filters.fileType ?? undefined,
      verificationStatus: filters.verificationStatus ?? undefined,
    },
    { signal },
  );
}

/** Pages start at offset 0 for every filter set; Load More continues at the number already loaded. */
export function certificatesQueryOptions(filters: CertificateListFilters) {
  return infiniteQueryOptions({
    queryKey: certificateKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getCertificatesPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_lastPage, pages) => nextPageOffset(pages),
  });
}

export function useCertificates(filters: CertificateListFilters, enabled = true) {
  return useInfiniteQuery({ ...certificatesQueryOptions(filters), enabled });
}
