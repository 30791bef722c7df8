/**
 * Glyph shapes of a short cell compared where OCR reads nothing: a grade's sign or letter at 9-12 px
 * in a screenshot ("A+" -> "A-", "B" -> "C") is read on neither page, yet its strokes are there. The
 * two cells are cut alike from pages laid over each other (verify.ts); the original, softened to the
 * copy's sharpness, predicts how dark each of its strokes should look on the copy, and a stroke one
 * page shows far fainter than the other predicts, beyond a pixel's misfit, is a changed glyph.
 */
import type { GrayRaster } from '../documents/raster.ts';
import { otsuThreshold } from './reading.ts';

/** Pixels a stroke may move between the pages (the warp's residual) before it counts as moved. */
const SHIFT_REACH = 3;
/** Pixels of residual misfit around a stroke within which the other page's ink still covers it. */
const BLUR_REACH = 1;
/**
 * Blurs (Gaussian sigma, px) the original is softened by to match the copy's sharpness: a screenshot
 * at 40 % laid back over the original spreads a 1.5 px stroke over 4-5 px at half its darkness.
 */
const BLURS = [0, 0.7, 1.4, 2.1, 2.8];
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
/** Darkness (0 ground, 1 the strokes' core) from which a pixel is ink. */
const INK = 0.5;
/**
 * Darkness the softened original must predict for a pixel of its stroke to be looked for on the copy:
 * a 1.5 px plus bar softened to a 40 % screenshot's blur predicts 0.2-0.5 along its length.
 */
const PREDICTED_INK = 0.2;
/**
 * A pixel one page shows at under this share of the darkness the other page (softened alike) has
 * there is missing: a genuine screenshot's thin plus bar keeps 0.3-0.45 of its minus's darkness where
 * the blur predicts as much, a bar painted out keeps under 0.1.
 */
const MISSING_SHARE = 0.5;

export interface GlyphComparison {
  /** The longest stroke (px, its box's longer side) the original has and the copy lacks. */
  lost: number;
  /** The longest stroke the copy has and the original lacks. */
  added: number;
  /** The original's glyphs' height (px), which those lengths are weighed against. */
  glyphHeight: number;
}

/** Each pixel's darkness between the cell's ground (0) and its strokes' core (1); null when blank. */
function darknessOf(raster: GrayRaster): Float32Array | null {
  const threshold = otsuThreshold(raster.data);
  let darkest = 255;
  let lightest = 0;
  for (const value of raster.data) {
    if (value < darkest) darkest = value;
    if (value > lightest) lightest = value;
  }
  if (lightest - darkest < LEAST_CONTRAST) return null;
  const dark = raster.data.filter((value) => value <= threshold).sort((a, b) => a - b);
  const light = raster.data.filter((value) => value > threshold).sort((a, b) => a - b);
  const core = dark[Math.floor(dark.length * STROKE_CORE)] ?? darkest;
  const ground = light[Math.floor(light.length / 2)] ?? lightest;
  const span = Math.max(1, ground - core);
  return Float32Array.from(raster.data, (value) => Math.max(0, (ground - value) / span));
}

/**
 * One pass of a separable filter along rows (`across`) or columns: each pixel's neighbours up to
 * `reach` pixels away on that axis (edges clamped), folded from 0 by `fold` with their offsets.
 */
function alongAxis(
  values: Float32Array,
  width: number,
  height: number,
  across: boolean,
  reach: number,
  fold: (folded: number, value: number, offset: number) => number,
): Float32Array {
  const out = new Float32Array(values.length);
  const length = across ? width : height;
  const stride = across ? 1 : width;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * width + x;
      const position = across ? x : y;
      let folded = 0;
      for (let offset = -reach; offset <= reach; offset++) {
        const neighbour = Math.min(length - 1, Math.max(0, position + offset));
        folded = fold(folded, values[at + (neighbour - position) * stride]!, offset);
      }
      out[at] = folded;
    }
  return out;
}

/** A separable filter: `alongAxis` along the rows, then along the columns. */
function separable(
  values: Float32Array,
  width: number,
  height: number,
  reach: number,
  fold: (folded: number, value: number, offset: number) => number,
): Float32Array {
  return alongAxis(alongAxis(values, width, height, true, reach, fold), width, height, false, reach, fold);
}

/** A Gaussian blur of `sigma` px (separable, edges clamped); sigma 0 returns the input. */
function softened(values: Float32Array, width: number, height: number, sigma: number): Float32Array {
  if (sigma === 0) return values;
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, at) =>
    Math.exp(-((at - radius) ** 2) / (2 * sigma ** 2)),
  );
  const total = kernel.reduce((sum, weight) => sum + weight, 0);
  const weighed = (sum: number, value: number, offset: number) =>
    sum + (kernel[offset + radius]! / total) * value;
  return separable(values, width, height, radius, weighed);
}

