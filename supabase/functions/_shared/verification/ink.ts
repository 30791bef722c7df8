/**
 * Ink masks: where a page has marks, found by a local (adaptive) threshold, so uneven light,
 * shadows and coloured or dark bands are judged against their own surroundings. Light text on a
 * dark area is first turned dark on light (`darkAreas`, `invertWhere`), so its glyphs are the ink
 * and OCR reads them as it reads the rest of the page.
 */
import type { GrayRaster } from '../documents/raster.ts';
import type { Box } from '../ocr/protocol.ts';
import { matFromRaster, withMats } from './mats.ts';
import { greyLevelAt } from './reading.ts';
import { openCv } from './opencv.ts';

export interface InkMasks {
  width: number;
  height: number;
  /** 1 where there is ink. */
  ink: Uint8Array;
  /**
   * Ink or faint ink grown by one pixel: the tolerance for strokes a blur or a re-sampling thickened,
   * moved or lightened.
   */
  near: Uint8Array;
}

/**
 * Darker than the surroundings by this much is ink, on the page's paper; by FAINT_C, faint ink
 * (tolerance only). On a darker ground both scale with the ground's level against the paper's
 * (`groundLevels`): a shadow scales every contrast under it, so a grey rule 69 levels under the
 * paper is 16 under the same paper in a photo's shadow at 45 % of the light (after the photo's blur),
 * and a fixed threshold lost it there. Against the page's own paper, not white: a photo's evenly lit
 * paper is grey, and lower offsets there made ink of the blur around an ornament's fine pattern.
 */
const INK_C = 18;
const FAINT_C = 10;
/**
 * The share of the page whose ground is at least as bright as its paper: most of a page is paper, a
 * shadow or a filled panel a part of it.
 */
const PAPER_SHARE = 0.1;
/**
 * Grounds under this share of the paper are taken at it: darker grounds are dark areas of the page
 * (turned or left as printed), not paper in shadow (a cast shadow dims paper by well under half), and
 * the threshold should not sink into a camera's noise.
 */
export const MIN_GROUND_SHARE = 0.5;

/** The offset per ground level (0-255), in whole grey levels (a pixel's depth under the mean is whole). */
function offsetsFor(offset: number, paper: number): Uint8Array {
  return Uint8Array.from({ length: 256 }, (_, level) =>
    Math.ceil(offset * Math.min(1, Math.max(MIN_GROUND_SHARE, level / Math.max(1, paper)))),
  );
}

export async function inkMasks(page: GrayRaster): Promise<InkMasks> {
  const cv = await openCv();
  const block = blockFor(page);
  const ground = await groundLevels(page, block);
  const paper = greyLevelAt(ground, 1 - PAPER_SHARE);
  const inkOffset = offsetsFor(INK_C, paper);
  const faintOffset = offsetsFor(FAINT_C, paper);
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, page));
    const smooth = keep(new cv.Mat());
    cv.GaussianBlur(source, smooth, new cv.Size(3, 3), 0);
    // The adaptive threshold's local mean (as cv.adaptiveThreshold's ADAPTIVE_THRESH_MEAN_C takes it),
    // with the offset scaled by the ground per pixel.
    const mean = keep(new cv.Mat());
    cv.blur(smooth, mean, new cv.Size(block, block), new cv.Point(-1, -1), cv.BORDER_REPLICATE);
    const smoothed = smooth.data as Uint8Array;
    const means = mean.data as Uint8Array;
    const ink = new Uint8Array(smoothed.length);
    const faint = keep(new cv.Mat(page.height, page.width, cv.CV_8UC1));
    const faintData = faint.data as Uint8Array;
    for (let index = 0; index < smoothed.length; index++) {
      const below = means[index]! - smoothed[index]!;
      const level = ground[index]!;
      ink[index] = below >= inkOffset[level]! ? 1 : 0;
      faintData[index] = below >= faintOffset[level]! ? 1 : 0;
    }
    // The tolerance is grown from faint ink too (hysteresis): a thin light rule or a stroke's edge
    // sits near the threshold, and re-sampling tips it under on one side and over on the other.
    const grown = keep(new cv.Mat());
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.dilate(faint, grown, kernel);
    return { width: page.width, height: page.height, ink, near: new Uint8Array(grown.data) };
  });
}

