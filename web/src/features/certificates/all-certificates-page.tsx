import { useState } from 'react';
import { Button, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificateOff, IconCheck, IconFileSearch, IconX } from '@tabler/icons-react';
import type { Certificate } from '@contract';
import { errorMessage } from '@/api';
import { ConfirmModal, EmptyState } from '@/components';
import { certificateTitle } from '@/lib/format';
import { useSession } from '@/session';
import { useCertificateStats } from './api/get-certificate-stats';
import { useCertificates } from './api/get-certificates';
import { DEFAULT_CERTIFICATE_FILTERS, type CertificateListFilters } from './api/keys';
import { useReviewCertificate, type ReviewDecision } from './api/review-certificate';
import { useRevokeCertificate } from './api/revoke-certificate';
import { CertificateFiltersPanel } from './components/certificate-filters-panels';
import { CertificateListScreen } from './components/certificate-list-screen';
import { CertificateStatsPanel } from './components/certificate-stats-panels';
import { ConfirmText } from './components/modal-error';
import { EMPTY_TEXT, revokeConfirmText } from './lib/messages';

/** /admin/certificates/all: every certificate, with stats, filters, review, revoke and details. */
export default function AllCertificatesPage() {
  const { isAdmin } = useSession();
  const [filters, setFilters] = useState<CertificateListFilters>(DEFAULT_CERTIFICATE_FILTERS);
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const [revokeReason, setRevokeReason] = useState('');

  const list = useCertificates(filters, isAdmin);
  const stats = useCertificateStats('all', isAdmin);
  const revoke = useRevokeCertificate();
  const review = useReviewCertificate();

  const filtered = filters.fileType !== null || filters.verificationStatus !== null;

  const openRevoke = (certificate: Certificate) => {
    revoke.reset();
    setRevokeReason('');
    setRevoking(certificate);
  };

  const confirmRevoke = () => {
    if (!revoking || !revokeReason.trim()) return;
    revoke.mutate(
      { certificateId: revoking.id, reason: revokeReason.trim() },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Certificate revoked',
            message: `"${certificateTitle(revoking)}" is now marked as invalid.`,
          });
          setRevoking(null);
        },
        onError: (error) => console.error('Revoke failed:', error),
      },
    );
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

  const cardActions = (certificate: Certificate) => {
    const title = certificateTitle(certificate);
    const reviewingThis = review.isPending && review.variables.certificateId === certificate.id;
    return (
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
            loading={revoke.isPending && revoke.variables?.certificateId === certificate.id}
            onClick={() => openRevoke(certificate)}
            aria-label={`Revoke ${title}`}
          >
            Revoke
          </Button>
        )}
      </>
    );
  };

  return (
    <CertificateListScreen
      title="All Certificates (Admin)"
      list={list}
      stats={stats}
      statsPanel={<CertificateStatsPanel stats={stats.data} loading={stats.isPending} />}
      filtersPanel={<CertificateFiltersPanel filters={filters} onChange={setFilters} />}
      actionErrors={[
        { title: 'Revoke Error:', error: revoking ? null : revoke.error },
        { title: 'Review Error:', error: review.error },
      ]}
      empty={
        <EmptyState
          icon={<IconFileSearch size={32} />}
          title="No certificates found"
          description={filtered ? EMPTY_TEXT.filtered : EMPTY_TEXT.none}
        />
      }
      cardActions={cardActions}
    >
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={confirmRevoke}
        title="Revoke Certificate"
        message={
          <Stack gap="sm">
            <ConfirmText
              text={revokeConfirmText(revoking ? certificateTitle(revoking) : '')}
              error={revoke.isError ? errorMessage(revoke.error) : null}
            />
            <Textarea
              label="Reason"
              description="Shown on the certificate's public page and kept in its history."
              required
              rows={3}
              maxLength={500}
              value={revokeReason}
              onChange={(event) => setRevokeReason(event.currentTarget.value)}
            />
          </Stack>
        }
        confirmLabel="Revoke"
        confirmDisabled={!revokeReason.trim()}
        loading={revoke.isPending}
      />
    </CertificateListScreen>
  );
}
