/**
 * Compares the aligned copy with the original tile by tile over the whole page (not only where
 * OCR found text). A tile's score is the share of ink that has no counterpart within a pixel in
 * the other page, at the best small shift (residual misalignment): 0 for the same marks, near 1
 * for different ones. One changed character in a tile about two text lines high scores well above
 * what blur, noise or re-sampling leave.
 */
import type { GrayRaster } from '../documents/raster.ts';
import type { Box } from '../ocr/protocol.ts';
import {
  darkAreas,
  inkMasks,
  type InkMasks,
  inkReach,
  invertWhere,
  outlineBand,
  squareFilter,
  clearShallowInk,
} from './ink.ts';
import { matFromRaster, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

/** Residual shift searched per tile, in pixels, after the homography. */
export const SHIFT = 2;
/** Share of a tile that must be covered by the copy for the tile to count as seen. */
const MIN_VISIBLE = 0.97;

export interface TileScore {
  box: Box;
  score: number;
  /** Ink pixels of the original in this tile. */
  ink: number;
  /** Ink pixels of the copy in this tile (unshifted). */
  copyInk?: number;
  /** The copy does not show this tile (cut off or outside the picture). */
  hidden: boolean;
  /** The residual shift (dx, dy) the tile was scored at. */
  shift?: [number, number];
  /**
   * How alike the two pages' tones are over the tile (see `structureLikeness`), 1 when not measured
   * (tiles scored below STRUCTURE_FROM).
   */
  likeness?: number;
  /** The share of the tile in a dark area's outline band, left out of the ink comparison (set when any). */
  leftOut?: number;
  /**
   * The largest connected piece of ink (pixels) one page has in the tile where the other has none,
   * not even faint, at the tile's shift (see `largestLonePiece`); set on tiles scored from
   * STRUCTURE_FROM.
   */
  lonePiece?: number;
  /**
   * How much darker than the tile's paper the original's ink is (grey levels, the median over its ink
   * pixels on the polarity-turned page); set for tiles from the graphic flag (see `inkDepth`).
   */
  inkDepth?: number;
}

/** Shifts within +/-SHIFT px, nearest first: of equally good shifts the smallest is taken. */
const SHIFTS: [number, number][] = (() => {
  const shifts: [number, number][] = [];
  for (let dy = -SHIFT; dy <= SHIFT; dy++) for (let dx = -SHIFT; dx <= SHIFT; dx++) shifts.push([dx, dy]);
  return shifts.sort((a, b) => Math.hypot(a[0], a[1]) - Math.hypot(b[0], b[1]));
})();

/**
 * The shift (within +/-SHIFT px) under which the copy's ink best matches the original's in a tile.
 * Nearest first, so a copy that needs no shift gets none: searched from a corner, the first shift
 * without mismatch was taken, and up to 3 px of slack (shift plus tolerance) hid a changed digit.
 */
function bestShift(
  original: InkMasks,
  copy: InkMasks,
  compared: Uint8Array | null,
  box: Box,
): [number, number] {
  let best = Infinity;
  let bestShift: [number, number] = [0, 0];
  for (const [dx, dy] of SHIFTS) {
    const mismatched = mismatches(original, copy, compared, box, dx, dy, best);
    if (mismatched < best) {
      best = mismatched;
      bestShift = [dx, dy];
      if (best === 0) break;
    }
  }
  return bestShift;
}

/**
 * Ink without a counterpart within a pixel, either way, with the copy shifted by (dx, dy), counted
 * only where `compared` is set (null: everywhere); stops early past `limit`.
 */
function mismatches(
  original: InkMasks,
  copy: InkMasks,
  compared: Uint8Array | null,
  box: Box,
  dx: number,
  dy: number,
  limit: number,
): number {
  const { width, height } = original;
  const originalInk = original.ink;
  const originalNear = original.near;
  const copyInk = copy.ink;
  const copyNear = copy.near;
  // The columns whose shifted pixel lies on the page, found once for every row.
  const fromX = Math.max(box.x, -dx);
  const toX = Math.min(box.x + box.width, width - dx);
  const shiftBy = dy * width + dx;
  let mismatched = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    const sy = y + dy;
    if (sy < 0 || sy >= height) continue;
    for (let p = y * width + fromX, end = y * width + toX; p < end; p++) {
      if (compared && !compared[p]) continue;
      const s = p + shiftBy;
      if (originalInk[p] && !copyNear[s]) mismatched++;
      else if (copyInk[s] && !originalNear[p]) mismatched++;
    }
    if (mismatched >= limit) break;
  }
  return mismatched;
}

