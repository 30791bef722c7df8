/**
 * POST /certificates/upload-base64: decode, sniff, hash, store the file, insert the row, then
 * register the page with the verification engine. The order (upload object -> insert row) plus the
 * compensation below means a failure half-way leaves neither a row nor a file.
 */
import {
  MAX_FILE_BYTES,
  type IssueCertificateResponse,
  type UploadCertificateRequest,
} from '../../_shared/api-contract.ts';
import { asCaller } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/errors.ts';
import { decodeDataUrl } from '../../_shared/processing/data-url.ts';
import { detectFileType } from '../../_shared/processing/detect.ts';
import { UnsupportedFileTypeError } from '../../_shared/processing/errors.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import { faultPoint } from '../../_shared/faults.ts';
import { StorageError } from '../../_shared/storage.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { CERTIFICATE_BUCKET, type CertificateRow, certificateColumns, withImageUrls } from './model.ts';
import { NO_RECIPIENT, resolveRecipient } from './invitation.ts';
import { explainConstraint, fieldColumns } from './service.ts';

type UploadInput = Omit<UploadCertificateRequest, 'mode'>;

const UNIQUE_VIOLATION = '23505';
const DUPLICATE_MESSAGE = 'This certificate has already been uploaded';

function nameFrom(input: UploadInput): string | null {
  if (input.certificateName) return input.certificateName;
  if (!input.fileName) return null;
  const base = input.fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return base ? base.slice(0, 200) : null;
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === UNIQUE_VIOLATION
  );
}

async function duplicateOf(deps: AppDeps, user: SignedIn, fileHash: string): Promise<HttpError> {
  const [existing] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<CertificateRow[]>`
    select ${certificateColumns(tx)} from public.certificates c where c.file_hash = ${fileHash}`,
  );
  if (!existing) return new HttpError(409, DUPLICATE_MESSAGE);
  const [certificate] = await withImageUrls(deps.storage, user.token, [existing]);
  return new HttpError(409, DUPLICATE_MESSAGE, { certificate });
}

