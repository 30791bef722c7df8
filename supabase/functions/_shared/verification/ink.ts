/**
 * Ink masks: where a page has marks, found by a local (adaptive) threshold, so uneven light,
 * shadows and coloured or dark bands are judged against their own surroundings. Light text on a
 * dark area is first turned dark on light (`darkAreas`, `invertWhere`), so its glyphs are the ink
 * and OCR reads them as it reads the rest of the page.
 */
import type { GrayRaster } from '../documents/raster.ts';
import { matFromRaster, withMats } from './mats.ts';
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

/** Darker than the surroundings by this much is ink; by FAINT_C, faint ink (tolerance only). */
const INK_C = 18;
const FAINT_C = 10;

export async function inkMasks(page: GrayRaster): Promise<InkMasks> {
  const cv = await openCv();
  const block = blockFor(page);
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, page));
    const smooth = keep(new cv.Mat());
    cv.GaussianBlur(source, smooth, new cv.Size(3, 3), 0);
    const binary = keep(new cv.Mat());
    cv.adaptiveThreshold(smooth, binary, 1, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, INK_C);
    // The tolerance is grown from faint ink too (hysteresis): a thin light rule or a stroke's edge
    // sits near the threshold, and re-sampling tips it under on one side and over on the other.
    const faint = keep(new cv.Mat());
    cv.adaptiveThreshold(smooth, faint, 1, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, FAINT_C);
    const grown = keep(new cv.Mat());
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.dilate(faint, grown, kernel);
    return {
      width: page.width,
      height: page.height,
      ink: new Uint8Array(binary.data),
      near: new Uint8Array(grown.data),
    };
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
 * Ink with stroke structure only: pixels at least FAINT_C darker than the (smoothed) page closed (grey
 * dilation, then erosion) with a square of the threshold's block. Closing fills every dark mark
 * narrower than the block (a stroke, a dot, a rule) and leaves any monotonic profile as it is: a
 * smooth gradient or one straight light/shadow edge closes onto itself, so the adaptive threshold's
 * ink along such an edge (darker than the mean beside a bright side) has no depth here and is
 * dropped. A photo's shadow edge across a blank corner was ink over whole tiles (g-photo-0005,
 * scored 0.8-1.0 and answered altered). Applied to the copy only: lighting is the copy's.
 */
export async function strokeInk(page: GrayRaster, masks: InkMasks): Promise<InkMasks> {
  const cv = await openCv();
  const block = blockFor(page);
  const depth = withMats((keep) => {
    const source = keep(matFromRaster(cv, page));
    const smooth = keep(new cv.Mat());
    cv.GaussianBlur(source, smooth, new cv.Size(3, 3), 0);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(block, block)));
    const closed = keep(new cv.Mat());
    cv.morphologyEx(smooth, closed, cv.MORPH_CLOSE, kernel, new cv.Point(-1, -1), 1, cv.BORDER_REPLICATE);
    const difference = keep(new cv.Mat());
    cv.subtract(closed, smooth, difference);
    return new Uint8Array(difference.data);
  });
  const ink = new Uint8Array(masks.ink);
  for (let index = 0; index < ink.length; index++) if (ink[index] && depth[index]! < FAINT_C) ink[index] = 0;
  return { width: masks.width, height: masks.height, ink, near: masks.near };
}

/** Half the adaptive threshold's block: how far a step in the page's tone makes ink beside it. */
export function inkReach(page: GrayRaster): number {
  return blockFor(page) >> 1;
}

function blockFor(page: GrayRaster): number {
  return Math.max(15, Math.round(Math.max(page.width, page.height) / 45) | 1);
}