/** A tile's four quarters (the left and top ones take an odd pixel), empty ones left out. */
function quarterWindows(box: Box): Box[] {
  const halfWidth = Math.ceil(box.width / 2);
  const halfHeight = Math.ceil(box.height / 2);
  return (
    [
      [0, 0],
      [halfWidth, 0],
      [0, halfHeight],
      [halfWidth, halfHeight],
    ] as const
  )
    .map(([ox, oy]) => ({
      x: box.x + ox,
      y: box.y + oy,
      width: Math.min(halfWidth, box.width - ox),
      height: Math.min(halfHeight, box.height - oy),
    }))
    .filter((window) => window.width > 0 && window.height > 0);
}

/**
 * The worst of the tile's four quarter windows: one changed character is a large share of a
 * quarter's ink even in a dense line of small print, while blur and noise stay spread thin.
 */
function windowedScore(
  original: InkMasks,
  copy: InkMasks,
  compared: Uint8Array | null,
  box: Box,
  [dx, dy]: [number, number],
): number {
  let worst = 0;
  for (const window of quarterWindows(box)) {
    let ink = 0;
    let copyInk = 0;
    for (let y = window.y; y < window.y + window.height; y++) {
      for (let x = window.x, p = y * original.width + window.x; x < window.x + window.width; x++, p++) {
        if (compared && !compared[p]) continue;
        ink += original.ink[p]!;
        const sy = y + dy;
        const sx = x + dx;
        if (sy >= 0 && sy < original.height && sx >= 0 && sx < original.width)
          copyInk += copy.ink[sy * original.width + sx]!;
      }
    }
    const floor = window.width * window.height * 0.04;
    const score =
      mismatches(original, copy, compared, window, dx, dy, Infinity) / Math.max(ink, copyInk, floor);
    if (score > worst) worst = score;
  }
  return worst;
}

export function tileSizeFor(width: number, height: number): number {
  return Math.max(24, Math.round(Math.max(width, height) / 28));
}

/**
 * Tile scores. `compared` (null: everywhere) is where ink is judged at all: the part of the page the
 * copy really shows, away from its cut (see `comparedArea`); `visible` says which tiles are hidden.
 */
export function compareTiles(
  original: InkMasks,
  copy: InkMasks,
  visible: GrayRaster,
  compared: Uint8Array | null = null,
): TileScore[] {
  const { width, height } = original;
  const size = tileSizeFor(width, height);
  const minInk = Math.round(size * size * 0.01);
  const tiles: TileScore[] = [];
  const pending: { index: number; shift: [number, number] }[] = [];
  const originalMask = original.ink;
  const copyMask = copy.ink;
  const shown = visible.data;
  for (let top = 0; top < height; top += size) {
    for (let left = 0; left < width; left += size) {
      const right = Math.min(width, left + size);
      const bottom = Math.min(height, top + size);
      let originalInk = 0;
      let copyInk = 0;
      let seen = 0;
      for (let y = top; y < bottom; y++) {
        for (let p = y * width + left, end = y * width + right; p < end; p++) {
          originalInk += originalMask[p]!;
          copyInk += copyMask[p]!;
          if (shown[p]) seen++;
        }
      }
      const box = { x: left, y: top, width: right - left, height: bottom - top };
      const hidden = seen < MIN_VISIBLE * box.width * box.height;
      if (hidden || originalInk + copyInk < minInk) {
        tiles.push({ box, score: 0, ink: originalInk, copyInk, hidden });
        continue;
      }
      pending.push({ index: tiles.length, shift: bestShift(original, copy, compared, box) });
      tiles.push({ box, score: 0, ink: originalInk, copyInk, hidden });
    }
  }
  // Each tile is scored at the shift its neighbourhood agrees on, not at its own best one: residual
  // misalignment changes slowly over a page, while a tile's own best shift can slide a changed
  // glyph onto its neighbour's strokes (2016 -> 2015 in small print scored 0).
  const columns = Math.ceil(width / size);
  const shiftAt = new Map(pending.map((item) => [item.index, item.shift]));
  for (const { index, shift } of pending) {
    const dxs: number[] = [];
    const dys: number[] = [];
    const row = Math.floor(index / columns);
    const column = index % columns;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (column + dc < 0 || column + dc >= columns) continue;
        const neighbour = shiftAt.get((row + dr) * columns + column + dc);
        if (!neighbour) continue;
        dxs.push(neighbour[0]);
        dys.push(neighbour[1]);
      }
    }
    const agreed: [number, number] = dxs.length >= 3 ? [median(dxs), median(dys)] : shift;
    const tile = tiles[index]!;
    tile.shift = agreed;
    tile.score = windowedScore(original, copy, compared, tile.box, agreed);
    if (tile.score >= STRUCTURE_FROM) tile.lonePiece = lonePiece(original, copy, compared, tile.box, agreed);
  }
  return tiles;
}