/**
 * The level of the ground each pixel lies on: the page closed (grey dilation, then erosion) by a
 * square of the threshold's block, which fills every mark narrower than the block (glyphs, rules, a
 * table row's fill between white rows) and follows light and shadow. Computed on the page shrunk
 * AREA_SCALE times and enlarged smoothly: ground varies slowly, and full-size morphology costs.
 */
export async function groundLevels(page: GrayRaster, block: number): Promise<Uint8Array> {
  const cv = await openCv();
  const width = Math.max(1, Math.round(page.width / AREA_SCALE));
  const height = Math.max(1, Math.round(page.height / AREA_SCALE));
  const radius = Math.ceil((block >> 1) / AREA_SCALE);
  return withMats((keep) => {
    const small = keep(new cv.Mat());
    cv.resize(keep(matFromRaster(cv, page)), small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    const field = keep(
      matFromRaster(cv, {
        width,
        height,
        data: greyClosing(new Uint8Array(small.data), width, height, radius),
      }),
    );
    const enlarged = keep(new cv.Mat());
    cv.resize(field, enlarged, new cv.Size(page.width, page.height), 0, 0, cv.INTER_LINEAR);
    return new Uint8Array(enlarged.data);
  });
}

/** Darker than this (0-255) is a dark area's ground, when the area is wide enough. */
const DARK_GROUND = 128;

/** Dark areas are found on the page shrunk by this factor: large morphology at full size costs seconds. */
const AREA_SCALE = 4;

export interface DarkAreas {
  width: number;
  height: number;
  /** 1 inside a dark area, at full size. */
  mask: Uint8Array;
  /** The same at 1/AREA_SCALE (for the outline band). */
  small: Uint8Array;
  smallWidth: number;
  smallHeight: number;
}

/**
 * Where the page is a dark ground (a band, a panel, a badge's header) that may carry light text: 1
 * inside, letters included. On the page shrunk by area averaging, dark pixels are opened with a
 * disc about 1/100 of the page's long side, which removes dark strokes (text, rules, signatures)
 * narrower than that, then closed with a disc twice that, which fills the light glyphs a dark area
 * carries. Computed on the original only and applied to both pages of a comparison, so a copy's
 * lighter or darker print cannot move it.
 */
export async function darkAreas(page: GrayRaster): Promise<DarkAreas> {
  const cv = await openCv();
  const smallWidth = Math.max(1, Math.round(page.width / AREA_SCALE));
  const smallHeight = Math.max(1, Math.round(page.height / AREA_SCALE));
  const side = Math.max(3, Math.round(Math.max(page.width, page.height) / 100 / AREA_SCALE) | 1);
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, page));
    const shrunk = keep(new cv.Mat());
    cv.resize(source, shrunk, new cv.Size(smallWidth, smallHeight), 0, 0, cv.INTER_AREA);
    const dark = keep(new cv.Mat());
    cv.threshold(shrunk, dark, DARK_GROUND - 1, 1, cv.THRESH_BINARY_INV);
    const opened = keep(new cv.Mat());
    const small = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(side, side)));
    cv.morphologyEx(dark, opened, cv.MORPH_OPEN, small);
    const closed = keep(new cv.Mat());
    const large = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * side + 1, 2 * side + 1)));
    cv.morphologyEx(opened, closed, cv.MORPH_CLOSE, large, new cv.Point(-1, -1), 1, cv.BORDER_REPLICATE);
    const full = keep(new cv.Mat());
    cv.resize(closed, full, new cv.Size(page.width, page.height), 0, 0, cv.INTER_NEAREST);
    return {
      width: page.width,
      height: page.height,
      mask: new Uint8Array(full.data),
      small: new Uint8Array(closed.data),
      smallWidth,
      smallHeight,
    };
  });
}