/** Each pixel's largest value within `reach` pixels each way (a square): a stroke moved that far still meets it. */
function nearest(values: Float32Array, width: number, height: number, reach: number): Float32Array {
  const largest = (most: number, value: number) => Math.max(most, value);
  return separable(values, width, height, reach, largest);
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

/** The copy's darkness moved by (dx, dy): pixels moved in from outside are ground. */
function shifted(values: Float32Array, width: number, height: number, dx: number, dy: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = Math.max(0, dy); y < Math.min(height, height + dy); y++)
    for (let x = Math.max(0, dx); x < Math.min(width, width + dx); x++)
      out[y * width + x] = values[(y - dy) * width + (x - dx)]!;
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
 * The strokes each of two cells cut alike has and the other lacks; null when either cell is blank or
 * they differ in size. The original is softened to the copy's sharpness and scaled to its contrast
 * (the blur, shift and gain that lay it closest to the copy), so a stroke a blur thinned to half its
 * darkness on both pages is no stroke lost: only one the copy shows far fainter than the softened
 * original predicts (or the original far fainter than the copy) counts.
 */
export function compareGlyphs(original: GrayRaster, copy: GrayRaster): GlyphComparison | null {
  const { width, height } = original;
  if (copy.width !== width || copy.height !== height) return null;
  const originalDarkness = darknessOf(original);
  const copyDarkness = darknessOf(copy);
  if (!originalDarkness || !copyDarkness) return null;
  const originalInk = originalDarkness.map((value) => (value >= INK ? 1 : 0));
  const enclosed = counters(Uint8Array.from(originalInk), width, height);
  let best: { soft: Float32Array; gain: number; dx: number; dy: number; misfit: number } | null = null;
  for (const sigma of BLURS) {
    const soft = softened(originalDarkness, width, height, sigma);
    let softSquares = 0;
    for (const value of soft) softSquares += value * value;
    if (softSquares === 0) continue;
    for (let dy = -SHIFT_REACH; dy <= SHIFT_REACH; dy++)
      for (let dx = -SHIFT_REACH; dx <= SHIFT_REACH; dx++) {
        // The copy moved by (dx, dy) against the softened original, without copying it.
        let cross = 0;
        let copySquares = 0;
        for (let y = Math.max(0, dy); y < Math.min(height, height + dy); y++) {
          const row = y * width;
          const from = (y - dy) * width - dx;
          for (let x = Math.max(0, dx); x < Math.min(width, width + dx); x++) {
            const value = copyDarkness[from + x]!;
            cross += soft[row + x]! * value;
            copySquares += value * value;
          }
        }
        // The least squared difference over the gain: sum(c^2) - (sum(s c))^2 / sum(s^2).
        const misfit = copySquares - (cross * cross) / softSquares;
        if (!best || misfit < best.misfit) best = { soft, gain: cross / softSquares, dx, dy, misfit };
      }
  }
  if (!best) return null;
  const { soft, gain } = best;
  const predicted = soft.map((value) => value * gain);
  const laid = shifted(copyDarkness, width, height, best.dx, best.dy);
  const predictedNear = nearest(predicted, width, height, BLUR_REACH);
  const copyNear = nearest(laid, width, height, BLUR_REACH);
  const lostMask = predicted.map((value, at) =>
    value >= PREDICTED_INK && copyNear[at]! < MISSING_SHARE * value ? 1 : 0,
  );
  const addedMask = laid.map((value, at) =>
    value >= INK && predictedNear[at]! < MISSING_SHARE * value && !enclosed[at] ? 1 : 0,
  );
  return {
    lost: longestAlone(
      Uint8Array.from(predicted, (value) => (value >= PREDICTED_INK ? 1 : 0)),
      Uint8Array.from(lostMask),
      width,
      height,
    ),
    added: longestAlone(
      Uint8Array.from(laid, (value) => (value >= INK ? 1 : 0)),
      Uint8Array.from(addedMask),
      width,
      height,
    ),
    glyphHeight: inkHeight(Uint8Array.from(originalInk), width),
  };
}

/** Whether one cell's glyphs differ in a stroke of CHANGED_STROKE of their height or more. */
export function strokesChanged(comparison: GlyphComparison | null): boolean {
  if (!comparison || comparison.glyphHeight === 0) return false;
  return Math.max(comparison.lost, comparison.added) >= CHANGED_STROKE * comparison.glyphHeight;
}