/** The largest piece of ink either page has in the box where the other has none (`largestLonePiece`). */
function lonePiece(
  original: InkMasks,
  copy: InkMasks,
  compared: Uint8Array | null,
  box: Box,
  shift: [number, number],
): number {
  return Math.max(
    largestLonePiece(original, copy, compared, box, shift, 1),
    largestLonePiece(original, copy, compared, box, shift, -1),
  );
}

/**
 * The size of the largest 8-connected piece of one page's ink in a box, with the copy shifted by
 * `shift`, whose every pixel lies off the other page's ink and its faint tolerance: `from` 1 for the
 * copy's ink the original lacks, -1 for the original's the copy lacks. A stroke a forger added or took
 * away is one such piece; specks of noise or a faint pattern tipped over or under the threshold
 * are scattered or fall on the other page's faint tolerance.
 */
function largestLonePiece(
  original: InkMasks,
  copy: InkMasks,
  compared: Uint8Array | null,
  box: Box,
  [dx, dy]: [number, number],
  from: 1 | -1,
): number {
  const { width, height } = original;
  const left = Math.max(box.x, -dx, 0);
  const right = Math.min(box.x + box.width, width - dx, width);
  const top = Math.max(box.y, -dy, 0);
  const bottom = Math.min(box.y + box.height, height - dy, height);
  const boxWidth = right - left;
  if (boxWidth <= 0 || bottom <= top) return 0;
  const shiftBy = dy * width + dx;
  // 1 where the piece's page has ink and the other page nothing within its tolerance.
  const lone = new Uint8Array(boxWidth * (bottom - top));
  for (let y = top; y < bottom; y++)
    for (let x = left, p = y * width + left; x < right; x++, p++) {
      if (compared && !compared[p]) continue;
      const s = p + shiftBy;
      lone[(y - top) * boxWidth + (x - left)] =
        from === 1 ? copy.ink[s]! & (1 - original.near[p]!) : original.ink[p]! & (1 - copy.near[s]!);
    }
  const queue = new Int32Array(lone.length);
  let largest = 0;
  for (let start = 0; start < lone.length; start++) {
    if (!lone[start]) continue;
    lone[start] = 0;
    queue[0] = start;
    let size = 1;
    for (let next = 0; next < size; next++) {
      const at = queue[next]!;
      const x = at % boxWidth;
      for (let ny = -1; ny <= 1; ny++)
        for (let nx = -1; nx <= 1; nx++) {
          const neighbour = at + ny * boxWidth + nx;
          if (x + nx < 0 || x + nx >= boxWidth || neighbour < 0 || neighbour >= lone.length) continue;
          if (!lone[neighbour]) continue;
          lone[neighbour] = 0;
          queue[size++] = neighbour;
        }
    }
    if (size > largest) largest = size;
  }
  return largest;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Marks of one page that the other does not show at all inside a box (a text line): whole connected
 * pieces of ink, not edges. An accent taken off a capital (TOMÁS -> TOMAS) or a decimal point
 * removed moves too few pixels to stand out from a scan's noise in a tile's score, and OCR often
 * reads both the same; but the piece is simply gone. A piece counts as shown when, at some shift
 * within the tiles' search, at least half of it falls on the other page's ink or its tolerance.
 * `box` is where pieces are looked for (the line with a margin); `lineHeight` the line's own height;
 * `leastPiece` the fewest pixels a piece may have whatever the height (a copy's noise).
 */
export function unmatchedMarks(
  original: InkMasks,
  copy: InkMasks,
  box: Box,
  lineHeight = box.height,
  leastPiece = 4,
): Box[] {
  // Sized by the line's own height, not the margin searched around it: measured on the padded box,
  // a capital's acute accent (24 px at 38 px) was under the least piece (29 px), and LÉA -> LEA in a
  // clean JPEG was accepted (full corpus, shard 2, f-name-letter-digital-0011).
  const minArea = Math.max(leastPiece, Math.round((lineHeight * 0.1) ** 2));
  return [...piecesWithout(original, copy, box, minArea), ...piecesWithout(copy, original, box, minArea)];
}

function piecesWithout(from: InkMasks, other: InkMasks, box: Box, minArea: number): Box[] {
  const { width, height } = from;
  const fromInk = from.ink;
  const otherNear = other.near;
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(width, box.x + box.width);
  const bottom = Math.min(height, box.y + box.height);
  const boxWidth = right - left;
  if (boxWidth <= 0 || bottom <= top) return [];
  const seen = new Uint8Array(boxWidth * (bottom - top));
  const missing: Box[] = [];
  // One piece's pixels in flood order, typed and reused (each pixel enters once, so the box's area
  // bounds them): pairs pushed into arrays, and each pixel's neighbours as arrays, were most of this
  // function's time.
  const pieceX = new Int32Array(seen.length);
  const pieceY = new Int32Array(seen.length);
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const start = (y - top) * boxWidth + (x - left);
      if (seen[start] || !fromInk[y * width + x]) continue;
      // Flood fill (4-connected) within the box: the piece's pixels double as the queue to visit.
      seen[start] = 1;
      pieceX[0] = x;
      pieceY[0] = y;
      let size = 1;
      let touchesEdge = false;
      let minX = x;
      let maxX = x;
      let minY = y;
      let maxY = y;
      const add = (nx: number, ny: number, local: number) => {
        if (seen[local] || !fromInk[ny * width + nx]) return;
        seen[local] = 1;
        pieceX[size] = nx;
        pieceY[size] = ny;
        size++;
      };
      for (let next = 0; next < size; next++) {
        const px = pieceX[next]!;
        const py = pieceY[next]!;
        if (px === left || py === top || px === right - 1 || py === bottom - 1) touchesEdge = true;
        if (px < minX) minX = px;
        if (px > maxX) maxX = px;
        if (py < minY) minY = py;
        if (py > maxY) maxY = py;
        const local = (py - top) * boxWidth + (px - left);
        if (px + 1 < right) add(px + 1, py, local + 1);
        if (px - 1 >= left) add(px - 1, py, local - 1);
        if (py + 1 < bottom) add(px, py + 1, local + boxWidth);
        if (py - 1 >= top) add(px, py - 1, local - boxWidth);
      }
      // Pieces cut by the box's edge belong to ink outside the line: not judged here.
      if (size < minArea || touchesEdge) continue;
      let bestCovered = 0;
      for (const [dx, dy] of SHIFTS) {
        let covered = 0;
        for (let index = 0; index < size; index++) {
          const sx = pieceX[index]! + dx;
          const sy = pieceY[index]! + dy;
          if (sx >= 0 && sy >= 0 && sx < width && sy < height && otherNear[sy * width + sx]) covered++;
        }
        if (covered > bestCovered) bestCovered = covered;
        if (bestCovered * 2 >= size) break;
      }
      if (bestCovered * 2 >= size) continue;
      missing.push({ x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 });
    }
  }
  return missing;
}

