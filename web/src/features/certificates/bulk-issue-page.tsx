import { useState } from 'react';
import { Alert, Button, Group, Pagination, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  IconDownload,
  IconFiles,
  IconRefresh,
  IconSend,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { ACCEPTED_FILE_TYPES, saveBlob } from '@/lib/files';
import { useSession } from '@/session';
import { useBulkIssue } from './api/bulk-issue';
import { BulkReviewTable } from './components/bulk-review-table';
import { BULK_MESSAGES, canIssue, MAX_BULK_FILES, reportCsv, rowErrors } from './lib/bulk';

const PAGE_SIZE = 25;

function ProgressLine({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {label}: {done} of {total}
      </Text>
      <Progress value={percent} aria-label={label} size="lg" animated={done < total} />
    </Stack>
  );
}

/** /admin/certificates/bulk: drop many certificate files, review the fields read from each, issue them all. */
export default function BulkIssuePage() {
  const { user } = useSession();
  const bulk = useBulkIssue(user.id);
  const [page, setPage] = useState(1);
  // A fresh file input after "Clear list", so choosing the same files again is seen as a change.
  const [dropzoneKey, setDropzoneKey] = useState(0);
  const { rows } = bulk;

  const accepted = rows.filter((row) => row.status !== 'rejected');
  const stillReading = accepted.filter((row) => row.status === 'reading').length;
  const issuable = rows.filter((row) => row.status === 'ready' && canIssue(row)).length;
  const invalid = rows.filter((row) => Object.keys(rowErrors(row)).length > 0).length;
  const failed = rows.filter((row) => row.status === 'failed' && canIssue(row)).length;
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);

  const drop = (files: File[]) => bulk.addFiles(files);
  const reject = (rejections: FileRejection[]) =>
    bulk.addFiles(rejections.map((rejection) => rejection.file));
  const download = () =>
    saveBlob(new Blob([reportCsv(rows)], { type: 'text/csv;charset=utf-8' }), 'bulk-issue-report.csv');

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Bulk Issue
        </Title>
        <Text c="dimmed">
          Drop up to {MAX_BULK_FILES.toLocaleString('en-US')} certificate files, check the fields read from
          each, and issue them all. A file issued before is reported as already issued, never issued twice.
        </Text>
      </Stack>

      <Dropzone
        key={dropzoneKey}
        onDrop={drop}
        onReject={reject}
        accept={[...ACCEPTED_FILE_TYPES]}
        multiple
        disabled={bulk.issuing}
        role="button"
        aria-label="Certificate files: drag certificates here or click to browse"
      >
        <Group justify="center" gap="lg" mih={120} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFiles size={40} aria-hidden />
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text size="lg" fw={500}>
              Drag certificates here or click to browse
            </Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG, GIF, WebP, BMP, TIFF or PDF, up to 10MB each; at most{' '}
              {MAX_BULK_FILES.toLocaleString('en-US')} files
            </Text>
          </Stack>
        </Group>
      </Dropzone>

      {bulk.dropped > 0 ? (
        <Alert color="red" variant="light" role="alert" title="Too many files">
          {BULK_MESSAGES.tooMany(bulk.dropped)}
        </Alert>
      ) : null}

      {rows.length > 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack>
            {stillReading > 0 ? (
              <ProgressLine
                label="Reading fields"
                done={accepted.length - stillReading}
                total={accepted.length}
              />
            ) : null}
            {bulk.issueRun ? (
              <ProgressLine label="Issuing" done={bulk.issueRun.done} total={bulk.issueRun.total} />
            ) : null}
            <Text size="sm" aria-label="Summary">
              {rows.length} files: {issuable} ready, {invalid} to correct, {count('rejected')} not accepted,{' '}
              {count('issued')} issued, {count('already')} already issued, {count('failed')} failed
            </Text>
            <Group>
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={() => void bulk.issue('all')}
                loading={bulk.issuing}
                disabled={issuable === 0 || stillReading > 0}
              >
                Issue all ({issuable})
              </Button>
              {failed > 0 ? (
                <Button
                  variant="light"
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  onClick={() => void bulk.issue('failed')}
                  disabled={bulk.issuing}
                >
                  Retry failed ({failed})
                </Button>
              ) : null}
              <Button
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={download}
              >
                Download report (CSV)
              </Button>
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => {
                  bulk.clear();
                  setPage(1);
                  setDropzoneKey((key) => key + 1);
                }}
                disabled={bulk.issuing}
              >
                Clear list
              </Button>
            </Group>
            <BulkReviewTable rows={shown} onChange={bulk.setValue} disabled={bulk.issuing} />
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                aria-label="Pages of files"
              />
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
