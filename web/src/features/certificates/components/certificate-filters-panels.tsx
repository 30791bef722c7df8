import { Paper, SimpleGrid } from '@mantine/core';
import {
  CERTIFICATE_SORT_FIELDS,
  FILE_TYPES,
  REVOKED_SORT_FIELDS,
  SORT_ORDERS,
  VERIFICATION_STATUSES,
} from '@contract';
import type { CertificateListFilters, RevokedListFilters } from '../api/keys';
import { FilterSelect } from './filter-select';

/** File type (All, image, pdf), status (All, verified, pending, failed), sort by and order. */
export function CertificateFiltersPanel({
  filters,
  onChange,
}: {
  filters: CertificateListFilters;
  onChange: (filters: CertificateListFilters) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <FilterSelect
          label="File type"
          withAll
          options={FILE_TYPES}
          value={filters.fileType}
          onChange={(fileType) => onChange({ ...filters, fileType })}
        />
        <FilterSelect
          label="Status"
          withAll
          options={VERIFICATION_STATUSES}
          value={filters.verificationStatus}
          onChange={(verificationStatus) => onChange({ ...filters, verificationStatus })}
        />
        <FilterSelect
          label="Sort by"
          options={CERTIFICATE_SORT_FIELDS}
          value={filters.sortBy}
          onChange={(sortBy) => sortBy && onChange({ ...filters, sortBy })}
        />
        <FilterSelect
          label="Order"
          options={SORT_ORDERS}
          value={filters.sortOrder}
          onChange={(sortOrder) => sortOrder && onChange({ ...filters, sortOrder })}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** File type, sort by (revoked_at first) and order. */
export function RevokedFiltersPanel({
  filters,
  onChange,
}: {
  filters: RevokedListFilters;
  onChange: (filters: RevokedListFilters) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <FilterSelect
          label="File type"
          withAll
          options={FILE_TYPES}
          value={filters.fileType}
          onChange={(fileType) => onChange({ ...filters, fileType })}
        />
        <FilterSelect
          label="Sort by"
          options={REVOKED_SORT_FIELDS}
          value={filters.sortBy}
          onChange={(sortBy) => sortBy && onChange({ ...filters, sortBy })}
        />
        <FilterSelect
          label="Order"
          options={SORT_ORDERS}
          value={filters.sortOrder}
          onChange={(sortOrder) => sortOrder && onChange({ ...filters, sortOrder })}
        />
      </SimpleGrid>
    </Paper>
  );
}