/** Band along the page's edge left out of the comparison, in pixels. */
export const EDGE_BAND = SHIFT + 1;

/**
 * Ink masks without the outermost EDGE_BAND pixels of the page: a border drawn around a copy's
 * added margin, or a crop's cut, lands on the page's very edge after the warp (a margin copy with
 * a drawn border scored 1.0 in a corner tile), and a certificate prints nothing there.
 */
export function withoutEdge(masks: InkMasks): InkMasks {
  const { width, height } = masks;
  const ink = new Uint8Array(masks.ink);
  const near = new Uint8Array(masks.near);
  clearBorder(ink, width, height, EDGE_BAND);
  clearBorder(near, width, height, EDGE_BAND);
  return { width, height, ink, near };
}

/** Zeroes the outermost `band` pixels of a page-sized mask (in place): rows whole, then row ends. */
function clearBorder(mask: Uint8Array, width: number, height: number, band: number): void {
  const rows = Math.min(band, height);
  mask.fill(0, 0, rows * width);
  mask.fill(0, Math.max(0, height - band) * width);
  const columns = Math.min(band, width);
  for (let y = rows; y < height - band; y++) {
    mask.fill(0, y * width, y * width + columns);
    mask.fill(0, (y + 1) * width - columns, (y + 1) * width);
  }
}

