import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Certificate, CertificateFields } from '@contract';
import { errorMessage } from '@/api';
import { fieldsFromExtraction, type IssueFieldValues, toCertificateFields } from '../components/issue-fields';
import {
  type BulkRow,
  BULK_MESSAGES,
  BULK_REQUEST_TIMEOUT_MS,
  canIssue,
  EXTRACT_CONCURRENCY,
  fileSha256,
  ISSUE_CONCURRENCY,
  rowsForFiles,
  runLimited,
} from '../lib/bulk';
import { extractFromFile } from './extract-certificate';
import { certificateKeys } from './keys';
import { duplicateCertificate, uploadCertificateFile } from './upload-certificate';

export type BulkIssueOutcome =
  | { status: 'issued' | 'already'; certificate: Certificate; message: string | null }
  | { status: 'failed'; certificate: null; message: string };

/**
 * Issues one file through the single-file API. A 409 that names a certificate with this very file's
 * hash means an earlier run (or another admin) issued it: "already issued", so re-running a bulk
 * issue after a crash or a closed tab issues nothing twice. Any other answer is a failure with the
 * server's message (a 409 for a taken certificate number included).
 */
export async function issueBulkFile(
  file: File,
  userId: string,
  fields: CertificateFields,
): Promise<BulkIssueOutcome> {
  try {
    const { certificate } = await uploadCertificateFile({
      file,
      userId,
      fields,
      timeoutMs: BULK_REQUEST_TIMEOUT_MS,
    });
    return { status: 'issued', certificate, message: null };
  } catch (error) {
    const existing = duplicateCertificate(error);
    if (existing && existing.file_hash === (await fileSha256(file).catch(() => null))) {
      return { status: 'already', certificate: existing, message: BULK_MESSAGES.alreadyIssued };
    }
    return { status: 'failed', certificate: null, message: errorMessage(error) };
  }
}

export interface IssueRun {
  total: number;
  done: number;
}

/**
 * The bulk issue's state: the rows, their fields read from the files (two at a time, as files
 * arrive), and "Issue all" / "Retry failed" (a few at a time), each row recording its outcome.
 */
export function useBulkIssue(userId: string) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<BulkRow[]>([]);
  const [dropped, setDropped] = useState(0);
  const [issueRun, setIssueRun] = useState<IssueRun | null>(null);
  const [issuing, setIssuing] = useState(false);
  // Rows so far, known at once: a drop's accepted and refused files arrive as two calls in one tick.
  const count = useRef(0);
  const readQueue = useRef<BulkRow[]>([]);
  const reading = useRef(0);
  // Rows cleared while their fields were being read are ignored when the answer comes.
  const generation = useRef(0);

  const update = useCallback((id: string, change: (row: BulkRow) => BulkRow) => {
    setRows((current) => current.map((row) => (row.id === id ? change(row) : row)));
  }, []);

  const pumpReads = useCallback(() => {
    while (reading.current < EXTRACT_CONCURRENCY) {
      const row = readQueue.current.shift();
      if (!row) return;
      const started = generation.current;
      reading.current += 1;
      extractFromFile(row.file, BULK_REQUEST_TIMEOUT_MS)
        .then(
          ({ fields }) => {
            if (started !== generation.current) return;
            update(row.id, (current) => ({
              ...current,
              status: 'ready',
              values: fieldsFromExtraction(fields, current.values),
            }));
          },
          (error: unknown) => {
            if (started !== generation.current) return;
            update(row.id, (current) => ({
              ...current,
              status: 'ready',
              message: `The fields could not be read: ${errorMessage(error)} Fill them in by hand.`,
            }));
          },
        )
        .finally(() => {
          if (started === generation.current) reading.current -= 1;
          pumpReads();
        });
    }
  }, [update]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const added = rowsForFiles(files, count.current);
      count.current += added.rows.length;
      setDropped(added.dropped);
      setRows((current) => [...current, ...added.rows]);
      readQueue.current.push(...added.rows.filter((row) => row.status === 'reading'));
      pumpReads();
    },
    [pumpReads],
  );

  const setValue = useCallback(
    (id: string, field: keyof IssueFieldValues, value: string) =>
      update(id, (row) =>
        row.status === 'ready' || row.status === 'failed'
          ? { ...row, values: { ...row.values, [field]: value } }
          : row,
      ),
    [update],
  );

  const issue = useCallback(
    async (which: 'all' | 'failed') => {
      const chosen = rows.filter(
        (row) => canIssue(row) && (which === 'all' ? row.status === 'ready' : row.status === 'failed'),
      );
      if (chosen.length === 0) return;
      setIssuing(true);
      setIssueRun({ total: chosen.length, done: 0 });
      try {
        await runLimited(chosen, ISSUE_CONCURRENCY, async (row) => {
          update(row.id, (current) => ({ ...current, status: 'issuing', message: null }));
          const outcome = await issueBulkFile(row.file, userId, toCertificateFields(row.values));
          update(row.id, (current) => ({ ...current, ...outcome }));
          setIssueRun((run) => run && { ...run, done: run.done + 1 });
        });
      } finally {
        setIssuing(false);
        await queryClient.invalidateQueries({ queryKey: certificateKeys.all });
      }
    },
    [rows, userId, update, queryClient],
  );

  const clear = useCallback(() => {
    generation.current += 1;
    count.current = 0;
    readQueue.current = [];
    reading.current = 0;
    setRows([]);
    setDropped(0);
    setIssueRun(null);
  }, []);

  return { rows, dropped, issueRun, issuing, addFiles, setValue, issue, clear };
}
