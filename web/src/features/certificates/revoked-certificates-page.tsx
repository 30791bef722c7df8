import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconRestore } from '@tabler/icons-react';
import type { Certificate } from '@contract';
import { errorMessage } from '@/api';
import { ConfirmModal, EmptyState } from '@/components';
import { certificateTitle } from '@/lib/format';
import { useSession } from '@/session';
import { useCertificateStats } from './api/get-certificate-stats';
import { useRevokedCertificates } from './api/get-revoked-certificates';
import { DEFAULT_REVOKED_FILTERS, type RevokedListFilters } from './api/keys';
import { useUnrevokeCertificate } from './api/unrevoke-certificate';
import { RevokedFiltersPanel } from './components/certificate-filters-panels';
import { CertificateListScreen } from './components/certificate-list-screen';
import { RevokedStatsPanel } from './components/certificate-stats-panels';
import { ConfirmText } from './components/modal-error';
import { EMPTY_TEXT, unrevokeConfirmText } from './lib/messages';

/** /admin/certificates/revoked: revoked certificates, their stats, and unrevoke. */
export default function RevokedCertificatesPage() {
  const { isAdmin } = useSession();
  const [filters, setFilters] = useState<RevokedListFilters>(DEFAULT_REVOKED_FILTERS);
  const [restoring, setRestoring] = useState<Certificate | null>(null);

  const list = useRevokedCertificates(filters, isAdmin);
  const stats = useCertificateStats('revoked', isAdmin);
  const unrevoke = useUnrevokeCertificate();

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

  return (
    <CertificateListScreen
      title="Revoked Certificates"
      countNoun="revoked certificate"
      list={list}
      stats={stats}
      statsPanel={<RevokedStatsPanel stats={stats.data} loading={stats.isPending} />}
      filtersPanel={<RevokedFiltersPanel filters={filters} onChange={setFilters} />}
      actionErrors={[{ title: 'Unrevoke Error:', error: restoring ? null : unrevoke.error }]}
      empty={
        <EmptyState
          icon={<IconCertificate size={32} />}
          title="No revoked certificates"
          description={filters.fileType ? EMPTY_TEXT.filtered : 'No certificates have been revoked.'}
        />
      }
      cardActions={(certificate) => (
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
      )}
    >
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
    </CertificateListScreen>
  );
}