/**
 * The page with its outermost EDGE_BAND pixels replaced by the nearest pixel inside: a sliver of a
 * copy's margin that the warp brings in (alignment is good to a pixel or two) would otherwise make
 * the edge of a dark band at the page's border look like ink up to half a threshold block inward.
 */
export function replicateEdge(page: GrayRaster): GrayRaster {
  const { width, height } = page;
  if (width <= 2 * EDGE_BAND || height <= 2 * EDGE_BAND) return page;
  const data = new Uint8Array(page.data);
  const clamp = (value: number, high: number) => Math.min(high - 1 - EDGE_BAND, Math.max(EDGE_BAND, value));
  for (let y = 0; y < height; y++) {
    const band = y < EDGE_BAND || y >= height - EDGE_BAND;
    // Inside the band rows every pixel is replaced; elsewhere only the row's two ends.
    for (let x = 0; x < width; x = band || x !== EDGE_BAND - 1 ? x + 1 : width - EDGE_BAND) {
      data[y * width + x] = page.data[clamp(y, height) * width + clamp(x, width)]!;
    }
  }
  return { width, height, data };
}

/**
 * The copy's ink without what lies within `band` pixels of the page's edge (its tolerance stays, so
 * the original's ink there is still looked for). A photo's or scan's page edge is placed to within
 * the alignment's residual, a few pixels at a corner, so a strip of what lies beyond the page (a
 * desk, a viewer's grey) is warped onto the border, and the adaptive threshold makes ink of its step
 * up to its reach inward: something the copy shows instead of the page, not a mark on it
 * (`g-photo-0005`'s desk along a corner scored 0.6). The original's ink there is still compared.
 */
export function withoutInkAtEdge(masks: InkMasks, band: number): InkMasks {
  const { width, height } = masks;
  const ink = new Uint8Array(masks.ink);
  clearBorder(ink, width, height, band);
  return { width, height, ink, near: masks.near };
}

/** Ink masks with nothing where `zone` is 1 (a dark area's outline, see ink.ts outlineBand). */
export function withoutZone(masks: InkMasks, zone: Uint8Array): InkMasks {
  if (!zone.includes(1)) return masks;
  const ink = new Uint8Array(masks.ink);
  const near = new Uint8Array(masks.near);
  for (let index = 0; index < zone.length; index++) {
    if (zone[index]) {
      ink[index] = 0;
      near[index] = 0;
    }
  }
  return { width: masks.width, height: masks.height, ink, near };
}

/**
 * Where the copy's ink can be judged: what it shows, less a band along its cut as wide as the
 * adaptive threshold's reach plus the shift search. Past its edge the warp replicates the copy's last
 * pixels, and ink thresholded within reach of them is made of a strip the copy does not show: that
 * strip is "not visible", never "different" (a lossless PNG trimmed by 2 px a side was once answered
 * altered at its trimmed edge). Null when the copy covers the whole page.
 */
export function comparedArea(visible: GrayRaster, reach: number): Uint8Array | null {
  if (!visible.data.includes(0)) return null;
  // Eroded by a square, the window clipped at the page's border: the border itself is no cut.
  return squareFilter(visible.data, visible.width, visible.height, reach, false);
}

/**
 * The copy's ink without what lighting made where the original is blank: in a tile the original
 * leaves without ink, copy ink with no stroke structure (a smooth gradient, one straight light or
 * shadow edge; see ink.ts clearShallowInk) is not a mark. A photo's shadow edge across a blank
 * corner was ink over whole tiles. Anything with the depth of a stroke (a dash, a letter) stays.
 */
function withoutLighting(copyPage: GrayRaster, copy: InkMasks, original: InkMasks): InkMasks {
  const { width, height } = copy;
  const size = tileSizeFor(width, height);
  const minInk = Math.round(size * size * 0.01);
  let ink: Uint8Array | null = null;
  const originalMask = original.ink;
  const copyMask = copy.ink;
  for (let top = 0; top < height; top += size) {
    for (let left = 0; left < width; left += size) {
      const box = {
        x: left,
        y: top,
        width: Math.min(size, width - left),
        height: Math.min(size, height - top),
      };
      let originalInk = 0;
      let copyInk = 0;
      for (let y = box.y; y < box.y + box.height; y++) {
        for (let p = y * width + box.x, end = p + box.width; p < end; p++) {
          originalInk += originalMask[p]!;
          copyInk += copyMask[p]!;
        }
      }
      // Only where the tile is compared at all (compareTiles skips tiles with less ink than this).
      if (originalInk >= minInk || originalInk + copyInk < minInk) continue;
      ink ??= new Uint8Array(copy.ink);
      clearShallowInk(copyPage, ink, box);
    }
  }
  return ink ? { width, height, ink, near: copy.near } : copy;
}