export async function uploadCertificate(
  deps: AppDeps,
  user: SignedIn,
  input: UploadInput,
  /** The request's headers, for the test-only fault points (see _shared/faults.ts). */
  requestHeaders?: Headers,
): Promise<IssueCertificateResponse> {
  const fault = requestHeaders && {
    headers: requestHeaders,
    supabaseUrl: deps.env.supabaseUrl,
    serviceRoleKey: deps.env.serviceRoleKey,
  };
  const isAdmin = user.role === 'admin';
  if (input.userId !== user.userId && !isAdmin) {
    throw new HttpError(403, 'You can only upload certificates to your own account');
  }
  // Issue 9: the printed fields and the recipient are an issuer's statement, so only admins give them.
  const { certificate_name: _title, ...issued } = fieldColumns(input);
  if (!isAdmin && (Object.keys(issued).length > 0 || input.pagePublic !== undefined)) {
    throw new HttpError(403, 'Only administrators can issue certificates with fields or a recipient');
  }

  const bytes = decodeDataUrl(input.fileData, MAX_FILE_BYTES);
  const detected = detectFileType(bytes);
  if (!detected) throw new UnsupportedFileTypeError();
  const fileHash = await sha256Hex(bytes);

  // Cheap early answers before OCR and before any object is written; the unique index still decides races.
  const owner = await asCaller(deps.sql, user, async (tx) => {
    const [duplicate] = await tx`select 1 from public.certificates where file_hash = ${fileHash}`;
    const [profile] = await tx`select 1 from public.profiles where auth_id = ${input.userId}`;
    return { duplicate: Boolean(duplicate), exists: Boolean(profile) };
  });
  if (owner.duplicate) throw await duplicateOf(deps, user, fileHash);
  if (!owner.exists) throw new HttpError(404, 'User not found');

  const id = crypto.randomUUID();
  const storagePath = `${input.userId}/${id}.${detected.extension}`;
  try {
    // A user's file is stored with the service role: users have no INSERT on the bucket (migration
    // 20261125400200), so nothing reaches it without the checks above. Admins store as themselves.
    await deps.storage.upload(
      isAdmin ? user.token : deps.env.serviceRoleKey,
      CERTIFICATE_BUCKET,
      storagePath,
      bytes,
      detected.mimeType,
    );
  } catch (error) {
    if (error instanceof StorageError && error.statusCode === 403) {
      throw new HttpError(403, 'You are not allowed to store certificates for this user');
    }
    throw error;
  }
  // A crash from here until the row is committed leaves an object without a row: the reconciliation
  // (reconcile.ts, on start and `npm run reconcile`) removes such objects once they are old enough.
  await faultPoint('after-storage-write', fault);

  const certificateHash = await sha256Hex(`${fileHash}:`);
  let row: CertificateRow;
  try {
    await faultPoint('before-db-insert', fault);
    row = await asCaller(deps.sql, user, async (tx) => {
      // A user's row goes through private.add_own_pending_certificate (owner = caller, pending): users
      // have no direct INSERT, or they could register forged hashes over the Data API.
      const [inserted] = isAdmin
        ? await tx<CertificateRow[]>`
          with c as (insert into public.certificates ${tx({
            id,
            user_id: input.userId,
            uploaded_by: user.userId,
            certificate_name: nameFrom(input),
            certificate_hash: certificateHash,
            storage_path: storagePath,
            file_type: detected.fileType,
            mime_type: detected.mimeType,
            file_size: bytes.length,
            file_hash: fileHash,
            verification_status: 'verified',
            reviewed_by: user.userId,
            reviewed_at: new Date(),
            ...issued,
            page_public: input.pagePublic ?? true,
          })} returning *)
          select ${certificateColumns(tx)} from c`
        : await tx<CertificateRow[]>`
          select ${certificateColumns(tx)} from private.add_own_pending_certificate(
            ${id}, ${nameFrom(input)}, ${certificateHash}, ${storagePath}, ${detected.fileType},
            ${detected.mimeType}, ${bytes.length}, ${fileHash}
          ) c`;
      return inserted!;
    });
  } catch (error) {
    await removeQuietly(deps, storagePath);
    const explained = explainConstraint(error);
    if (explained !== error) throw explained;
    if (isUniqueViolation(error)) throw await duplicateOf(deps, user, fileHash);
    throw error;
  }

  // Committed: a crash now leaves a complete certificate; a retry gets 409 with that certificate.
  await faultPoint('after-db-insert', fault);

  // The engine registers the page for copies, scans and photos. A file it cannot read (damaged,
  // no page) is the client's error and is undone; a busy engine only defers it to the backfill.
  try {
    await deps.engine.register(row.id, input.fileData);
    // Registration filled ocr_content with what the engine read.
    const [registered] = await asCaller(
      deps.sql,
      user,
      (tx) =>
        tx<
          CertificateRow[]
        >`select ${certificateColumns(tx)} from public.certificates c where c.id = ${row.id}`,
    );
    if (registered) row = registered;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      await deps.sql`delete from public.certificates where id = ${row.id}`;
      await removeQuietly(deps, storagePath);
      throw error;
    }
    console.error('api: registration deferred to the backfill', row.id, error);
  }

  // Issued: whatever happens to the invitation, the certificate stays (the admin can send it again).
  const recipient = isAdmin ? await resolveRecipient(deps, row, input.invitationRedirectTo) : NO_RECIPIENT;
  const [certificate] = await withImageUrls(deps.storage, user.token, [row]);
  return {
    ...recipient,
    message: isAdmin
      ? 'Certificate uploaded and verified'
      : 'Certificate uploaded; it will be valid once an administrator approves it',
    imageUrl: certificate!.image_url,
    certificate: certificate!,
  };
}

/**
 * Compensation after a failed insert. It uses the service role because the object belongs to a
 * certificate that does not exist, which no RLS policy can describe.
 */
async function removeQuietly(deps: AppDeps, storagePath: string) {
  try {
    await deps.storage.remove(deps.env.serviceRoleKey, CERTIFICATE_BUCKET, [storagePath]);
  } catch (error) {
    console.error('api: could not remove orphaned object', storagePath, error);
  }
}
