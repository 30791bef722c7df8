/** How a `public.certificates` row becomes the API's Certificate (spec section 3). */
import type {
  AcceptedMimeType,
  Certificate,
  CertificateStatus,
  ExtractCertificateResponse,
  FileType,
  VerificationStatus,
} from '../../_shared/api-contract.ts';
import type { StorageClient } from '../../_shared/storage.ts';
import type { Tx } from '../../_shared/db.ts';

export const CERTIFICATE_BUCKET = 'certificates';
/** Signed URLs in lists and upload answers live an hour: long enough to browse, short enough to leak little. */
export const LIST_URL_TTL_SECONDS = 60 * 60;

/** The printed fields an issuer sets, as the contract names them, and the column each is stored in. */
export const ISSUED_FIELD_COLUMNS = {
  certificateName: 'certificate_name',
  recipientName: 'recipient_name',
  course: 'course',
  grade: 'grade',
  issueDate: 'issue_date',
  expiryDate: 'expiry_date',
  certificateNumber: 'certificate_number',
  issuer: 'issuer',
} as const satisfies Record<keyof ExtractCertificateResponse['fields'], string>;

type IssuedFieldColumns = typeof ISSUED_FIELD_COLUMNS;
export type IssuedFields = ExtractCertificateResponse['fields'];
/** A row holding the issued fields; `date` columns are read as text (YYYY-MM-DD) so no time zone can shift them. */
export type IssuedFieldsRow = { [Key in keyof IssuedFieldColumns as IssuedFieldColumns[Key]]: string | null };

/** The issued fields' columns of the row aliased `c`, in the shape IssuedFieldsRow expects. */
export const issuedFieldColumns = (tx: Tx) => tx`
  c.certificate_name, c.recipient_name, c.course, c.grade, c.issue_date::text as issue_date,
  c.expiry_date::text as expiry_date, c.certificate_number, c.issuer`;

/** A row's issued fields under the contract's names. */
export function issuedFieldsOf(row: IssuedFieldsRow): IssuedFields {
  const fields = {} as IssuedFields;
  for (const key of Object.keys(ISSUED_FIELD_COLUMNS) as (keyof IssuedFields)[]) {
    fields[key] = row[ISSUED_FIELD_COLUMNS[key]];
  }
  return fields;
}

export interface CertificateRow extends IssuedFieldsRow {
  id: string;
  certificate_hash: string;
  storage_path: string;
  file_type: FileType;
  mime_type: AcceptedMimeType;
  file_size: number;
  file_hash: string;
  content_hash: string | null;
  ocr_content: string | null;
  verification_status: VerificationStatus;
  revoked: boolean;
  revoked_at: Date | null;
  created_at: Date;
  user_id: string;
  recipient_email: string | null;
  holder_id: string | null;
  revocation_reason: string | null;
  suspended: boolean;
  suspended_at: Date | null;
  suspension_reason: string | null;
  public_id: string;
  page_public: boolean;
  status: CertificateStatus;
}

/** The columns every certificate query selects (file_size fits an int: files are at most 10 MB). */
export const certificateColumns = (tx: Tx) => tx`
  c.id, ${issuedFieldColumns(tx)}, c.certificate_hash, c.storage_path, c.file_type, c.mime_type,
  c.file_size::int as file_size, c.file_hash, c.content_hash, c.ocr_content, c.verification_status,
  c.revoked, c.revoked_at, c.created_at, c.user_id, c.recipient_email, c.holder_id,
  c.revocation_reason, c.suspended, c.suspended_at, c.suspension_reason,
  c.public_id, c.page_public,
  private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status) as status`;

export function toCertificate(row: CertificateRow, imageUrl: string | null): Certificate {
  return {
    id: row.id,
    certificate_name: row.certificate_name,
    certificate_hash: row.certificate_hash,
    image_url: imageUrl,
    file_type: row.file_type,
    mime_type: row.mime_type,
    file_size: row.file_size,
    file_hash: row.file_hash,
    content_hash: row.content_hash,
    ocr_content: row.ocr_content,
    verification_status: row.verification_status,
    revoked: row.revoked,
    revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    user_id: row.user_id,
    recipient_name: row.recipient_name,
    recipient_email: row.recipient_email,
    holder_id: row.holder_id,
    course: row.course,
    grade: row.grade,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    certificate_number: row.certificate_number,
    issuer: row.issuer,
    revocation_reason: row.revocation_reason,
    suspended: row.suspended,
    suspended_at: row.suspended_at ? row.suspended_at.toISOString() : null,
    suspension_reason: row.suspension_reason,
    public_id: row.public_id,
    page_public: row.page_public,
    status: row.status,
  };
}

/**
 * Signs the rows' files with `token` (the caller's, so storage RLS decides what they may see) and
 * maps them. A file that cannot be signed gives `image_url: null` rather than failing the list.
 */
export async function withImageUrls(
  storage: StorageClient,
  token: string,
  rows: CertificateRow[],
  ttlSeconds = LIST_URL_TTL_SECONDS,
): Promise<Certificate[]> {
  let urls = new Map<string, string | null>();
  try {
    urls = await storage.signedUrls(
      token,
      CERTIFICATE_BUCKET,
      rows.map((row) => row.storage_path),
      ttlSeconds,
    );
  } catch (error) {
    console.error('api: signing certificate URLs failed', error);
  }
  return rows.map((row) => toCertificate(row, urls.get(row.storage_path) ?? null));
}
