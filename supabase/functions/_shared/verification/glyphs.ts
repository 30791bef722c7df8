/**
 * Glyph shapes of a short cell compared where OCR reads nothing: a grade's sign or letter at 9-12 px
 * in a screenshot ("A+" -> "A-", "B" -> "C") is read on neither page, yet its strokes are there. The
 * two cells are cut alike from pages laid over each other (verify.ts), so each page's ink is split
 * from its own ground and laid over the other's after a small shift: a stroke one page has and the
 * other lacks beyond a blur's reach is a changed glyph.
 */
import type { GrayRaster } from '../documents/raster.ts';
import { otsuThreshold } from './reading.ts';

/** Pixels a stroke may move between the pages (the warp's residual) before it counts as moved. */
const SHIFT_REACH = 3;
/** Pixels of blur or compression around a stroke within which the other page's ink covers it. */
const BLUR_REACH = 1;
/**
 * A stroke one page has alone, as long as this share of the glyphs' height, is a glyph changed: a
 * plus's bar reaches a third of a capital's height above and below its minus; a blur's fringe or a
 * compression's block beyond BLUR_REACH is a speck.
 */
const CHANGED_STROKE = 0.3;
/** Ink darker than the ground by less than this (grey levels) is ground: a blank cell has no glyphs. */
const LEAST_CONTRAST = 40;
/** The share of a cell's darkest pixels that stand for its strokes' core tone. */
const STROKE_CORE = 0.1;

export interface GlyphComparison {
  /** The longest stroke (px, its box's longer side) the original has and the copy lacks. */
  lost: number;
  /** The longest stroke the copy has and the original lacks. */
  added: number;
  /** The original's glyphs' height (px), which those lengths are weighed against. */
  glyphHeight: number;
}

function inkOf(raster: GrayRaster): Uint8Array | null {
  const threshold = otsuThreshold(raster.data);
  let darkest = 255;
  let lightest = 0;
  for (const value of raster.data) {
    if (value < darkest) darkest = value;
    if (value > lightest) lightest = value;
  }
  if (lightest - darkest < LEAST_CONTRAST) return null;
  // Halfway between the strokes' core and the ground: Otsu's split of a blurred glyph takes its
  // fringe too, and a blur's fattened "C" covers a "B"'s bowls.
  const dark = raster.data.filter((value) => value <= threshold).sort((a, b) => a - b);
  const light = raster.data.filter((value) => value > threshold).sort((a, b) => a - b);
  const core = dark[Math.floor(dark.length * STROKE_CORE)] ?? darkest;
  const ground = light[Math.floor(light.length / 2)] ?? lightest;
  const level = (core + ground) / 2;
  return raster.data.map((value) => (value <= level ? 1 : 0));
}

/** The ink grown by `reach` pixels each way (a square), so a stroke moved that far still meets it. */
function grown(ink: Uint8Array, width: number, height: number, reach: number): Uint8Array {
  const across = new Uint8Array(ink.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!ink[y * width + x]) continue;
      for (let dx = Math.max(0, x - reach); dx <= Math.min(width - 1, x + reach); dx++)
        across[y * width + dx] = 1;
    }
  const out = new Uint8Array(ink.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!across[y * width + x]) continue;
      for (let dy = Math.max(0, y - reach); dy <= Math.min(height - 1, y + reach); dy++)
        out[dy * width + x] = 1;
    }
  return out;
}

/**
 * The longer side of the largest box that one ink piece's (8-neighbours) pixels in `alone` span: a
 * plus's bar over its minus stands out above and below the minus's bar, two specks one stroke long.
 */
function longestAlone(ink: Uint8Array, alone: Uint8Array, width: number, height: number): number {
  const seen = new Uint8Array(ink.length);
  let longest = 0;
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let [left, right, top, bottom] = [width, -1, height, -1];
    while (stack.length) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      if (alone[at]) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++)
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const next = ny * width + nx;
          if (ink[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
    }
    if (right >= 0) longest = Math.max(longest, right - left + 1, bottom - top + 1);
  }
  return longest;
}

