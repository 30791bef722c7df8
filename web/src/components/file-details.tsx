import { Code, Text, Tooltip } from '@mantine/core';
import { formatFileSize, shortenHash } from '@/lib/format';

/** A hash shortened to 8...8, with the full value in a tooltip and for screen readers. */
export function HashText({ hash }: { hash: string | null | undefined }) {
  if (!hash) return <Text span>N/A</Text>;
  return (
    <Tooltip label={hash} multiline maw={360} style={{ wordBreak: 'break-all' }}>
      <Code aria-label={`Hash ${hash}`}>{shortenHash(hash)}</Code>
    </Tooltip>
  );
}

/** A byte count in Bytes, KB, MB or GB (base 1024, 2 decimals). */
export function FileSize({ bytes }: { bytes: number | null | undefined }) {
  return <Text span>{formatFileSize(bytes)}</Text>;
}
