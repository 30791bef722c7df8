import type { AcceptedMimeType, FileType } from '../api-contract.ts';

/** A file type recognised from the file's own bytes. */
export interface DetectedFile {
  mimeType: AcceptedMimeType;
  fileType: FileType;
  extension: string;
}

/** Where pdf.js still finds a PDF header; a few producers prepend junk before `%PDF-`. */
const PDF_HEADER_WINDOW = 1024;

/** Sizes of the BMP info headers that exist (core, v1-v5); anything else is not a BMP. */
const BMP_INFO_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const image = (mimeType: AcceptedMimeType, extension: string): DetectedFile => ({
  mimeType,
  fileType: 'image',
  extension,
});

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const PDF = ascii('%PDF-');
const LESS_THAN = 0x3c;

function isBmp(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('BM')) || bytes.length < 18) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return BMP_INFO_HEADER_SIZES.has(view.getUint32(14, true));
}

function pdfHeaderOffset(bytes: Uint8Array): number {
  const end = Math.min(bytes.length - PDF.length, PDF_HEADER_WINDOW - PDF.length);
  for (let offset = 0; offset <= end; offset++) {
    if (startsWith(bytes, PDF, offset)) return offset;
  }
  return -1;
}

/**
 * Recognises an accepted certificate type from magic bytes only; the declared MIME type and the
 * file name are ignored (a PNG named `.pdf` is a PNG). SVG, HTML, archives, executables and
 * anything else give null.
 */
export function detectFileType(bytes: Uint8Array): DetectedFile | null {
  if (startsWith(bytes, JPEG)) return image('image/jpeg', 'jpg');
  if (startsWith(bytes, PNG)) return image('image/png', 'png');
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return image('image/gif', 'gif');
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return image('image/webp', 'webp');
  if (isBmp(bytes)) return image('image/bmp', 'bmp');
  if (startsWith(bytes, TIFF_LE) || startsWith(bytes, TIFF_BE)) return image('image/tiff', 'tif');
  const pdfOffset = pdfHeaderOffset(bytes);
  // Junk before the header is tolerated, markup is not: an HTML/PDF polyglot must not pass as a PDF.
  if (pdfOffset >= 0 && !bytes.subarray(0, pdfOffset).includes(LESS_THAN)) {
    return { mimeType: 'application/pdf', fileType: 'pdf', extension: 'pdf' };
  }
  return null;
}
