/**
 * The page both sides of a comparison are read from: the first page of a certificate file as an
 * 8-bit grey raster. Images are decoded; a PDF gives the largest image painted on its first page
 * (a scanned or exported certificate), read by the `ocr` function. A PDF made of vector text only
 * has no raster here, and the engine then says so instead of guessing.
 */
import { fitWithin, type GrayRaster } from '../documents/raster.ts';
import { decodeImageNear } from '../processing/decode.ts';
import type { DetectedFile } from '../processing/detect.ts';
import type { OcrClient } from './ocr-client.ts';

/** Longest side of the registered original's page: text lines stay 15+ px tall on an A4 certificate. */
export const CANONICAL_LONG_SIDE = 1400;
/** Longest side a copy is worked on at: a little above canonical, so warping never enlarges much. */
export const COPY_WORKING_LONG_SIDE = 1800;
/**
 * The most pixels of a copy's picture kept as decoded besides its working raster, for a page it shows
 * small (a viewer's screenshot, examined on its page alone: verify.ts `pagesAlone`): a 4K screen.
 * Larger pictures (a 12 MP photo, which shows its page large anyway) are not kept.
 */
export const MAX_KEPT_DECODED_PIXELS = 3840 * 2400;

export class NoPageRasterError extends Error {
  constructor() {
    super('The PDF has no page image to compare (vector-only PDF)');
    this.name = 'NoPageRasterError';
  }
}

export async function pageRaster(
  bytes: Uint8Array,
  detected: DetectedFile,
  longSide: number,
  ocr: OcrClient,
): Promise<GrayRaster> {
  if (detected.fileType === 'pdf') {
    const { page } = await ocr.readPdf(bytes, longSide);
    if (!page) throw new NoPageRasterError();
    return fitWithin(page, longSide);
  }
  return fitWithin(await decodeImageNear(bytes, detected, longSide), longSide);
}

/**
 * A copy's page raster at COPY_WORKING_LONG_SIDE and, where the picture as decoded was larger and
 * within MAX_KEPT_DECODED_PIXELS, that decoded picture too (else the working raster again): a 2560 px
 * screenshot keeps there the pixels of a page that the working raster loses.
 */
export async function copyRasters(
  bytes: Uint8Array,
  detected: DetectedFile,
  ocr: OcrClient,
): Promise<{ working: GrayRaster; decoded: GrayRaster }> {
  if (detected.fileType === 'pdf') {
    const working = await pageRaster(bytes, detected, COPY_WORKING_LONG_SIDE, ocr);
    return { working, decoded: working };
  }
  const decoded = await decodeImageNear(bytes, detected, COPY_WORKING_LONG_SIDE);
  const working = fitWithin(decoded, COPY_WORKING_LONG_SIDE);
  return { working, decoded: decoded.width * decoded.height <= MAX_KEPT_DECODED_PIXELS ? decoded : working };
}
