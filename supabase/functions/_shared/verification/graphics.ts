/**
 * What kind of graphic a differing region is, from the shape of the ink that differs there: a
 * compact roundish mark (seal or stamp), a wide thin stroke (signature), a filled rectangle (photo).
 * Shapes, not positions or wording, so it holds on templates never seen.
 */
import type { CertificateField } from '../api-contract.ts';
import type { GrayRaster } from '../documents/raster.ts';
import type { Box } from '../ocr/protocol.ts';
import type { InkMasks } from './ink.ts';

export type GraphicField = Extract<CertificateField, 'seal' | 'signature' | 'photo' | 'logo'>;

/** Fewer differing pixels than this and the shape is noise, not a mark. */
const MIN_PIXELS = 40;
/** Share of pixels left out at each end of the extent, so stray noise does not stretch it. */
const TRIM = 0.02;
/** The ellipse is grown this much: trimming the extent cuts into a ring's own outer edge. */
const ELLIPSE_GROWTH = 1.08;

export interface InkShape {
  /** Extent of the differing ink, in page pixels. */
  width: number;
  height: number;
  /** Width over height of the differing ink's extent. */
  aspect: number;
  /** Share of that extent the ink covers. */
  fill: number;
  /**
   * Share of the ink outside the ellipse inscribed in the extent, grown by ELLIPSE_GROWTH (about 0.13
   * for an evenly filled rectangle, more for its outline, near 0 for a ring).
   */
  corners: number;
  /**
   * Whether ink reaches every corner of the extent (a square a tenth of its shorter side), as a
   * rectangle's (filled, grained or framed) does and a disc's or a ring's does not, however serrated
   * or ribboned: a disc's nearest ink lies 0.4 of its radius from the corner.
   */
  cornered: boolean;
}

/** Side of the corner squares that must hold ink, as a share of the extent's shorter side. */
const CORNER_SQUARE = 0.1;
/** Least ink in the corner squares, as a share of what the extent's ink spread evenly puts there. */
const CORNER_SHARE = 0.25;
/** Least ink in each corner square, in pixels: one stray pixel is noise, not a corner. */
const CORNER_LEAST = 2;

/**
 * Calls `each` for every pixel of `box` where one page has ink the other's tolerance mask lacks, with
 * which page has it (`inCopy`).
 */
function eachDifferingPixel(
  original: InkMasks,
  copy: InkMasks,
  box: Box,
  each: (x: number, y: number, inCopy: boolean) => void,
): void {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(original.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(original.height, Math.ceil(box.y + box.height));
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const at = y * original.width + x;
      if (original.ink[at] && !copy.near[at]) each(x, y, false);
      else if (copy.ink[at] && !original.near[at]) each(x, y, true);
    }
  }
}

/**
 * The shape of the ink one page has and the other lacks inside `box` (each page's ink against the
 * other's tolerance mask); null when there is too little of it.
 */
export function differingInkShape(original: InkMasks, copy: InkMasks, box: Box): InkShape | null {
  const xs: number[] = [];
  const ys: number[] = [];
  eachDifferingPixel(original, copy, box, (x, y) => {
    xs.push(x);
    ys.push(y);
  });
  return shapeOf(xs, ys);
}

/** How many times the ink only the copy has must outweigh the ink only the original has to be added. */
const ADDED_OVER_LOST = 3;

/**
 * The shape of the ink the copy added inside `box` (ink only the copy has, ADDED_OVER_LOST times what
 * only the original has there); null when the ink that differs is lost or moved ink, or too little.
 */
export function addedInkShape(original: InkMasks, copy: InkMasks, box: Box): InkShape | null {
  const xs: number[] = [];
  const ys: number[] = [];
  let lost = 0;
  eachDifferingPixel(original, copy, box, (x, y, inCopy) => {
    if (!inCopy) {
      lost++;
      return;
    }
    xs.push(x);
    ys.push(y);
  });
  return xs.length >= ADDED_OVER_LOST * lost ? shapeOf(xs, ys) : null;
}

