/**
 * POST /certificates/extract (admin): reads a file's printed fields for the issue form. Nothing is
 * stored; the admin corrects the fields and then issues through upload-base64. A file that is already
 * registered is answered from its record, so re-dropping an issued batch costs no OCR.
 */
import type { ExtractCertificateResponse } from '../../_shared/api-contract.ts';
import { asCaller } from '../../_shared/db.ts';
import { parseCertificateFields } from '../../_shared/issuance/fields.ts';
import { decodeDataUrl } from '../../_shared/processing/data-url.ts';
import { detectFileType } from '../../_shared/processing/detect.ts';
import { UnsupportedFileTypeError } from '../../_shared/processing/errors.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';
import { MAX_FILE_BYTES } from '../../_shared/api-contract.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { type IssuedFieldsRow, issuedFieldColumns, issuedFieldsOf } from './model.ts';

/** The one place issuance asks for a file's text: the engine reads the PDF text layer, else OCR. */
export function readCertificateText(
  deps: AppDeps,
  fileData: string,
): Promise<Pick<ExtractCertificateResponse, 'text' | 'textSource'>> {
  return deps.engine.read(fileData);
}

type StoredFieldsRow = IssuedFieldsRow & { ocr_content: string | null };

export async function extractCertificateFields(
  deps: AppDeps,
  user: SignedIn,
  fileData: string,
): Promise<ExtractCertificateResponse> {
  const bytes = decodeDataUrl(fileData, MAX_FILE_BYTES);
  if (!detectFileType(bytes)) throw new UnsupportedFileTypeError();
  const fileHash = await sha256Hex(bytes);
  const [stored] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<StoredFieldsRow[]>`
      select ${issuedFieldColumns(tx)}, c.ocr_content
      from public.certificates c where c.file_hash = ${fileHash}`,
  );
  if (stored) {
    return {
      fields: issuedFieldsOf(stored),
      textSource: 'stored',
      text: stored.ocr_content ?? '',
      duplicate: true,
    };
  }
  const { text, textSource } = await readCertificateText(deps, fileData);
  return { fields: parseCertificateFields(text), textSource, text, duplicate: false };
}