function outsideZone(area: Uint8Array | null, zone: Uint8Array): Uint8Array {
  const compared = new Uint8Array(zone.length);
  for (let index = 0; index < zone.length; index++)
    compared[index] = !zone[index] && (!area || area[index]) ? 1 : 0;
  return compared;
}

export interface PageComparison {
  /** Both pages with light-on-dark text turned dark on light (what OCR reads in a comparison). */
  originalPage: GrayRaster;
  copyPage: GrayRaster;
  originalInk: InkMasks;
  copyInk: InkMasks;
  tiles: TileScore[];
  /** The original's dark grounds (ink.ts `darkAreas`, 1 inside), where both pages were turned. */
  darkGround: Uint8Array;
  /** Where ink was judged at all (null: everywhere), as `compareTiles` took it. */
  compared: Uint8Array | null;
}

/**
 * The original and the copy warped onto it, compared over the whole page. Light text on a dark
 * ground is turned dark on light in both pages where the original has such a ground: its glyphs,
 * not the ground around them, are then the ink (a white 8 -> 0 on a dark band changed under 2 % of
 * a tile's ink when the band was the ink), and the outline of that ground is left out.
 */
export async function comparePages(
  original: GrayRaster,
  copy: GrayRaster,
  visible: GrayRaster,
): Promise<PageComparison> {
  const dark = await darkAreas(original);
  const originalPage = invertWhere(original, dark);
  const copyPage = invertWhere(copy, dark);
  const reach = inkReach(original) + EDGE_BAND;
  const outline = await outlineBand(dark, reach);
  const originalInk = withoutZone(withoutEdge(await inkMasks(replicateEdge(originalPage))), outline);
  const copyEdged = replicateEdge(copyPage);
  const copyInk = withoutZone(withoutInkAtEdge(withoutEdge(await inkMasks(copyEdged)), reach), outline);
  // The outline band is left out where the original has it, whatever the shift: copy ink a tile's
  // shift brings into it is the other side of the same outline, not a mark.
  const shown = comparedArea(visible, reach);
  const compared = outline.includes(1) ? outsideZone(shown, outline) : shown;
  const copyMarks = withoutLighting(copyEdged, copyInk, originalInk);
  const tiles = compareTiles(originalInk, copyMarks, visible, compared);
  if (outline.includes(1)) markLeftOut(tiles, outline, original.width, original.height, reach);
  const measured = tiles.filter(
    (tile) => !tile.hidden && (tile.score >= STRUCTURE_FROM || judgedByTones(tile)),
  );
  if (measured.length) {
    // Raw tones, not the polarity-turned pages: correlation does not care which way ink runs, and
    // the edge of a turned area a few pixels off in a photo made a logo's tile anti-correlate.
    const [originalSmooth, copySmooth] = await smoothedAround(
      [original, copy],
      measured.map((tile) => tile.box),
    );
    for (const tile of measured) {
      // A tile the ink left unscored has no shift of its own: its tones are laid over at the best one.
      tile.likeness =
        tile.score >= STRUCTURE_FROM
          ? structureLikeness(originalSmooth!, copySmooth!, tile.box, tile.shift ?? [0, 0])
          : Math.max(
              ...SHIFTS.map((shift) =>
                structureLikeness(originalSmooth!, copySmooth!, tile.box, shift, true),
              ),
            );
    }
  }
  for (const tile of tiles)
    if (!tile.hidden && tile.score >= DEPTH_FROM)
      tile.inkDepth = inkDepth(originalPage, originalInk, tile.box);
  return { originalPage, copyPage, originalInk, copyInk: copyMarks, tiles, darkGround: dark.mask, compared };
}

/**
 * Scores again, at the shift each was scored at, the tiles that touch `zone` (1 inside), with the zone
 * left out of the comparison as the outline band is (in place). For ink the original marks as no
 * content (unread.ts `tableRules`): the rest of the tile is judged as before.
 */