/** The shape of a set of ink pixels; null when there are too few to have one. */
function shapeOf(xs: number[], ys: number[]): InkShape | null {
  if (xs.length < MIN_PIXELS) return null;
  const extent = (values: number[]): [number, number] => {
    const sorted = [...values].sort((a, b) => a - b);
    const cutAt = Math.floor(sorted.length * TRIM);
    return [sorted[cutAt]!, sorted[sorted.length - 1 - cutAt]!];
  };
  const [x0, x1] = extent(xs);
  const [y0, y1] = extent(ys);
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  let inside = 0;
  let outside = 0;
  const square = Math.max(1, Math.round(CORNER_SQUARE * Math.min(width, height)));
  const cornerInk = [0, 0, 0, 0];
  xs.forEach((x, index) => {
    const y = ys[index]!;
    if (x < x0 || x > x1 || y < y0 || y > y1) return;
    inside++;
    const column = x < x0 + square ? 0 : x > x1 - square ? 1 : -1;
    const row = y < y0 + square ? 0 : y > y1 - square ? 2 : -1;
    if (column >= 0 && row >= 0) cornerInk[column + row]!++;
    if (((x - cx) / (width / 2)) ** 2 + ((y - cy) / (height / 2)) ** 2 > ELLIPSE_GROWTH ** 2) outside++;
  });
  const fill = inside / (width * height);
  // The corner squares hold a share of what the extent's ink spread evenly would put in them, and
  // each of them some (a frame's strokes or a photo's grain do; a disc's serrated edge does not
  // reach them, and ribbons below it reach the lower two at most).
  const evenShare = fill * square * square;
  const cornered =
    cornerInk.every((count) => count >= CORNER_LEAST) &&
    cornerInk.reduce((sum, count) => sum + count, 0) >= 4 * CORNER_SHARE * evenShare;
  return {
    width,
    height,
    aspect: width / height,
    fill,
    corners: inside ? outside / inside : 0,
    cornered,
  };
}

/** Cell side, in pixels, of the grid an ink object is traced on; strokes this near are one object. */
const CELL = 4;
const JOIN_CELLS = 2;

/**
 * The shape of the whole mark a flagged box lies on (a blurred copy flags one tile of a swapped seal,
 * and one tile has no shape): the ink of both pages around the box, traced on a coarse grid with
 * strokes up to JOIN_CELLS cells apart joined, from the cells inside the box outwards, within
 * `reach` pixels of it. Null when there is no ink, or when the object reaches the edge of that area
 * (it is part of something larger, such as text or a frame).
 */
export function inkObjectShape(original: InkMasks, copy: InkMasks, box: Box, reach: number): InkShape | null {
  return objectShape(
    original.width,
    original.height,
    (at) => !!(original.ink[at] || copy.ink[at]),
    box,
    reach,
  );
}

/** Least drop below the paper's tone, in gray levels, of a filled mark's body (a seal's red or gold). */
const TONE_DROP = 60;
/** Share of the traced area lighter than the level taken as its paper: a mark covers less than this. */
const PAPER_SHARE = 0.1;
/**
 * Most difference, in gray levels, from the tone of the mark in the box: a seal printed over a
 * portrait's darker disc (a badge's green 84 against navy 40) is traced apart from it.
 */
const TONE_MATCH = 25;

/**
 * The whole mark a box lies on, traced on the pages' tones rather than their ink: the ink threshold
 * finds the edges of a filled mark (a seal's disc, its ribbons), not its body, so a tile across a
 * filled seal's lettered band traces the band alone, as wide and thin as a signature. On each page,
 * the pixels well darker than the paper around them and of about the tone such pixels have in the
 * box, traced as inkObjectShape traces ink.
 */
export function tonedObjectShape(
  original: GrayRaster,
  copy: GrayRaster,
  box: Box,
  reach: number,
): InkShape | null {
  const area = {
    left: Math.max(0, Math.floor(box.x - reach)),
    top: Math.max(0, Math.floor(box.y - reach)),
    right: Math.min(original.width, Math.ceil(box.x + box.width + reach)),
    bottom: Math.min(original.height, Math.ceil(box.y + box.height + reach)),
  };
  const inBox = {
    left: Math.max(area.left, Math.floor(box.x)),
    top: Math.max(area.top, Math.floor(box.y)),
    right: Math.min(area.right, Math.ceil(box.x + box.width)),
    bottom: Math.min(area.bottom, Math.ceil(box.y + box.height)),
  };
  const markOf = (page: GrayRaster): ((at: number) => boolean) => {
    const dark = (levelWithLighter(page, area, PAPER_SHARE) ?? 255) - TONE_DROP;
    const tone = levelWithLighter(page, inBox, 0.5, dark);
    if (tone === null) return () => false;
    return (at) => page.data[at]! < dark && Math.abs(page.data[at]! - tone) <= TONE_MATCH;
  };
  const originalMark = markOf(original);
  const copyMark = markOf(copy);
  const traced = (marked: (at: number) => boolean) =>
    objectShape(original.width, original.height, marked, box, reach);
  // Both pages' mark together, else the one that stands apart on its own page: a swapped seal's tone
  // on one page can be that of a portrait it meets (a gold seal against a face).
  return traced((at) => originalMark(at) || copyMark(at)) ?? traced(originalMark) ?? traced(copyMark);
}

/**
 * The level that `share` of an area's pixels below `under` are lighter than (the paper's tone for a
 * small share, the median for a half); null when no pixel is below `under`.
 */
