import { detectFileType, type DetectedFile } from './detect.ts';
import { UnsupportedFileTypeError } from './errors.ts';
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
export async function processCertificateFile(bytes: Uint8Array): Promise<ProcessedCertificateFile> {
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

/** The image, downscaled for OCR; null when its bytes cannot be decoded (only file_hash can match then). */
async function decodeForOcr(bytes: Uint8Array, detected: DetectedFile): Promise<GrayRaster | null> {
  try {
    // The full-size raster is dropped right here, before OCR allocates its own memory.
    return fitWithin(await decodeImage(bytes, detected), OCR_MAX_SIDE);
  } catch (error) {
    if (error instanceof ImageDecodeError) return null;
    throw error;
  }
}