export function rescoreWithout(comparison: PageComparison, zone: Uint8Array): void {
  const { originalInk, copyInk, tiles } = comparison;
  const compared = outsideZone(comparison.compared, zone);
  for (const tile of tiles) {
    if (tile.hidden || !tile.shift || tile.score === 0 || !touchesZone(zone, originalInk.width, tile.box))
      continue;
    tile.score = windowedScore(originalInk, copyInk, compared, tile.box, tile.shift);
    tile.lonePiece =
      tile.score >= STRUCTURE_FROM
        ? lonePiece(originalInk, copyInk, compared, tile.box, tile.shift)
        : undefined;
  }
}

function touchesZone(zone: Uint8Array, width: number, box: Box): boolean {
  for (let y = box.y; y < box.y + box.height; y++)
    for (let p = y * width + box.x; p < y * width + box.x + box.width; p++) if (zone[p]) return true;
  return false;
}

/** Tiles from this score on get their ink's depth measured (`inkDepth`): where graphics are flagged. */
const DEPTH_FROM = 0.3;

/**
 * The median depth of the page's ink under the tile's paper (its brightest tenth): a seal's, a
 * signature's or a glyph's strokes lie a hundred grey levels and more under the paper, a faint printed
 * pattern's dots or a light table rule shrunk to a screenshot's scale a few dozen.
 */
export function inkDepth(page: GrayRaster, ink: InkMasks, box: Box): number {
  const tones: number[] = [];
  const inked: number[] = [];
  for (let y = box.y; y < box.y + box.height; y++)
    for (let p = y * page.width + box.x; p < y * page.width + box.x + box.width; p++) {
      tones.push(page.data[p]!);
      if (ink.ink[p]) inked.push(page.data[p]!);
    }
  if (!inked.length) return 0;
  tones.sort((a, b) => a - b);
  inked.sort((a, b) => a - b);
  return tones[Math.floor(tones.length * 0.9)]! - inked[Math.floor(inked.length / 2)]!;
}

/**
 * The share of a tile in a dark area's outline band from which its tones are measured whatever its
 * ink scored. The band (ink.ts outlineBand) is as wide as the adaptive threshold's reach on either
 * side of the outline, a constant share of the page, so a page compared small (a viewer's page at
 * 52 %, compared at 1/1.35) leaves a dark graphic (a seal) inside it whole: a seal swapped for
 * another scored 0 on every tile, with 0-27 px of ink left to compare, and the copy was accepted.
 */
export const LEFT_OUT_MEASURED = 0.25;

/** Whether the ink comparison left out enough of the tile that its tones judge it. */
export function judgedByTones(tile: TileScore): boolean {
  return (tile.leftOut ?? 0) >= LEFT_OUT_MEASURED;
}

/**
 * Sets each visible tile's `leftOut`: its share of the outline band `zone` (in place). Not for tiles
 * within `margin` of the page's edge: a photo places the page's edge to within a few pixels, and a dark
 * band along it met the desk beyond (`g-photo-0005`'s bottom band was unlike in tone and _unknown_).
 */
function markLeftOut(
  tiles: TileScore[],
  zone: Uint8Array,
  width: number,
  height: number,
  margin: number,
): void {
  for (const tile of tiles) {
    if (tile.hidden) continue;
    const { x, y, width: w, height: h } = tile.box;
    if (x < margin || y < margin || x + w > width - margin || y + h > height - margin) continue;
    let inZone = 0;
    for (let row = y; row < y + h; row++)
      for (let p = row * width + x; p < row * width + x + w; p++) inZone += zone[p]!;
    if (inZone > 0) tile.leftOut = inZone / (w * h);
  }
}

/** Tiles from this score on get their structure measured (below it the ink agrees). */
export const STRUCTURE_FROM = 0.05;
/** Gaussian sigma (px) both pages are smoothed with first: a copy's blur and noise are fine detail. */
const STRUCTURE_SIGMA = 1.5;

/** The Gaussian's reach in pixels (OpenCV takes 3 sigma on 8-bit pages; 4 leaves room). */
const STRUCTURE_MARGIN = Math.ceil(4 * STRUCTURE_SIGMA);

/**
 * The pages smoothed where `boxes` (and their shift) lie, zero elsewhere. Each box is blurred on a cut
 * wide enough that its pixels come out as from the whole page's blur, so only the few tiles measured
 * cost a blur: both whole pages took about a tenth of a forgery's CPU. Many boxes blur whole pages.
 */
