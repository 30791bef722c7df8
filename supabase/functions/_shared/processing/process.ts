import { Admission } from '../http/admission.ts';
import { detectFileType, type DetectedFile } from './detect.ts';
import { UnreadableFileError, UnsupportedFileTypeError } from './errors.ts';
import { sha256Hex } from './hash.ts';
import { isMeaningfulText, normaliseText } from './normalise.ts';
import { decodeImage, ImageDecodeError } from './decode.ts';
import { computeFingerprint } from './fingerprint.ts';
import { OCR_MAX_SIDE, recogniseText } from './ocr.ts';
import { readPdf } from './pdf.ts';
import { fitWithin, type GrayRaster } from '../documents/raster.ts';

/** Everything the API stores or looks up for one certificate file. */
export interface ProcessedCertificateFile {
  detected: DetectedFile;
  size: number;
  /** SHA-256 of the exact bytes. */
  fileHash: string;
  /** Extracted text (OCR or PDF text layer), trimmed. */
  text: string;
  /** SHA-256 of the normalised text; null when the text is too short to identify a certificate. */
  contentHash: string | null;
  /** Visual fingerprint of the image or of the first page's image; null when none could be made. */
  fingerprint: Uint8Array | null;
  textSource: 'ocr' | 'pdf-text' | 'pdf-ocr' | 'none';
}

async function contentHashOf(text: string): Promise<string | null> {
  const normalised = normaliseText(text);
  return isMeaningfulText(normalised) ? await sha256Hex(normalised) : null;
}

/**
 * Runs the verification pipeline's file steps: type from magic bytes, file hash, text (PDF text
 * layer, else OCR), content hash of the normalised text, visual fingerprint.
 *
 * @throws UnsupportedFileTypeError when the bytes are not an accepted certificate type
 */
export function processCertificateFile(bytes: Uint8Array): Promise<ProcessedCertificateFile> {
  return PROCESSING.run(() => process(bytes));
}

/**
 * Decoding and OCR take up to ~2 s of CPU and tens of MB each: two at a time per instance, four
 * waiting, and the rest told to come back (503 + Retry-After) instead of piling up in memory.
 */
const PROCESSING = new Admission({ active: 2, queued: 4, maxWaitMs: 15_000, retryAfterSeconds: 5 });

async function process(bytes: Uint8Array): Promise<ProcessedCertificateFile> {
  const detected = detectFileType(bytes);
  if (!detected) throw new UnsupportedFileTypeError();
  const fileHash = await sha256Hex(bytes);

  let text = '';
  let textSource: ProcessedCertificateFile['textSource'] = 'none';
  let page: GrayRaster | null = null;
  if (detected.fileType === 'pdf') {
    const pdf = await readPdf(bytes);
    page = pdf.pageImage && fitWithin(pdf.pageImage, OCR_MAX_SIDE);
    if (isMeaningfulText(normaliseText(pdf.text))) {
      text = pdf.text;
      textSource = 'pdf-text';
    } else if (page) {
      text = (await recogniseText(page)).trim();
      textSource = 'pdf-ocr';
    }
  } else {
    page = await decodeForOcr(bytes, detected);
    if (page) {
      text = (await recogniseText(page)).trim();
      textSource = 'ocr';
    }
  }

  return {
    detected,
    size: bytes.length,
    fileHash,
    text,
    contentHash: await contentHashOf(text),
    fingerprint: page && computeFingerprint(page),
    textSource,
  };
}

/**
 * The image, downscaled for OCR. An image whose bytes cannot be decoded, or that claims more pixels
 * than a certificate could have (a decompression bomb), is the caller's unreadable file: 422.
 */
async function decodeForOcr(bytes: Uint8Array, detected: DetectedFile): Promise<GrayRaster> {
  try {
    // The full-size raster is dropped right here, before OCR allocates its own memory.
    return fitWithin(await decodeImage(bytes, detected), OCR_MAX_SIDE);
  } catch (error) {
    if (error instanceof ImageDecodeError) throw new UnreadableFileError(error.message);
    throw error;
  }
}
