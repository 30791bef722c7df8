import { useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Certificate, type CertificateListResponse } from '@contract';
import { CertificateCard, ErrorBanners, type CertificateFact } from '@/components';
import { useDismissibleErrors } from '@/lib/use-dismissible-errors';
import { countLine, summarisePages } from '../lib/pagination';
import { CertificateDetailModal } from './certificate-detail-modal';
import { CertificateGrid, CertificateGridSkeleton } from './certificate-grid';
import { ListFooter } from './list-footer';
import { ListToolbar } from './list-toolbar';

/** The admin cards' facts (spec: date, revoked date, type and size, shortened file hash). */
const ADMIN_CARD_FACTS: readonly CertificateFact[] = ['created', 'revoked', 'file', 'hash'];

export interface CertificateListScreenProps {
  title: string;
  /** The count line's noun (default 'certificate'). */
  countNoun?: string;
  list: UseInfiniteQueryResult<InfiniteData<CertificateListResponse>>;
  stats: Pick<UseQueryResult<unknown>, 'error' | 'refetch'>;
  /** Shown while the Stats toggle is on. */
  statsPanel: ReactNode;
  /** Shown while the Filters toggle is on. */
  filtersPanel: ReactNode;
  /** The screen's action banners after the load error; a null error shows none (e.g. while its dialog is open). */
  actionErrors: { title: string; error: unknown }[];
  /** What shows when the list is empty. */
  empty: ReactNode;
  /** The screen's buttons on each card, next to View and Download. */
  cardActions: (certificate: Certificate) => ReactNode;
  /** The screen's dialogs. */
  children?: ReactNode;
}

/**
 * The frame of an admin certificate list (all, revoked): title, count and toolbar, dismissible
 * banners, the toggled stats and filters panels, the card grid with paging, downloads and the
 * detail modal. The screen brings its own filters, actions and dialogs.
 */
export function CertificateListScreen({
  title,
  countNoun,
  list,
  stats,
  statsPanel,
  filtersPanel,
  actionErrors,
  empty,
  cardActions,
  children,
}: CertificateListScreenProps) {
  const [statsOpen, setStatsOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const { visible, dismiss } = useDismissibleErrors();

  const { certificates, total, lastOffset, limit } = summarisePages(
    list.data?.pages ?? [],
    DEFAULT_PAGE_SIZE,
  );
  const viewed = certificates.find((certificate) => certificate.id === viewing) ?? null;

  return (
    <Stack gap="lg">
      <ListToolbar
        title={title}
        countText={list.isPending ? 'Loading certificates...' : countLine(total, countNoun)}
        statsOpen={statsOpen}
        filtersOpen={filtersOpen}
        onToggleStats={() => setStatsOpen((open) => !open)}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        onRefresh={() => void Promise.all([list.refetch(), stats.refetch()])}
        refreshing={list.isRefetching && !list.isFetchingNextPage}
      />

      <ErrorBanners
        onDismiss={dismiss}
        errors={[
          { title: 'Error:', error: visible(list.error) ?? visible(stats.error) },
          ...actionErrors.map((banner) => ({ ...banner, error: visible(banner.error) })),
        ]}
      />

      {statsOpen ? statsPanel : null}
      {filtersOpen ? filtersPanel : null}

      {list.isPending ? (
        <CertificateGridSkeleton />
      ) : certificates.length === 0 ? (
        empty
      ) : (
        <>
          <CertificateGrid>
            {certificates.map((certificate) => (
              <CertificateCard
                key={certificate.id}
                certificate={certificate}
                facts={ADMIN_CARD_FACTS}
                onView={() => setViewing(certificate.id)}
                download
                actions={cardActions(certificate)}
              />
            ))}
          </CertificateGrid>
          <ListFooter
            loaded={certificates.length}
            total={total}
            lastOffset={lastOffset}
            limit={limit}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </>
      )}

      {children}
      <CertificateDetailModal certificate={viewed} onClose={() => setViewing(null)} />
    </Stack>
  );
}