async function smoothedAround(pages: GrayRaster[], boxes: Box[]): Promise<GrayRaster[]> {
  const { width, height } = pages[0]!;
  const grow = 2 * (SHIFT + STRUCTURE_MARGIN);
  const cutArea = boxes.reduce((sum, box) => sum + (box.width + grow) * (box.height + grow), 0);
  const cv = await openCv();
  return withMats((keep) => {
    const blur = (raster: GrayRaster) => {
      const source = keep(matFromRaster(cv, raster));
      const blurred = keep(new cv.Mat());
      cv.GaussianBlur(source, blurred, new cv.Size(0, 0), STRUCTURE_SIGMA);
      return blurred.data as Uint8Array;
    };
    if (cutArea >= width * height)
      return pages.map((page) => ({ width, height, data: new Uint8Array(blur(page)) }));
    return pages.map((page) => {
      const data = new Uint8Array(width * height);
      for (const box of boxes) {
        // What structureLikeness reads: the box and its shift; the cut adds the blur's reach.
        const left = Math.max(0, box.x - SHIFT);
        const top = Math.max(0, box.y - SHIFT);
        const right = Math.min(width, box.x + box.width + SHIFT);
        const bottom = Math.min(height, box.y + box.height + SHIFT);
        const cutLeft = Math.max(0, left - STRUCTURE_MARGIN);
        const cutTop = Math.max(0, top - STRUCTURE_MARGIN);
        const cutWidth = Math.min(width, right + STRUCTURE_MARGIN) - cutLeft;
        const cutHeight = Math.min(height, bottom + STRUCTURE_MARGIN) - cutTop;
        const cut = new Uint8Array(cutWidth * cutHeight);
        for (let y = 0; y < cutHeight; y++)
          cut.set(
            page.data.subarray((cutTop + y) * width + cutLeft, (cutTop + y) * width + cutLeft + cutWidth),
            y * cutWidth,
          );
        const blurred = blur({ width: cutWidth, height: cutHeight, data: cut });
        for (let y = top; y < bottom; y++) {
          const from = (y - cutTop) * cutWidth + (left - cutLeft);
          data.set(blurred.subarray(from, from + right - left), y * width + left);
        }
      }
      return { width, height, data };
    });
  });
}

/**
 * The lowest normalised cross-correlation of the two pages' tones over the tile's four quarter
 * windows, the copy shifted by `shift`: a graphic swapped for another of about the same ink (a seal
 * with its star and ring of letters) or a letter turned into another in a script font keeps much of
 * its ink within the comparison's tolerance, but its tones no longer vary together. Light, contrast
 * and blur leave them correlated. Windows without tone of their own in either page are skipped.
 */
export function structureLikeness(
  original: GrayRaster,
  copy: GrayRaster,
  box: Box,
  [dx, dy]: [number, number],
  oneSided = false,
): number {
  let worst = 1;
  for (const window of quarterWindows(box)) {
    let n = 0;
    let sa = 0;
    let sb = 0;
    let saa = 0;
    let sbb = 0;
    let sab = 0;
    for (let y = window.y; y < window.y + window.height; y++) {
      const sy = y + dy;
      if (sy < 0 || sy >= copy.height) continue;
      for (let x = window.x; x < window.x + window.width; x++) {
        const sx = x + dx;
        if (sx < 0 || sx >= copy.width) continue;
        const a = original.data[y * original.width + x]!;
        const b = copy.data[sy * copy.width + sx]!;
        n++;
        sa += a;
        sb += b;
        saa += a * a;
        sbb += b * b;
        sab += a * b;
      }
    }
    if (n === 0) continue;
    const va = saa / n - (sa / n) ** 2;
    const vb = sbb / n - (sb / n) ** 2;
    if (va < MIN_TONE_VARIANCE || vb < MIN_TONE_VARIANCE) {
      // Where no ink was compared, a window flat on one page and strongly toned on the other is
      // unlike: the ink would have said so (a seal's ribbon on one page, blank paper on the other).
      if (oneSided && Math.max(va, vb) >= ONE_SIDED_TONE_VARIANCE) return 0;
      continue;
    }
    const ncc = (sab / n - (sa / n) * (sb / n)) / Math.sqrt(va * vb);
    if (ncc < worst) worst = ncc;
  }
  return worst;
}

/** Tone variance (grey levels squared) below which a window is flat: its correlation is noise. */
const MIN_TONE_VARIANCE = 100;
/**
 * Tone variance of a window (30 grey levels' deviation) that blur and light do not flatten to under
 * MIN_TONE_VARIANCE in a copy: its counterpart flat is another picture.
 */
const ONE_SIDED_TONE_VARIANCE = 900;
