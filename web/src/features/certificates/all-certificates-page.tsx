import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificateOff, IconCheck, IconFileSearch, IconX } from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE, type Certificate } from '@contract';
import { errorMessage } from '@/api';
import { AccessDenied, ConfirmModal, EmptyState, ErrorBanner } from '@/components';
import { useSession } from '@/session';
import { useCertificateStats } from './api/get-certificate-stats';
import { useCertificates } from './api/get-certificates';
import { DEFAULT_CERTIFICATE_FILTERS, type CertificateListFilters } from './api/keys';
import { useReviewCertificate, type ReviewDecision } from './api/review-certificate';
import { useRevokeCertificate } from './api/revoke-certificate';
import { useDownloadCertificate } from './api/download-certificate';
import { CertificateCard, certificateTitle } from './components/certificate-card';
import { CertificateDetailModal } from './components/certificate-detail-modal';
import { CertificateFiltersPanel } from './components/certificate-filters-panels';
import { CertificateGrid, CertificateGridSkeleton } from './components/certificate-grid';
import { CertificateStatsPanel } from './components/certificate-stats-panels';
import { ListFooter } from './components/list-footer';
import { ListToolbar } from './components/list-toolbar';
import { ConfirmText } from './components/modal-error';
import { EMPTY_TEXT, revokeConfirmText } from './lib/messages';
import { countLine, summarisePages } from './lib/pagination';

/** /admin/certificates/all: every certificate, with stats, filters, review, revoke and details. */
export default function AllCertificatesPage() {
  const { isAdmin } = useSession();
  const [filters, setFilters] = useState<CertificateListFilters>(DEFAULT_CERTIFICATE_FILTERS);
  const [statsOpen, setStatsOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const [dismissed, setDismissed] = useState<unknown[]>([]);

  const list = useCertificates(filters, isAdmin);
  const stats = useCertificateStats('all', isAdmin);
  const revoke = useRevokeCertificate();
  const review = useReviewCertificate();
  const download = useDownloadCertificate();

  if (!isAdmin) {
    return (
      <AccessDenied
        title="Admin Access Required"
        message="You need administrator privileges to manage all certificates."
        actionLabel="Go to Home"
      />
    );
  }

  const { certificates, total, lastOffset, limit } = summarisePages(
    list.data?.pages ?? [],
    DEFAULT_PAGE_SIZE,
  );
  const filtered = filters.fileType !== null || filters.verificationStatus !== null;
  const viewed = certificates.find((certificate) => certificate.id === viewing) ?? null;
  const visible = (error: unknown) => (error && !dismissed.includes(error) ? error : null);
  const dismiss = (error: unknown) => setDismissed((previous) => [...previous, error]);
  const loadError = visible(list.error) ?? visible(stats.error);
  const revokeError = visible(revoke.error);
  const reviewError = visible(review.error);

  const openRevoke = (certificate: Certificate) => {
    revoke.reset();
    setRevoking(certificate);
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Certificate revoked',
          message: `"${certificateTitle(revoking)}" is now marked as invalid.`,
        });
        setRevoking(null);
      },
      onError: (error) => console.error('Revoke failed:', error),
    });
  };

  const reviewCertificate = (certificate: Certificate, decision: ReviewDecision) =>
    review.mutate(
      { certificateId: certificate.id, decision },
      {
        onSuccess: () =>
          notifications.show({
            color: decision === 'approve' ? 'green' : 'orange',
            title: decision === 'approve' ? 'Certificate approved' : 'Certificate rejected',
            message: `"${certificateTitle(certificate)}" is now ${decision === 'approve' ? 'verified' : 'failed'}.`,
          }),
        onError: (error) => console.error('Review failed:', error),
      },
    );

  const downloadCertificate = (certificate: Certificate) =>
    download.mutate(certificate, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Download failed', message: errorMessage(error) }),
    });

  return (
    <Stack gap="lg">
      <ListToolbar
        title="All Certificates (Admin)"
        countText={list.isPending ? 'Loading certificates...' : countLine(total)}
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
      {revokeError && !revoking ? (
        <ErrorBanner
          title="Revoke Error:"
          message={errorMessage(revokeError)}
          onClose={() => dismiss(revokeError)}
        />
      ) : null}
      {reviewError ? (
        <ErrorBanner
          title="Review Error:"
          message={errorMessage(reviewError)}
          onClose={() => dismiss(reviewError)}
        />
      ) : null}

      {statsOpen ? <CertificateStatsPanel stats={stats.data} loading={stats.isPending} /> : null}
      {filtersOpen ? <CertificateFiltersPanel filters={filters} onChange={setFilters} /> : null}

      {list.isPending ? (
        <CertificateGridSkeleton />
      ) : certificates.length === 0 ? (
        <EmptyState
          icon={<IconFileSearch size={32} />}
          title="No certificates found"
          description={filtered ? EMPTY_TEXT.filtered : EMPTY_TEXT.none}
        />
      ) : (
        <>
          <CertificateGrid>
            {certificates.map((certificate) => {
              const title = certificateTitle(certificate);
              const reviewingThis = review.isPending && review.variables.certificateId === certificate.id;
              return (
                <CertificateCard
                  key={certificate.id}
                  certificate={certificate}
                  onView={() => setViewing(certificate.id)}
                  onDownload={() => downloadCertificate(certificate)}
                  downloading={download.isPending && download.variables.id === certificate.id}
                  actions={
                    <>
                      {certificate.verification_status === 'pending' && !certificate.revoked ? (
                        <>
                          <Button
                            size="xs"
                            color="green"
                            variant="light"
                            leftSection={<IconCheck size={16} />}
                            loading={reviewingThis && review.variables.decision === 'approve'}
                            disabled={reviewingThis}
                            onClick={() => reviewCertificate(certificate, 'approve')}
                            aria-label={`Approve ${title}`}
                          >
                            Approve
                          </Button>
                          <Button
                            size="xs"
                            color="orange"
                            variant="light"
                            leftSection={<IconX size={16} />}
                            loading={reviewingThis && review.variables.decision === 'reject'}
                            disabled={reviewingThis}
                            onClick={() => reviewCertificate(certificate, 'reject')}
                            aria-label={`Reject ${title}`}
                          >
                            Reject
                          </Button>
                        </>
                      ) : null}
                      {certificate.revoked ? null : (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          leftSection={<IconCertificateOff size={16} />}
                          loading={revoke.isPending && revoke.variables === certificate.id}
                          onClick={() => openRevoke(certificate)}
                          aria-label={`Revoke ${title}`}
                        >
                          Revoke
                        </Button>
                      )}
                    </>
                  }
                />
              );
            })}
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
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={confirmRevoke}
        title="Revoke Certificate"
        message={
          <ConfirmText
            text={revokeConfirmText(revoking ? certificateTitle(revoking) : '')}
            error={revoke.isError ? errorMessage(revoke.error) : null}
          />
        }
        confirmLabel="Revoke"
        loading={revoke.isPending}
      />
      <CertificateDetailModal certificate={viewed} onClose={() => setViewing(null)} />
    </Stack>
  );
}
