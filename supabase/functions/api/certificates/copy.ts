/**
 * GET /certificates/{id}/verifiable-copy (extension): the certificate's page with a strip carrying a
 * QR code of its public page, the certificate number and the link (drawn by the engine,
 * _shared/copies/stamp.ts), as a PDF or a PNG. The copy's SHA-256 is registered
 * (public.certificate_copies), so verifying the downloaded file answers by its exact bytes.
 */
import type { VerifiableCopyFormat } from '../../_shared/api-contract.ts';
import { asCaller } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/errors.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import type { IssuedFieldsRow } from './model.ts';

export interface VerifiableCopy {
  bytes: Uint8Array;
  mimeType: 'application/pdf' | 'image/png';
  fileName: string;
}

interface CopyRow extends Pick<IssuedFieldsRow, 'certificate_number'> {
  storage_path: string;
  public_id: string;
  verification_status: string;
}

/** A file name from the certificate number (or id): letters, digits, dots, dashes and underscores. */
function fileNameOf(id: string, certificateNumber: string | null, format: VerifiableCopyFormat): string {
  const base = (certificateNumber ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `certificate-${base || id}-verifiable.${format}`;
}

/**
 * For whoever may read the certificate (its owner, its holder, an admin: the row is read as the
 * caller, so RLS decides; 404 otherwise) and only once an admin verified it (409: an unreviewed
 * upload is nothing to vouch for). The registration re-checks the caller's rights in SQL.
 */
export async function verifiableCopy(
  deps: AppDeps,
  user: SignedIn,
  id: string,
  format: VerifiableCopyFormat,
): Promise<VerifiableCopy> {
  const siteUrl = deps.env.siteUrl;
  if (!siteUrl) throw new HttpError(503, 'Verifiable copies are not set up on this server (SITE_URL)');
  const [row] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<CopyRow[]>`
      select c.storage_path, c.public_id, c.certificate_number, c.verification_status
      from public.certificates c where c.id = ${id}`,
  );
  if (!row) throw new HttpError(404, 'Certificate not found');
  if (row.verification_status !== 'verified') {
    throw new HttpError(409, 'Only a certificate an administrator has verified has a verifiable copy');
  }
  const bytes = await deps.engine.stamp({
    storagePath: row.storage_path,
    url: `${siteUrl}/c/${row.public_id}`,
    certificateNumber: row.certificate_number,
    format,
  });
  const fileHash = await sha256Hex(bytes);
  await asCaller(
    deps.sql,
    user,
    (tx) => tx`select private.register_certificate_copy(${id}, ${fileHash}, ${format}, ${bytes.length})`,
  );
  return {
    bytes,
    mimeType: format === 'pdf' ? 'application/pdf' : 'image/png',
    fileName: fileNameOf(id, row.certificate_number, format),
  };
}