/** The page with its values inverted inside the dark areas: light text on a dark ground becomes dark on light. */
export function invertWhere(page: GrayRaster, areas: DarkAreas): GrayRaster {
  if (!areas.small.includes(1)) return page;
  const data = new Uint8Array(page.data);
  const { mask } = areas;
  for (let index = 0; index < data.length; index++) if (mask[index]) data[index] = 255 - data[index]!;
  return { width: page.width, height: page.height, data };
}

/** The page with every dark area's light text turned dark on light (registration reads this). */
export async function normalisePolarity(page: GrayRaster): Promise<GrayRaster> {
  return invertWhere(page, await darkAreas(page));
}

/**
 * A band of `radius` pixels either side of the dark areas' outlines. Inverting flips the step at an
 * outline, and a copy's outline a pixel or two off the original's (alignment, a scan's bleed) leaves
 * a sliver of the other tone inside it: ink along the whole outline that no glyph made. Comparison
 * leaves this band out; what lies there is still aligned and its text still read.
 */
export async function outlineBand(areas: DarkAreas, radius: number): Promise<Uint8Array> {
  if (!areas.small.includes(1)) return new Uint8Array(areas.width * areas.height);
  const cv = await openCv();
  const reach = Math.ceil(radius / AREA_SCALE) + 1;
  return withMats((keep) => {
    const source = keep(
      matFromRaster(cv, { width: areas.smallWidth, height: areas.smallHeight, data: areas.small }),
    );
    const kernel = keep(
      cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * reach + 1, 2 * reach + 1)),
    );
    const grown = keep(new cv.Mat());
    cv.dilate(source, grown, kernel);
    const shrunk = keep(new cv.Mat());
    cv.erode(source, shrunk, kernel, new cv.Point(-1, -1), 1, cv.BORDER_REPLICATE);
    const band = keep(new cv.Mat());
    cv.subtract(grown, shrunk, band);
    const full = keep(new cv.Mat());
    cv.resize(band, full, new cv.Size(areas.width, areas.height), 0, 0, cv.INTER_NEAREST);
    return new Uint8Array(full.data);
  });
}

/**
 * Whether each ink pixel inside `box` has stroke structure: it lies at least FAINT_C below the page
 * (smoothed over 3 x 3) closed, that is grey-dilated then eroded, by a square of the threshold's
 * block. Closing fills every dark mark narrower than the block (a stroke, a dot, a rule) and leaves
 * a monotonic profile as it is: a smooth gradient, or one straight light/shadow edge, closes onto
 * itself, so the adaptive threshold's ink beside such an edge (darker than the mean next to a bright
 * side) has no depth. Ink pixels without it are cleared from `ink` (in place). Computed over the box
 * and the block's reach around it only: the engine asks for it where the original is blank.
 */
export function clearShallowInk(page: GrayRaster, ink: Uint8Array, box: Box): void {
  const radius = blockFor(page) >> 1;
  const left = Math.max(0, box.x - 2 * radius - 1);
  const top = Math.max(0, box.y - 2 * radius - 1);
  const right = Math.min(page.width, box.x + box.width + 2 * radius + 1);
  const bottom = Math.min(page.height, box.y + box.height + 2 * radius + 1);
  const width = right - left;
  const height = bottom - top;
  // 3 x 3 mean, separably: rows of 3, then columns of 3 (clamped at the window's border).
  const across = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (top + y) * page.width + left;
    for (let x = 0; x < width; x++) {
      const centre = page.data[row + x]!;
      across[y * width + x] =
        (x > 0 ? page.data[row + x - 1]! : centre) +
        centre +
        (x < width - 1 ? page.data[row + x + 1]! : centre);
    }
  }
  const smooth = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = (y > 0 ? y - 1 : y) * width;
    const down = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++)
      smooth[y * width + x] = (across[up + x]! + across[y * width + x]! + across[down + x]! + 4) / 9;
  }
  const closed = greyClosing(smooth, width, height, radius);
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const local = (y - top) * width + (x - left);
      if (ink[y * page.width + x] && closed[local]! - smooth[local]! < FAINT_C) ink[y * page.width + x] = 0;
    }
  }
}

