import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Certificate, CertificateListResponse } from '@contract';
import { removeFromPages, replaceInPages } from '../lib/pagination';
import { certificateKeys, type CertificateListScope } from './keys';

type ListData = InfiniteData<CertificateListResponse, number>;

/** Puts an updated certificate into every loaded list of a scope, where it is already shown. */
export function replaceCertificateInLists(
  queryClient: QueryClient,
  scope: CertificateListScope,
  certificate: Certificate,
): void {
  queryClient.setQueriesData<ListData>({ queryKey: certificateKeys.scopeLists(scope) }, (data) =>
    data ? { ...data, pages: replaceInPages(data.pages, certificate) } : data,
  );
}

/** Takes a certificate out of every loaded list of a scope; each list's total drops by one, never below 0. */
export function removeCertificateFromLists(
  queryClient: QueryClient,
  scope: CertificateListScope,
  certificateId: string,
): void {
  queryClient.setQueriesData<ListData>({ queryKey: certificateKeys.scopeLists(scope) }, (data) =>
    data ? { ...data, pages: removeFromPages(data.pages, certificateId) } : data,
  );
}
