import type { Certificate, CertificateListResponse } from '@contract';

/** Page number and page count per spec section 9: page = offset / limit + 1, pages = ceil(total / limit). */
export function pageInfo(offset: number, limit: number, total: number): { page: number; pages: number } {
  const safeLimit = Math.max(1, limit);
  return {
    page: Math.floor(offset / safeLimit) + 1,
    pages: Math.max(1, Math.ceil(total / safeLimit)),
  };
}

/** The list footer: 'Showing X of Y certificates (Page p of n)', for the page loaded last. */
export function showingLine(loaded: number, total: number, lastOffset: number, limit: number): string {
  const { page, pages } = pageInfo(lastOffset, limit, total);
  return `Showing ${loaded} of ${total} certificates (Page ${page} of ${pages})`;
}

/** Load More asks for the next page at the number of certificates already loaded, or stops when there is none. */
export function nextPageOffset(pages: readonly CertificateListResponse[]): number | undefined {
  const last = pages.at(-1);
  if (!last?.pagination.hasMore) return undefined;
  return pages.reduce((sum, page) => sum + page.certificates.length, 0);
}

/** All pages' certificates in order, the appended list the screen shows. */
export function flattenPages(pages: readonly CertificateListResponse[]): Certificate[] {
  return pages.flatMap((page) => page.certificates);
}

/** A count after one removal, never below zero (spec section 4, unrevoke). */
export function decrementCount(count: number): number {
  return Math.max(0, count - 1);
}

/** The loaded pages without one certificate, every page's total dropping by one (never below zero). */
export function removeFromPages(pages: CertificateListResponse[], id: string): CertificateListResponse[] {
  if (!pages.some((page) => page.certificates.some((certificate) => certificate.id === id))) return pages;
  return pages.map((page) => ({
    ...page,
    certificates: page.certificates.filter((certificate) => certificate.id !== id),
    totalCount: decrementCount(page.totalCount),
  }));
}

/** The loaded pages with one certificate replaced by its updated version. */
export function replaceInPages(
  pages: CertificateListResponse[],
  updated: Certificate,
): CertificateListResponse[] {
  return pages.map((page) => ({
    ...page,
    certificates: page.certificates.map((certificate) =>
      certificate.id === updated.id ? updated : certificate,
    ),
  }));
}

/** What a list screen shows from its loaded pages: the certificates, the total and the last page's position. */
export function summarisePages(pages: readonly CertificateListResponse[], defaultLimit: number) {
  const last = pages.at(-1);
  return {
    certificates: flattenPages(pages),
    total: last?.totalCount ?? 0,
    lastOffset: last?.pagination.offset ?? 0,
    limit: last?.pagination.limit ?? defaultLimit,
  };
}

/** The count line above a list, e.g. '1 certificate' or '120 certificates'. */
export function countLine(total: number, noun = 'certificate'): string {
  return `${total.toLocaleString('en-US')} ${noun}${total === 1 ? '' : 's'}`;
}
