import type {
  CertificateSortField,
  FileType,
  RevokedSortField,
  SortOrder,
  VerificationStatus,
} from '@contract';

/** Filters of the all-certificates list; null means "All". */
export interface CertificateListFilters {
  fileType: FileType | null;
  verificationStatus: VerificationStatus | null;
  sortBy: CertificateSortField;
  sortOrder: SortOrder;
}

/** Filters of the revoked list; null means "All". */
export interface RevokedListFilters {
  fileType: FileType | null;
  sortBy: RevokedSortField;
  sortOrder: SortOrder;
}

export type CertificateListScope = 'all' | 'revoked';

/** Spec section 9 defaults: created_at descending; the revoked list revoked_at descending. */
export const DEFAULT_CERTIFICATE_FILTERS: CertificateListFilters = {
  fileType: null,
  verificationStatus: null,
  sortBy: 'created_at',
  sortOrder: 'desc',
};

export const DEFAULT_REVOKED_FILTERS: RevokedListFilters = {
  fileType: null,
  sortBy: 'revoked_at',
  sortOrder: 'desc',
};

/**
 * Query keys of the certificates feature, broad to narrow, so a mutation can invalidate exactly
 * what it changed: everything, every list, the lists of one scope, one list, or the stats.
 */
export const certificateKeys = {
  all: ['certificates'] as const,
  lists: () => [...certificateKeys.all, 'list'] as const,
  scopeLists: (scope: CertificateListScope) => [...certificateKeys.lists(), scope] as const,
  list: (filters: CertificateListFilters) => [...certificateKeys.scopeLists('all'), filters] as const,
  revokedList: (filters: RevokedListFilters) => [...certificateKeys.scopeLists('revoked'), filters] as const,
  allStats: () => [...certificateKeys.all, 'stats'] as const,
  stats: (scope: CertificateListScope) => [...certificateKeys.allStats(), scope] as const,
  details: () => [...certificateKeys.all, 'detail'] as const,
  detail: (id: string) => [...certificateKeys.details(), id] as const,
};
