/**
 * Reading certificate files: type sniffing from magic bytes, data URL decoding, hashing, image
 * decoding and the PDF text layer. The verification engine (../verification) builds on these.
 */
export { decodeDataUrl } from './data-url.ts';
export { type DetectedFile, detectFileType } from './detect.ts';
export {
  FileTooLargeError,
  InvalidDataUrlError,
  UnreadableFileError,
  UnsupportedFileTypeError,
} from './errors.ts';
export { sha256Hex } from './hash.ts';
export { ImageDecodeError } from './decode.ts';
export { type PdfContent, readPdf } from './pdf.ts';
