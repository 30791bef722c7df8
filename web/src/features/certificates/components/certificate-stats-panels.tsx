import type { CertificateStats } from '@contract';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { StatsGrid } from './stats-grid';

function fileTypeBreakdown(stats: CertificateStats | undefined) {
  const entries = Object.entries(stats?.byFileType ?? {}).filter(([, count]) => (count ?? 0) > 0);
  return {
    count: entries.length,
    hint: entries.map(([type, count]) => `${type}: ${count}`).join(' · ') || undefined,
  };
}

/** All certificates: Total Certificates, Total Storage, File Types count, Verified count. */
export function CertificateStatsPanel({
  stats,
  loading,
}: {
  stats: CertificateStats | undefined;
  loading: boolean;
}) {
  const types = fileTypeBreakdown(stats);
  return (
    <StatsGrid
      label="Certificate statistics"
      loading={loading}
      items={[
        { label: 'Total Certificates', value: stats?.total ?? 0 },
        { label: 'Total Storage', value: formatFileSize(stats?.totalFileSize ?? 0) },
        { label: 'File Types', value: types.count, hint: types.hint },
        {
          label: 'Verified',
          value: stats?.byVerificationStatus.verified ?? 0,
          hint: `pending: ${stats?.byVerificationStatus.pending ?? 0} · failed: ${stats?.byVerificationStatus.failed ?? 0}`,
        },
      ]}
    />
  );
}

/** Revoked certificates: Total Revoked, Total Storage, File Types, Latest Revoked date. */
export function RevokedStatsPanel({
  stats,
  loading,
}: {
  stats: CertificateStats | undefined;
  loading: boolean;
}) {
  const types = fileTypeBreakdown(stats);
  return (
    <StatsGrid
      label="Revoked certificate statistics"
      loading={loading}
      items={[
        { label: 'Total Revoked', value: stats?.total ?? 0 },
        { label: 'Total Storage', value: formatFileSize(stats?.totalFileSize ?? 0) },
        { label: 'File Types', value: types.count, hint: types.hint },
        { label: 'Latest Revoked', value: formatDateTime(stats?.latestRevokedAt) },
      ]}
    />
  );
}
