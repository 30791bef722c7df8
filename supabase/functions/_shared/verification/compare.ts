/**
 * Compares the aligned copy with the original tile by tile over the whole page (not only where
 * OCR found text). A tile's score is the share of ink that has no counterpart within a pixel in
 * the other page, at the best small shift (residual misalignment): 0 for the same marks, near 1
 * for different ones. One changed character in a tile about two text lines high scores well above
 * what blur, noise or re-sampling leave.
 */
import type { GrayRaster } from '../documents/raster.ts';
import type { Box } from '../ocr/protocol.ts';
import type { InkMasks } from './ink.ts';

/** Residual shift searched per tile, in pixels, after the homography. */
const SHIFT = 2;
/** Share of a tile that must be covered by the copy for the tile to count as seen. */
const MIN_VISIBLE = 0.97;

export interface TileScore {
  box: Box;
  score: number;
  /** Ink pixels of the original in this tile. */
  ink: number;
  /** The copy does not show this tile (cut off or outside the picture). */
  hidden: boolean;
}

/** The shift (within +/-SHIFT px) under which the copy's ink best matches the original's in a tile. */
function bestShift(original: InkMasks, copy: InkMasks, box: Box): [number, number] {
  let best = Infinity;
  let bestDx = 0;
  let bestDy = 0;
  for (let dy = -SHIFT; dy <= SHIFT && best > 0; dy++) {
    for (let dx = -SHIFT; dx <= SHIFT && best > 0; dx++) {
      const mismatched = mismatches(original, copy, box, dx, dy, best);
      if (mismatched < best) {
        best = mismatched;
        bestDx = dx;
        bestDy = dy;
      }
    }
  }
  return [bestDx, bestDy];
}

/** Ink without a counterpart within a pixel, either way, with the copy shifted by (dx, dy); stops early past `limit`. */
function mismatches(
  original: InkMasks,
  copy: InkMasks,
  box: Box,
  dx: number,
  dy: number,
  limit: number,
): number {
  const { width, height } = original;
  let mismatched = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    const sy = y + dy;
    if (sy < 0 || sy >= height) continue;
    for (let x = box.x; x < box.x + box.width; x++) {
      const sx = x + dx;
      if (sx < 0 || sx >= width) continue;
      const p = y * width + x;
      const s = sy * width + sx;
      if (original.ink[p] && !copy.near[s]) mismatched++;
      else if (copy.ink[s] && !original.near[p]) mismatched++;
    }
    if (mismatched >= limit) break;
  }
  return mismatched;
}

/**
 * The worst of the tile's four quarter windows: one changed character is a large share of a
 * quarter's ink even in a dense line of small print, while blur and noise stay spread thin.
 */
function windowedScore(original: InkMasks, copy: InkMasks, box: Box, [dx, dy]: [number, number]): number {
  const halfWidth = Math.ceil(box.width / 2);
  const halfHeight = Math.ceil(box.height / 2);
  let worst = 0;
  for (const [ox, oy] of [
    [0, 0],
    [halfWidth, 0],
    [0, halfHeight],
    [halfWidth, halfHeight],
  ] as const) {
    const window = {
      x: box.x + ox,
      y: box.y + oy,
      width: Math.min(halfWidth, box.width - ox),
      height: Math.min(halfHeight, box.height - oy),
    };
    if (window.width <= 0 || window.height <= 0) continue;
    let ink = 0;
    let copyInk = 0;
    for (let y = window.y; y < window.y + window.height; y++) {
      for (let x = window.x, p = y * original.width + window.x; x < window.x + window.width; x++, p++) {
        ink += original.ink[p]!;
        const sy = y + dy;
        const sx = x + dx;
        if (sy >= 0 && sy < original.height && sx >= 0 && sx < original.width)
          copyInk += copy.ink[sy * original.width + sx]!;
      }
    }
    const floor = window.width * window.height * 0.04;
    const score = mismatches(original, copy, window, dx, dy, Infinity) / Math.max(ink, copyInk, floor);
    if (score > worst) worst = score;
  }
  return worst;
}

export function tileSizeFor(width: number, height: number): number {
  return Math.max(24, Math.round(Math.max(width, height) / 28));
}

export function compareTiles(original: InkMasks, copy: InkMasks, visible: GrayRaster): TileScore[] {
  const { width, height } = original;
  const size = tileSizeFor(width, height);
  const minInk = Math.round(size * size * 0.01);
  const tiles: TileScore[] = [];
  for (let top = 0; top < height; top += size) {
    for (let left = 0; left < width; left += size) {
      const right = Math.min(width, left + size);
      const bottom = Math.min(height, top + size);
      let originalInk = 0;
      let copyInk = 0;
      let seen = 0;
      for (let y = top; y < bottom; y++) {
        for (let x = left, p = y * width + left; x < right; x++, p++) {
          originalInk += original.ink[p]!;
          copyInk += copy.ink[p]!;
          if (visible.data[p]) seen++;
        }
      }
      const box = { x: left, y: top, width: right - left, height: bottom - top };
      const hidden = seen < MIN_VISIBLE * box.width * box.height;
      if (hidden || originalInk + copyInk < minInk) {
        tiles.push({ box, score: 0, ink: originalInk, hidden });
        continue;
      }
      const shift = bestShift(original, copy, box);
      tiles.push({ box, score: windowedScore(original, copy, box, shift), ink: originalInk, hidden });
    }
  }
  return tiles;
}
