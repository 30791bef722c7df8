/**
 * Certificate file processing: type sniffing, data URL decoding, hashing, text extraction (PDF
 * text layer and OCR), normalisation and the visual fingerprint. See docs/verification-pipeline.md.
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
export { isMeaningfulText, NORMALISATION_VERSION, normaliseText } from './normalise.ts';
export { processCertificateFile, type ProcessedCertificateFile } from './process.ts';
export {
  compareFingerprints,
  computeFingerprint,
  fingerprintsAllowMatch,
  SAME_DOCUMENT_MAX_DISTANCE,
} from './fingerprint.ts';
export { ImageDecodeError } from './decode.ts';
