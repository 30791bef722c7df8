import { Badge, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMegabytes } from '@/lib/format';
import { type BulkRow, type BulkRowStatus, rowErrors, STATUS_WORDS } from '../lib/bulk';
import { ISSUE_FIELD_LABELS, type IssueFieldValues } from './issue-fields';

/** The editable columns, labelled as in the single issue form. */
const COLUMNS: { field: keyof IssueFieldValues; type?: string }[] = [
  { field: 'certificateName' },
  { field: 'recipientName' },
  { field: 'recipientEmail', type: 'email' },
  { field: 'course' },
  { field: 'grade' },
  { field: 'issueDate', type: 'date' },
  { field: 'expiryDate', type: 'date' },
  { field: 'certificateNumber' },
];

const STATUS_COLORS: Record<BulkRowStatus, string> = {
  rejected: 'red',
  reading: 'gray',
  ready: 'blue',
  issuing: 'gray',
  issued: 'green',
  already: 'yellow',
  failed: 'red',
};

function RowStatus({ row, invalid }: { row: BulkRow; invalid: boolean }) {
  const word = invalid ? 'Invalid' : STATUS_WORDS[row.status];
  const color = invalid ? 'orange' : STATUS_COLORS[row.status];
  return (
    <Stack gap={4} maw={260}>
      <Badge color={color} variant="light">
        {word}
      </Badge>
      {invalid ? (
        <Text size="xs" c="orange.8">
          Correct the marked fields to issue this file.
        </Text>
      ) : null}
      {row.message ? (
        <Text size="xs" c={row.status === 'rejected' || row.status === 'failed' ? 'red.8' : 'dimmed'}>
          {row.message}
        </Text>
      ) : null}
      {row.certificate ? (
        <Text size="xs" c="dimmed">
          {row.certificate.certificate_name ?? 'Certificate'} ·{' '}
          {new Date(row.certificate.created_at).toLocaleDateString()} · …{row.certificate.id.slice(-8)}
        </Text>
      ) : null}
    </Stack>
  );
}

export interface BulkReviewTableProps {
  rows: readonly BulkRow[];
  onChange: (id: string, field: keyof IssueFieldValues, value: string) => void;
  /** While a run is issuing, nothing is edited. */
  disabled: boolean;
}

/** One row per dropped file: its status, its fields (editable until issued) and each field's problem. */
export function BulkReviewTable({ rows, onChange, disabled }: BulkReviewTableProps) {
  return (
    <Table.ScrollContainer minWidth={1500}>
      <Table striped verticalSpacing="xs" aria-label="Files to issue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">File</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.field} scope="col">
                {ISSUE_FIELD_LABELS[column.field]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const errors = rowErrors(row);
            const invalid = Object.keys(errors).length > 0;
            const editable = !disabled && (row.status === 'ready' || row.status === 'failed');
            return (
              <Table.Tr key={row.id} aria-label={row.file.name} data-status={row.status}>
                <Table.Th scope="row" fw={500} maw={220} style={{ wordBreak: 'break-all' }}>
                  {row.file.name}
                  <Text size="xs" c="dimmed">
                    {formatMegabytes(row.file.size)}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <RowStatus row={row} invalid={invalid} />
                </Table.Td>
                {COLUMNS.map((column) => (
                  <Table.Td key={column.field} miw={column.type === 'date' ? 150 : 170}>
                    {row.status === 'rejected' ? null : (
                      <TextInput
                        size="xs"
                        aria-label={`${ISSUE_FIELD_LABELS[column.field]} of ${row.file.name}`}
                        type={column.type}
                        value={row.values[column.field]}
                        error={errors[column.field]}
                        disabled={!editable}
                        onChange={(event) => onChange(row.id, column.field, event.currentTarget.value)}
                      />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
