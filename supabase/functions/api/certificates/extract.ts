/**
 * POST /certificates/extract (admin): reads a file's printed fields for the issue form. Nothing is
 * stored; the admin corrects the fields and then issues through upload-base64.
 */
import type { ExtractCertificateResponse } from '../../_shared/api-contract.ts';
import { asCaller } from '../../_shared/db.ts';
import { parseCertificateFields } from '../../_shared/issuance/fields.ts';
import {
  decodeDataUrl,
  detectFileType,
  processCertificateFile,
  sha256Hex,
  UnsupportedFileTypeError,
} from '../../_shared/processing/mod.ts';
import { MAX_FILE_BYTES } from '../../_shared/api-contract.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';

/**
 * The one place issuance asks for a file's text: the PDF text layer, else OCR, from the processing
 * module. The verification engine replaces that module; only this function has to follow it.
 */
export async function readCertificateText(
  bytes: Uint8Array,
): Promise<Pick<ExtractCertificateResponse, 'text' | 'textSource'>> {
  const processed = await processCertificateFile(bytes);
  return { text: processed.text, textSource: processed.textSource };
}

export async function extractCertificateFields(
  deps: AppDeps,
  user: SignedIn,
  fileData: string,
): Promise<ExtractCertificateResponse> {
  const bytes = decodeDataUrl(fileData, MAX_FILE_BYTES);
  if (!detectFileType(bytes)) throw new UnsupportedFileTypeError();
  const fileHash = await sha256Hex(bytes);
  const [existing] = await asCaller(
    deps.sql,
    user,
    (tx) => tx`select 1 from public.certificates where file_hash = ${fileHash}`,
  );
  const { text, textSource } = await readCertificateText(bytes);
  return { fields: parseCertificateFields(text), textSource, text, duplicate: Boolean(existing) };
}
