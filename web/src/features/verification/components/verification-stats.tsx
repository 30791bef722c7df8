import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { VerificationStats } from '@contract';
import { formatPercent } from '@/lib/format';

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** The four tiles above the verification area. Missing stats show as N/A. */
export function VerificationStatsTiles({ stats }: { stats: VerificationStats | undefined }) {
  const count = (value: number | undefined) => (value === undefined ? 'N/A' : value.toLocaleString('en-US'));
  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
      spacing="md"
      component="section"
      aria-label="Verification statistics"
    >
      <Tile label="Total Certificates" value={count(stats?.totalCertificates)} />
      <Tile label="Verified" value={count(stats?.verifiedCertificates)} />
      <Tile label="Revoked" value={count(stats?.revokedCertificates)} />
      <Tile label="Success Rate" value={formatPercent(stats?.verificationRate)} />
    </SimpleGrid>
  );
}
