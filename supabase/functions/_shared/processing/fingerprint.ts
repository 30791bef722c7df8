/**
 * Visual fingerprint: evidence that two files show the same document (a re-encoded, resized or
 * converted copy) or not (an edit of a name or date in the same template). Calibration numbers
 * are in docs/verification-pipeline.md.
 */
import { type GrayRaster, resizeArea } from '../documents/raster.ts';

export const FINGERPRINT_VERSION = 1;
/** Grid side: a cell is 1/128 of the width and height, smaller than one word of certificate text. */
export const FINGERPRINT_GRID = 128;
const HEADER_BYTES = 4;
/** Aspect ratios (width / height) further apart than this are different documents. */
const MAX_ASPECT_DIFFERENCE = 0.02;
/** Side of the square window of cells whose mean difference is compared (a word covers several). */
const WINDOW = 2;
/**
 * Largest window difference (0-255 gray levels) still accepted as the same document. On the
 * generated samples re-encodings and 90% resizes measure at most 8.5 and a one-digit date edit at
 * least 21.5 (calibration in the docs); the threshold sits between them with margin both ways.
 */
export const SAME_DOCUMENT_MAX_DISTANCE = 14;

/**
 * Grayscale, area-average the whole image onto a 128 × 128 grid, then stretch contrast so the ink
 * is 0 and the paper 255 (robust percentiles). A fixed grid (not rows by aspect ratio) keeps a
 * resized copy on exactly the same cells; the aspect ratio is stored beside it. Layout: [version,
 * grid side, aspect ratio × 1000 (2 bytes)] then one byte per cell, row by row. Null for images
 * smaller than the grid or of extreme shape.
 */
export function computeFingerprint(raster: GrayRaster): Uint8Array | null {
  const side = FINGERPRINT_GRID;
  const aspect = Math.round((raster.width / raster.height) * 1000);
  if (raster.width < side || raster.height < side || aspect < 1 || aspect > 0xffff) return null;
  const grid = resizeArea(raster, side, side).data;

  const histogram = new Uint32Array(256);
  for (const value of grid) histogram[value]!++;
  const low = percentile(histogram, grid.length, 0.01);
  const high = percentile(histogram, grid.length, 0.99);
  const range = Math.max(1, high - low);

  const out = new Uint8Array(HEADER_BYTES + grid.length);
  out[0] = FINGERPRINT_VERSION;
  out[1] = side;
  out[2] = aspect >> 8;
  out[3] = aspect & 0xff;
  for (let index = 0; index < grid.length; index++) {
    out[HEADER_BYTES + index] = Math.max(0, Math.min(255, Math.round(((grid[index]! - low) * 255) / range)));
  }
  return out;
}

function percentile(histogram: Uint32Array, count: number, fraction: number): number {
  const target = count * fraction;
  let seen = 0;
  for (let value = 0; value < 256; value++) {
    seen += histogram[value]!;
    if (seen > target) return value;
  }
  return 255;
}

function headerOf(fingerprint: Uint8Array): { side: number; aspect: number } | null {
  if (fingerprint.length < HEADER_BYTES || fingerprint[0] !== FINGERPRINT_VERSION) return null;
  const side = fingerprint[1]!;
  const aspect = ((fingerprint[2]! << 8) | fingerprint[3]!) / 1000;
  return fingerprint.length === HEADER_BYTES + side * side && aspect > 0 ? { side, aspect } : null;
}

/**
 * Compares two fingerprints. `distance` is the largest mean difference over any 2×2 window of
 * cells (0 identical … 255), so one changed word counts even when the rest of the page matches;
 * `sameDocument` is true when it is within the calibrated threshold. Fingerprints of another
 * aspect ratio (beyond 2%), grid or version are different documents (distance 255).
 */
export function compareFingerprints(
  a: Uint8Array,
  b: Uint8Array,
): { distance: number; sameDocument: boolean } {
  const headerA = headerOf(a);
  const headerB = headerOf(b);
  if (
    !headerA ||
    !headerB ||
    headerA.side !== headerB.side ||
    Math.abs(Math.log(headerA.aspect / headerB.aspect)) > MAX_ASPECT_DIFFERENCE
  ) {
    return { distance: 255, sameDocument: false };
  }
  const columns = headerA.side;
  const rows = headerA.side;
  let distance = 0;
  for (let row = 0; row + WINDOW <= rows; row++) {
    for (let column = 0; column + WINDOW <= columns; column++) {
      let sum = 0;
      for (let y = row; y < row + WINDOW; y++) {
        for (let x = column; x < column + WINDOW; x++) {
          const index = HEADER_BYTES + y * columns + x;
          sum += Math.abs(a[index]! - b[index]!);
        }
      }
      distance = Math.max(distance, sum / (WINDOW * WINDOW));
    }
  }
  distance = Math.round(distance * 10) / 10;
  return { distance, sameDocument: distance <= SAME_DOCUMENT_MAX_DISTANCE };
}

/**
 * The fingerprint's part of a content match: a stored certificate with the same content hash is the
 * same document unless both fingerprints exist and disagree. Without a fingerprint on either side
 * (e.g. a PDF with only a text layer) the text match stands on its own.
 */
export function fingerprintsAllowMatch(upload: Uint8Array | null, stored: Uint8Array | null): boolean {
  if (!upload || !stored) return true;
  return compareFingerprints(upload, stored).sameDocument;
}
