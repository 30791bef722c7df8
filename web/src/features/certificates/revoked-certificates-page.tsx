import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconRestore } from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE, type Certificate } from '@contract';
import { errorMessage } from '@/api';
import { AccessDenied, ConfirmModal, EmptyState, ErrorBanner } from '@/components';
import { useSession } from '@/session';
import { useCertificateStats } from './api/get-certificate-stats';
import { useRevokedCertificates } from './api/get-revoked-certificates';
import { DEFAULT_REVOKED_FILTERS, type RevokedListFilters } from './api/keys';
import { useUnrevokeCertificate } from './api/unrevoke-certificate';
import { useDownloadCertificate } from './api/download-certificate';
import { CertificateCard, certificateTitle } from './components/certificate-card';
import { CertificateDetailModal } from './components/certificate-detail-modal';
import { RevokedFiltersPanel } from './components/certificate-filters-panels';
import { CertificateGrid, CertificateGridSkeleton } from './components/certificate-grid';
import { RevokedStatsPanel } from './components/certificate-stats-panels';
import { ListFooter } from './components/list-footer';
import { ListToolbar } from './components/list-toolbar';
import { ConfirmText } from './components/modal-error';
import { EMPTY_TEXT, unrevokeConfirmText } from './lib/messages';
import { countLine, summarisePages } from './lib/pagination';

/** /admin/certificates/revoked: revoked certificates, their stats, and unrevoke. */
export default function RevokedCertificatesPage() {
  const { isAdmin } = useSession();
  const [filters, setFilters] = useState<RevokedListFilters>(DEFAULT_REVOKED_FILTERS);
  const [statsOpen, setStatsOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<Certificate | null>(null);
  const [dismissed, setDismissed] = useState<unknown[]>([]);

  const list = useRevokedCertificates(filters, isAdmin);
  const stats = useCertificateStats('revoked', isAdmin);
  const unrevoke = useUnrevokeCertificate();
  const download = useDownloadCertificate();

  if (!isAdmin) {
    return (
      <AccessDenied
        title="Access Denied"
        message="You need administrator privileges to access this page."
        actionLabel="Go Back"
        to={-1}
      />
    );
  }

  const { certificates, total, lastOffset, limit } = summarisePages(
    list.data?.pages ?? [],
    DEFAULT_PAGE_SIZE,
  );
  const viewed = certificates.find((certificate) => certificate.id === viewing) ?? null;
  const visible = (error: unknown) => (error && !dismissed.includes(error) ? error : null);
  const dismiss = (error: unknown) => setDismissed((previous) => [...previous, error]);
  const loadError = visible(list.error) ?? visible(stats.error);
  const unrevokeError = visible(unrevoke.error);

  const openUnrevoke = (certificate: Certificate) => {
    unrevoke.reset();
    setRestoring(certificate);
  };

  const confirmUnrevoke = () => {
    if (!restoring) return;
    unrevoke.mutate(restoring.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Certificate restored',
          message: `"${certificateTitle(restoring)}" is valid again.`,
        });
        setRestoring(null);
      },
      onError: (error) => console.error('Unrevoke failed:', error),
    });
  };

  const downloadCertificate = (certificate: Certificate) =>
    download.mutate(certificate, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Download failed', message: errorMessage(error) }),
    });

  return (
    <Stack gap="lg">
      <ListToolbar
        title="Revoked Certificates"
        countText={list.isPending ? 'Loading certificates...' : countLine(total, 'revoked certificate')}
        statsOpen={statsOpen}
        filtersOpen={filtersOpen}
        onToggleStats={() => setStatsOpen((open) => !open)}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        onRefresh={() => void Promise.all([list.refetch(), stats.refetch()])}
        refreshing={list.isRefetching && !list.isFetchingNextPage}
      />

      {loadError ? (
        <ErrorBanner title="Error:" message={errorMessage(loadError)} onClose={() => dismiss(loadError)} />
      ) : null}
      {unrevokeError && !restoring ? (
        <ErrorBanner
          title="Unrevoke Error:"
          message={errorMessage(unrevokeError)}
          onClose={() => dismiss(unrevokeError)}
        />
      ) : null}

      {statsOpen ? <RevokedStatsPanel stats={stats.data} loading={stats.isPending} /> : null}
      {filtersOpen ? <RevokedFiltersPanel filters={filters} onChange={setFilters} /> : null}

      {list.isPending ? (
        <CertificateGridSkeleton />
      ) : certificates.length === 0 ? (
        <EmptyState
          icon={<IconCertificate size={32} />}
          title="No revoked certificates"
          description={filters.fileType ? EMPTY_TEXT.filtered : 'No certificates have been revoked.'}
        />
      ) : (
        <>
          <CertificateGrid>
            {certificates.map((certificate) => (
              <CertificateCard
                key={certificate.id}
                certificate={certificate}
                onView={() => setViewing(certificate.id)}
                onDownload={() => downloadCertificate(certificate)}
                downloading={download.isPending && download.variables.id === certificate.id}
                actions={
                  <Button
                    size="xs"
                    color="green"
                    variant="light"
                    leftSection={<IconRestore size={16} />}
                    loading={unrevoke.isPending && unrevoke.variables === certificate.id}
                    onClick={() => openUnrevoke(certificate)}
                    aria-label={`Unrevoke ${certificateTitle(certificate)}`}
                  >
                    Unrevoke
                  </Button>
                }
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

      <ConfirmModal
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        onConfirm={confirmUnrevoke}
        title="Unrevoke Certificate"
        message={
          <ConfirmText
            text={unrevokeConfirmText(restoring ? certificateTitle(restoring) : '')}
            error={unrevoke.isError ? errorMessage(unrevoke.error) : null}
          />
        }
        confirmLabel="Unrevoke"
        destructive={false}
        loading={unrevoke.isPending}
      />
      <CertificateDetailModal certificate={viewed} onClose={() => setViewing(null)} />
    </Stack>
  );
}