/**
 * The picture closed (grey dilation, then erosion) by a square of 2 * radius + 1 pixels: every dark
 * mark narrower than the square filled with the level around it, a broad ground and a monotonic
 * profile (a gradient, one light/shadow edge) left as they are. The ground's level under ink.
 */
export function greyClosing(data: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return squareFilter(squareFilter(data, width, height, radius, true), width, height, radius, false);
}

/**
 * The largest (or smallest) value within `radius` pixels along rows, then columns: a grey dilation
 * (erosion) by a square, the window clipped at the border (as if the border were replicated). Van
 * Herk / Gil-Werman: a few comparisons per pixel whatever the radius.
 */
export function squareFilter(
  data: Uint8Array,
  width: number,
  height: number,
  radius: number,
  max: boolean,
): Uint8Array {
  const rows = new Uint8Array(data.length);
  const line = new Uint8Array(Math.max(width, height));
  const out = new Uint8Array(Math.max(width, height));
  for (let y = 0; y < height; y++) {
    line.set(data.subarray(y * width, (y + 1) * width));
    slidingExtreme(line, width, radius, max, out);
    rows.set(out.subarray(0, width), y * width);
  }
  const result = new Uint8Array(data.length);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) line[y] = rows[y * width + x]!;
    slidingExtreme(line, height, radius, max, out);
    for (let y = 0; y < height; y++) result[y * width + x] = out[y]!;
  }
  return result;
}

/** Buffers of slidingExtreme, grown as needed (it runs for every row and column of a window). */
let padded = new Uint8Array(0);
let prefix = new Uint8Array(0);
let suffix = new Uint8Array(0);

/** out[i] = extreme of line[i - radius .. i + radius], clipped to 0 .. length - 1. */
function slidingExtreme(
  line: Uint8Array,
  length: number,
  radius: number,
  max: boolean,
  out: Uint8Array,
): void {
  const size = 2 * radius + 1;
  const blocks = Math.ceil((length + 2 * radius) / size) * size;
  if (padded.length < blocks) {
    padded = new Uint8Array(blocks);
    prefix = new Uint8Array(blocks);
    suffix = new Uint8Array(blocks);
  }
  padded.fill(max ? 0 : 255, 0, blocks);
  padded.set(line.subarray(0, length), radius);
  for (let start = 0; start < blocks; start += size) {
    const end = start + size;
    let run = padded[start]!;
    prefix[start] = run;
    for (let index = start + 1; index < end; index++) {
      const value = padded[index]!;
      if (max ? value > run : value < run) run = value;
      prefix[index] = run;
    }
    run = padded[end - 1]!;
    suffix[end - 1] = run;
    for (let index = end - 2; index >= start; index--) {
      const value = padded[index]!;
      if (max ? value > run : value < run) run = value;
      suffix[index] = run;
    }
  }
  for (let index = 0; index < length; index++) {
    const a = suffix[index]!;
    const b = prefix[index + size - 1]!;
    out[index] = max ? (a > b ? a : b) : a < b ? a : b;
  }
}

/** Half the adaptive threshold's block: how far a step in the page's tone makes ink beside it. */
export function inkReach(page: GrayRaster): number {
  return blockFor(page) >> 1;
}

/** The adaptive threshold's block: the side of the square a page's ink is judged against. */
export function blockFor(page: GrayRaster): number {
  return Math.max(15, Math.round(Math.max(page.width, page.height) / 45) | 1);
}