/**
 * The ground a glyph encloses (a "B"'s or an "A"'s counters): ground no 4-neighbour path of ground
 * joins to the cell's border. A blur fills counters, which is no stroke added.
 */
function counters(ink: Uint8Array, width: number, height: number): Uint8Array {
  const open = new Uint8Array(ink.length);
  const stack: number[] = [];
  const visit = (at: number) => {
    if (!ink[at] && !open[at]) {
      open[at] = 1;
      stack.push(at);
    }
  };
  for (let x = 0; x < width; x++) [x, (height - 1) * width + x].forEach(visit);
  for (let y = 0; y < height; y++) [y * width, y * width + width - 1].forEach(visit);
  while (stack.length) {
    const at = stack.pop()!;
    const x = at % width;
    if (x > 0) visit(at - 1);
    if (x < width - 1) visit(at + 1);
    if (at >= width) visit(at - width);
    if (at + width < ink.length) visit(at + width);
  }
  return ink.map((value, at) => (!value && !open[at] ? 1 : 0));
}

/** The copy's ink moved by (dx, dy): pixels moved in from outside are ground. */
function shifted(ink: Uint8Array, width: number, height: number, dx: number, dy: number): Uint8Array {
  const out = new Uint8Array(ink.length);
  for (let y = Math.max(0, dy); y < Math.min(height, height + dy); y++)
    for (let x = Math.max(0, dx); x < Math.min(width, width + dx); x++)
      out[y * width + x] = ink[(y - dy) * width + (x - dx)]!;
  return out;
}

function inkHeight(ink: Uint8Array, width: number): number {
  let top = -1;
  let bottom = -1;
  for (let at = 0; at < ink.length; at++)
    if (ink[at]) {
      const y = Math.floor(at / width);
      if (top < 0) top = y;
      bottom = y;
    }
  return top < 0 ? 0 : bottom - top + 1;
}

/**
 * The strokes each of two cells cut alike has and the other lacks, at the shift that lays their ink
 * best over each other; null when either cell is blank or they differ in size.
 */
export function compareGlyphs(original: GrayRaster, copy: GrayRaster): GlyphComparison | null {
  const { width, height } = original;
  if (copy.width !== width || copy.height !== height) return null;
  const originalInk = inkOf(original);
  const copyInk = inkOf(copy);
  if (!originalInk || !copyInk) return null;
  const originalNear = grown(originalInk, width, height, BLUR_REACH);
  const enclosed = counters(originalInk, width, height);
  let best: GlyphComparison | null = null;
  let bestOutside = Infinity;
  for (let dy = -SHIFT_REACH; dy <= SHIFT_REACH; dy++)
    for (let dx = -SHIFT_REACH; dx <= SHIFT_REACH; dx++) {
      const moved = shifted(copyInk, width, height, dx, dy);
      const copyNear = grown(moved, width, height, BLUR_REACH);
      const lostMask = originalInk.map((value, at) => (value && !copyNear[at] ? 1 : 0));
      const addedMask = moved.map((value, at) => (value && !originalNear[at] && !enclosed[at] ? 1 : 0));
      let outside = 0;
      for (let at = 0; at < lostMask.length; at++) outside += lostMask[at]! + addedMask[at]!;
      if (outside >= bestOutside) continue;
      bestOutside = outside;
      best = {
        lost: longestAlone(originalInk, lostMask, width, height),
        added: longestAlone(moved, addedMask, width, height),
        glyphHeight: inkHeight(originalInk, width),
      };
    }
  return best;
}

/** Whether one cell's glyphs differ in a stroke of CHANGED_STROKE of their height or more. */
export function strokesChanged(comparison: GlyphComparison | null): boolean {
  if (!comparison || comparison.glyphHeight === 0) return false;
  return Math.max(comparison.lost, comparison.added) >= CHANGED_STROKE * comparison.glyphHeight;
}