function levelWithLighter(
  page: GrayRaster,
  area: { left: number; top: number; right: number; bottom: number },
  share: number,
  under = 256,
): number | null {
  const counts = new Array<number>(256).fill(0);
  let total = 0;
  for (let y = area.top; y < area.bottom; y++)
    for (let x = area.left; x < area.right; x++) {
      const level = page.data[y * page.width + x]!;
      if (level >= under) continue;
      counts[level]!++;
      total++;
    }
  if (total === 0) return null;
  let lighter = 0;
  for (let level = 255; level > 0; level--) {
    lighter += counts[level]!;
    if (lighter >= share * total) return level;
  }
  return 0;
}

/** The object of marked pixels traced from a box outwards (see inkObjectShape). */
function objectShape(
  width: number,
  height: number,
  marked: (at: number) => boolean,
  box: Box,
  reach: number,
): InkShape | null {
  const left = Math.max(0, Math.floor(box.x - reach));
  const top = Math.max(0, Math.floor(box.y - reach));
  const right = Math.min(width, Math.ceil(box.x + box.width + reach));
  const bottom = Math.min(height, Math.ceil(box.y + box.height + reach));
  const columns = Math.ceil((right - left) / CELL);
  const rows = Math.ceil((bottom - top) / CELL);
  const inked = new Uint8Array(columns * rows);
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++)
      if (marked(y * width + x))
        inked[Math.floor((y - top) / CELL) * columns + Math.floor((x - left) / CELL)] = 1;
  const seen = new Uint8Array(columns * rows);
  const queue: number[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      const x = left + column * CELL;
      const y = top + row * CELL;
      const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      if (inside && inked[row * columns + column]) {
        seen[row * columns + column] = 1;
        queue.push(row * columns + column);
      }
    }
  if (queue.length === 0) return null;
  let touchesEdge = false;
  for (let next = 0; next < queue.length; next++) {
    const row = Math.floor(queue[next]! / columns);
    const column = queue[next]! % columns;
    if (row === 0 || column === 0 || row === rows - 1 || column === columns - 1) touchesEdge = true;
    for (let dy = -JOIN_CELLS; dy <= JOIN_CELLS; dy++)
      for (let dx = -JOIN_CELLS; dx <= JOIN_CELLS; dx++) {
        const r = row + dy;
        const c = column + dx;
        if (r < 0 || c < 0 || r >= rows || c >= columns) continue;
        const cell = r * columns + c;
        if (inked[cell] && !seen[cell]) {
          seen[cell] = 1;
          queue.push(cell);
        }
      }
  }
  if (touchesEdge) return null;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++)
      if (
        marked(y * width + x) &&
        seen[Math.floor((y - top) / CELL) * columns + Math.floor((x - left) / CELL)]
      ) {
        xs.push(x);
        ys.push(y);
      }
  return shapeOf(xs, ys);
}

/**
 * Seal: about as wide as high, its ink inside the inscribed ellipse and not reaching the corners.
 * Photo: about as wide as high, its ink reaching every corner. Signature: at least twice as wide as high and thin. Anything
 * else is left unnamed rather than guessed. Each is larger than a line of the page's text (`textHeight`, its
 * lines' median height): a changed glyph or two is about as wide as high too.
 */
export function graphicKind(shape: InkShape, textHeight: number): GraphicField | null {
  if (shape.height < 1.5 * textHeight) return null;
  if (shape.aspect >= 2 && shape.fill < 0.3 && shape.width >= 4 * textHeight) return 'signature';
  if (shape.height < 2.5 * textHeight) return null;
  const squarish = shape.aspect >= 0.6 && shape.aspect <= 1.6;
  if (squarish && shape.cornered && shape.fill >= 0.04) return 'photo';
  if (squarish && !shape.cornered && shape.corners < 0.12) return 'seal';
  return null;
}

/** Words printed next to a graphic that say what it is ("Signature", "Seal of the issuer"). */
const GRAPHIC_WORDS: [GraphicField, RegExp][] = [
  ['signature', /\b(signature|signed|signatory)\b/i],
  ['seal', /\b(seal|stamp)\b/i],
  ['photo', /\b(photo|photograph)\b/i],
  ['logo', /\blogo\b/i],
];

/** The graphic a nearby label names, if one does. */
export function graphicNamedBy(text: string): GraphicField | null {
  return GRAPHIC_WORDS.find(([, words]) => words.test(text))?.[0] ?? null;
}

/** Least difference in gray levels between the pages for a pixel to show a mark swapped for another. */
const RETONED = 40;

/**
 * The whole mark a box lies on, traced on the pixels whose tone differs between the pages: a seal
 * swapped for one of another colour differs over its whole body, while a portrait's disc it meets
 * is the same on both pages (a badge's green seal under a navy disc, swapped for a gold one, traced
 * with the disc by its ink and its tones). Null where the pages differ all over (a photo's light).
 */
export function retonedObjectShape(
  original: GrayRaster,
  copy: GrayRaster,
  box: Box,
  reach: number,
): InkShape | null {
  return objectShape(
    original.width,
    original.height,
    (at) => Math.abs(original.data[at]! - copy.data[at]!) >= RETONED,
    box,
    reach,
  );
}
