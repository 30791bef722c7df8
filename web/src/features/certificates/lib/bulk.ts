import type { Certificate } from '@contract';
import { validateCertificateFile } from '@/lib/files';
import {
  EMPTY_ISSUE_FIELDS,
  type IssueFieldErrors,
  type IssueFieldValues,
  validateIssueFields,
} from '../components/issue-fields';

/** At most this many files in one bulk issue: the review table and the browser's memory stay usable. */
export const MAX_BULK_FILES = 1000;
/** Files read (OCR/PDF text) at once: the server's OCR is the slow part and the machine has few cores. */
export const EXTRACT_CONCURRENCY = 2;
/** Files issued at once, for the same reason (issuing registers the page with the engine). */
export const ISSUE_CONCURRENCY = 2;
/**
 * Each read or issue may take this long. The screens' 20 s is for a person waiting on one answer; a
 * batch waits in the server's OCR queue behind its own files (and, on a busy machine, other work),
 * and a read given up after 20 s is OCR thrown away.
 */
export const BULK_REQUEST_TIMEOUT_MS = 120_000;

export const BULK_MESSAGES = {
  tooMany: (dropped: number) =>
    `At most ${MAX_BULK_FILES} files at once: ${dropped} file${dropped === 1 ? ' was' : 's were'} left out.`,
  alreadyIssued: 'Already issued: this exact file is registered.',
} as const;

/**
 * Where a row stands. `rejected`: the file itself is refused (type or size) and is never sent;
 * `reading`: its fields are being extracted; `ready`: waiting to be issued; then the issue's outcome.
 */
export type BulkRowStatus = 'rejected' | 'reading' | 'ready' | 'issuing' | 'issued' | 'already' | 'failed';

export interface BulkRow {
  id: string;
  file: File;
  status: BulkRowStatus;
  values: IssueFieldValues;
  /** Why the file is refused, why reading failed, or the server's message for a failed issue. */
  message: string | null;
  /** The certificate issued, or the one this file already is. */
  certificate: Certificate | null;
}

let nextId = 0;

/**
 * Rows for newly dropped files, after the `existing` ones, up to the limit. A file of the wrong type or
 * size becomes a rejected row with the single upload's message.
 */
export function rowsForFiles(files: readonly File[], existing: number): { rows: BulkRow[]; dropped: number } {
  const room = Math.max(0, MAX_BULK_FILES - existing);
  const rows = files.slice(0, room).map((file): BulkRow => {
    const problem = validateCertificateFile(file);
    nextId += 1;
    return {
      id: `row-${nextId}`,
      file,
      status: problem ? 'rejected' : 'reading',
      values: EMPTY_ISSUE_FIELDS,
      message: problem,
      certificate: null,
    };
  });
  return { rows, dropped: files.length - rows.length };
}

/** The field problems of a row still to be issued (the single issue form's rules). */
export function rowErrors(row: BulkRow): IssueFieldErrors {
  return row.status === 'ready' || row.status === 'failed' ? validateIssueFields(row.values) : {};
}

/** Whether "Issue all" (or a retry) may send this row. */
export function canIssue(row: BulkRow): boolean {
  return (row.status === 'ready' || row.status === 'failed') && Object.keys(rowErrors(row)).length === 0;
}

/**
 * Runs `task` over `items` with at most `limit` running at once; resolves when all are settled.
 * A task handles its own failure (each row records its outcome).
 */
export async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** SHA-256 of a file in hex, as the server computes `file_hash`. */
export async function fileSha256(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const STATUS_WORDS: Record<BulkRowStatus, string> = {
  rejected: 'Not accepted',
  reading: 'Reading…',
  ready: 'Ready',
  issuing: 'Issuing…',
  issued: 'Issued',
  already: 'Already issued',
  failed: 'Failed',
};

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The per-row report as CSV: what each file became, with the fields sent. */
export function reportCsv(rows: readonly BulkRow[]): string {
  const header = [
    'file',
    'status',
    'message',
    'certificate_id',
    'title',
    'recipient_name',
    'recipient_email',
    'course',
    'grade',
    'issue_date',
    'expiry_date',
    'certificate_number',
  ];
  const lines = rows.map((row) => {
    const errors = Object.values(rowErrors(row)).join('; ');
    return [
      row.file.name,
      STATUS_WORDS[row.status],
      row.message ?? errors,
      row.certificate?.id ?? '',
      row.values.certificateName,
      row.values.recipientName,
      row.values.recipientEmail,
      row.values.course,
      row.values.grade,
      row.values.issueDate,
      row.values.expiryDate,
      row.values.certificateNumber,
    ]
      .map(csvCell)
      .join(',');
  });
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
