/**
 * How a line is cut out of a page and enlarged for OCR: the same crop of both pages (copy and
 * original), a line's cells split at table rules and wide gaps, each at a height Tesseract reads.
 */
import type { GrayRaster } from '../documents/raster.ts';
import { type Box, MAX_OCR_SIDE } from '../ocr/protocol.ts';
import { blockFor, groundLevels, MIN_GROUND_SHARE } from './ink.ts';
import { matFromRaster, rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

/** A line's box with room for accents and descenders that OCR's box leaves out. */
export function padded(box: Box): Box {
  const pad = Math.max(2, Math.round(box.height * 0.2));
  return { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad };
}

/**
 * A line's box with the margin OCR of a line needs (`padding` times: 0.6 of its glyphs' height on
 * each side for a glyph's overhang and some context, 0.35 above and below for accents and
 * descenders), within the page. A box taller than wide is no line of text but a column of ornaments
 * OCR took for one (a border, 13 x 1356 px): its glyphs are its width, and sized by its length the
 * margins took in the whole page (an 849 x 1400 crop, 1-4 s of OCR CPU per request).
 */
export function lineFrame(
  page: { width: number; height: number },
  box: Box,
  padding = 1,
): { left: number; top: number; right: number; bottom: number } {
  const glyphs = Math.min(box.height, box.width);
  const padX = Math.round(glyphs * 0.6 * padding);
  const padY = Math.round(glyphs * 0.35 * padding);
  return {
    left: Math.max(0, box.x - padX),
    top: Math.max(0, box.y - padY),
    right: Math.min(page.width, box.x + box.width + padX),
    bottom: Math.min(page.height, box.y + box.height + padY),
  };
}

/** The page inside `box`, padded (by default) for the glyph parts and context OCR of a line needs. */
export function cut(page: GrayRaster, box: Box, padding = 1): GrayRaster {
  const { left, top, right, bottom } = lineFrame(page, box, padding);
  const width = right - left;
  const height = bottom - top;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(page.data.subarray((top + y) * page.width + left, (top + y) * page.width + right), y * width);
  return { width, height, data };
}

/**
 * A crop whose ground stays within this share of its brightest is read as it is: evenly lit paper, a
 * gentle gradient or a printed tint (a shaded table row, 231 of 255), whose glyphs Tesseract's global
 * threshold splits from their ground as they are.
 */
const EVEN_GROUND_SHARE = 0.8;

/** A crop cut for OCR, and whether its light was evened. */
export interface ReadingCrop {
  crop: GrayRaster;
  evened: boolean;
}

/**
 * The page inside `box` as `cut` frames it, for OCR, with uneven light divided out: a photo's cast
 * shadow across a line leaves one side of its crop on a ground darker than Tesseract's global threshold
 * ("[A&adenc Writing" for "Academic Writing" on a phone photo, accuracy run 12). The ground is ink.ts's
 * `groundLevels` (the page closed by the ink threshold's block at a quarter of its size: every glyph
 * and rule filled, light and shadow kept) over the crop and one block around it, so a crop's edge has
 * the page beside it (a full-size closing per crop cost 4 times as much); each pixel is scaled by the
 * crop's brightest ground over its own, so the shadowed side is raised to the lit side's paper and a
 * pixel on the brightest ground keeps its level. Grounds under MIN_GROUND_SHARE of it count at that
 * share (a dark area, not paper in shadow), as ink.ts counts them.
 *
 * `even` unset: evened when the crop's own ground is uneven (the copy's crop). The original's
 * counterpart is given the copy's decision, so both pages are read the same way: a cell over a printed
 * seal, its ground at 79 % on the original and 81 % on the copy, was evened on one page only.
 */
export async function cutForReading(
  page: GrayRaster,
  box: Box,
  padding = 1,
  even?: boolean,
): Promise<ReadingCrop> {
  const crop = cut(page, box, padding);
  if (even === false) return { crop, evened: false };
  const { left, top } = lineFrame(page, box, padding);
  const block = blockFor(page);
  const windowLeft = Math.max(0, left - block);
  const windowTop = Math.max(0, top - block);
  const window = cut(
    page,
    {
      x: windowLeft,
      y: windowTop,
      width: Math.min(page.width, left + crop.width + block) - windowLeft,
      height: Math.min(page.height, top + crop.height + block) - windowTop,
    },
    0,
  );
  const windowGround = await groundLevels(window, block);
  const ground = new Uint8Array(crop.data.length);
  for (let y = 0; y < crop.height; y++) {
    const from = (top - windowTop + y) * window.width + left - windowLeft;
    ground.set(windowGround.subarray(from, from + crop.width), y * crop.width);
  }
  let brightest = 0;
  let darkest = 255;
  for (const level of ground) {
    if (level > brightest) brightest = level;
    if (level < darkest) darkest = level;
  }
  if (even === undefined && darkest >= EVEN_GROUND_SHARE * brightest) return { crop, evened: false };
  const floor = Math.max(1, MIN_GROUND_SHARE * brightest);
  const data = new Uint8Array(crop.data.length);
  for (let index = 0; index < data.length; index++)
    data[index] = Math.min(
      255,
      Math.round((crop.data[index]! * brightest) / Math.max(floor, ground[index]!)),
    );
  return { crop: { width: crop.width, height: crop.height, data }, evened: true };
}

/**
 * Tesseract misses small print: a certificate number 12 px tall on the registered page (its whole-page
 * OCR read it at 0.92) read as nothing in a lossless copy, and a forged digit in it (000265 -> 000255,
 * tile score 0.01 at that scale) was accepted. Lines are enlarged for OCR to about this height.
 */
const READING_LINE_HEIGHT = 32;
const MAX_READING_ZOOM = 3;
/** An enlarged crop stays within this many pixels: OCR's CPU grows with them. */
const MAX_READING_PIXELS = 150_000;

/** How much a line crop is enlarged so its text reaches a height Tesseract reads reliably. */
export function readingZoom(crop: GrayRaster, lineHeight: number): number {
  const legible = READING_LINE_HEIGHT / Math.max(1, lineHeight);
  const affordable = Math.sqrt(MAX_READING_PIXELS / (crop.width * crop.height));
  return Math.max(1, Math.min(MAX_READING_ZOOM, legible, affordable));
}

/**
 * A crop enlarged by `factor` for OCR (naming a region: back to the original's scale; lines: legible),
 * never past the side OCR accepts. Bicubic: bilinear enlargement of a rotated JPEG's 12 px number read
 * "000810" as "000816", and a transcript's "10" as "110" (accuracy run 9); bicubic read both right.
 */
export async function forReading(region: GrayRaster, wanted: number): Promise<GrayRaster> {
  const factor = Math.min(wanted, MAX_OCR_SIDE / Math.max(region.width, region.height));
  if (factor <= 1) return region;
  const cv = await openCv();
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, region));
    const enlarged = keep(new cv.Mat());
    const size = new cv.Size(
      Math.min(MAX_OCR_SIDE, Math.round(region.width * factor)),
      Math.min(MAX_OCR_SIDE, Math.round(region.height * factor)),
    );
    cv.resize(source, enlarged, size, 0, 0, cv.INTER_CUBIC);
    return rasterFromMat(enlarged);
  });
}

/** Blank ink columns of at least this many line heights split a line into cells (a word space is a fraction of one). */
const CELL_GAP = 1.5;
/** A column inked over this share of a line's padded rows is a table rule, not a glyph. */
const RULE_SHARE = 0.9;
/** A row inked over this share of a line's width is a rule under or over it. */
const RULE_ROW_SHARE = 0.6;
/**
 * Pixels a cell keeps clear of a rule beside it: the copy's rule may lie off the original's by the
 * comparison's residual shift (compare.ts searches 2 px) and one more for re-sampling.
 */
const RULE_CLEARANCE = 3;

export interface LineCell {
  x0: number;
  x1: number;
  /** The cell's ink rows (its glyphs' height is bottom - top). */
  top: number;
  bottom: number;
}

/** Otsu's threshold of a crop: the grey level that best splits its glyphs from their ground. */
export function otsuThreshold(data: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  // An index loop: iterating a typed array with for-of cost 5 times as much on page-sized data.
  for (let index = 0; index < data.length; index++) histogram[data[index]!]!++;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let below = 0;
  let belowSum = 0;
  let best = -1;
  let threshold = 127;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    if (below === 0) continue;
    const above = data.length - below;
    if (above === 0) break;
    belowSum += level * histogram[level]!;
    const spread = below * above * (belowSum / below - (sum - belowSum) / above) ** 2;
    if (spread > best) {
      best = spread;
      threshold = level;
    }
  }
  return threshold;
}

/**
 * The cells of a line on the original page (its ink split at blank gaps of CELL_GAP line heights and
 * at table rules), each with its ink's rows, and the rules' columns; the same boxes are cut from both
 * pages, so both are read alike.
 */
export function lineCells(page: GrayRaster, box: Box): { cells: LineCell[]; rules: number[] } {
  const { left, top, right, bottom } = lineFrame(page, box);
  const width = right - left;
  const height = bottom - top;
  if (width <= 0 || height <= 0) return { cells: [], rules: [] };
  const crop = cut(page, { x: left, y: top, width, height }, 0);
  const threshold = otsuThreshold(crop.data);
  const ink = (x: number, y: number) => crop.data[y * width + x]! <= threshold;
  const lineTop = Math.max(0, box.y - top);
  const lineBottom = Math.min(height, box.y + box.height - top);
  // Rules are often grey, lighter than the glyphs Otsu's threshold splits from the ground: a rule is
  // anything darker than the ground by a quarter of the way to that threshold, across or down.
  const ground = greyLevelAt(crop.data, 0.9);
  const ruleLevel = Math.max(threshold, ground - (ground - threshold) / 4);
  const dark = (x: number, y: number) => crop.data[y * width + x]! <= ruleLevel;
  const ruleRow: boolean[] = [];
  for (let y = 0; y < height; y++) {
    let count = 0;
    for (let x = 0; x < width; x++) if (dark(x, y)) count++;
    ruleRow.push(count >= RULE_ROW_SHARE * width);
  }
  // A column rule runs down the row between the rules over and under it, not down the padded frame:
  // a row whose registered box is twice its glyphs' height (transcript "Cryptography 15 B", 30 px box,
  // 15 px glyphs) has a frame reaching past those rules, where the column rules end; taken for
  // glyphs, they made each cell as tall as the table row and its crop held the next row's text.
  const middle = Math.round((lineTop + lineBottom) / 2);
  let spanTop = 0;
  for (let y = Math.min(middle, height) - 1; y >= 0; y--)
    if (ruleRow[y]) {
      spanTop = y + 1;
      break;
    }
  let spanBottom = height;
  for (let y = Math.max(0, middle); y < height; y++)
    if (ruleRow[y]) {
      spanBottom = y;
      break;
    }
  const ruleColumn: boolean[] = [];
  for (let x = 0; x < width; x++) {
    let count = 0;
    for (let y = spanTop; y < spanBottom; y++) if (dark(x, y)) count++;
    ruleColumn.push(spanBottom > spanTop && count >= RULE_SHARE * (spanBottom - spanTop));
  }
  const inked = (x: number) => {
    if (ruleColumn[x]) return false;
    for (let y = lineTop; y < lineBottom; y++) if (!ruleRow[y] && ink(x, y)) return true;
    return false;
  };
  const cells: LineCell[] = [];
  let from = -1;
  let last = -Infinity;
  const close = () => {
    let inkTop = height;
    let inkBottom = 0;
    for (let y = 0; y < height; y++) {
      if (ruleRow[y]) continue;
      for (let x = from; x <= last; x++) {
        if (!ruleColumn[x] && ink(x, y)) {
          inkTop = Math.min(inkTop, y);
          inkBottom = y + 1;
          break;
        }
      }
    }
    if (inkBottom > inkTop)
      cells.push({ x0: left + from, x1: left + last + 1, top: top + inkTop, bottom: top + inkBottom });
    from = -1;
  };
  for (let x = 0; x < width; x++) {
    if (!inked(x)) {
      if (ruleColumn[x] && from >= 0) close();
      continue;
    }
    if (from >= 0 && x - last > CELL_GAP * box.height) close();
    if (from < 0) from = x;
    last = x;
  }
  if (from >= 0) close();
  const rules = ruleColumn.flatMap((rule, x) => (rule ? [left + x] : []));
  return { cells, rules };
}

/**
 * A cell cut out for OCR (its light evened as a line's, `even` as there): padded by its glyphs'
 * height as a line is, kept clear of the rules beside it, on a margin of the crop's own ground one
 * glyph height wide. Tesseract left small cells cut tight ("5", "C+" of a transcript row) unread, and
 * read a rule at a cell's edge as a glyph.
 */
export async function cellCrop(
  page: GrayRaster,
  cell: LineCell,
  rules: number[],
  even?: boolean,
): Promise<ReadingCrop | null> {
  const glyphs = Math.max(1, cell.bottom - cell.top);
  const padX = Math.round(glyphs * 0.6);
  const padY = Math.round(glyphs * 0.35);
  const ruleLeft = Math.max(-Infinity, ...rules.filter((x) => x < cell.x0));
  const ruleRight = Math.min(Infinity, ...rules.filter((x) => x >= cell.x1));
  const x0 = Math.max(0, cell.x0 - padX, ruleLeft + RULE_CLEARANCE);
  const x1 = Math.min(page.width, cell.x1 + padX, ruleRight - RULE_CLEARANCE + 1);
  const y0 = Math.max(0, cell.top - padY);
  const y1 = Math.min(page.height, cell.bottom + padY);
  const innerWidth = Math.max(1, x1 - x0);
  const innerHeight = Math.max(1, y1 - y0);
  const width = innerWidth + 2 * glyphs;
  const height = innerHeight + 2 * glyphs;
  if (width * height > MAX_READING_PIXELS) return null;
  const { crop: inner, evened } = await cutForReading(
    page,
    { x: x0, y: y0, width: innerWidth, height: innerHeight },
    0,
    even,
  );
  const ground = greyLevelAt(inner.data, 0.9);
  const data = new Uint8Array(width * height).fill(ground);
  for (let y = 0; y < inner.height; y++)
    data.set(inner.data.subarray(y * inner.width, (y + 1) * inner.width), (y + glyphs) * width + glyphs);
  return { crop: { width, height, data }, evened };
}

/**
 * The grey level below which `share` of the pixels lie (the level at index floor(n * share) of the
 * sorted pixels), counted in a histogram: sorting a large crop's pixels cost up to 0.5 s.
 */
export function greyLevelAt(data: Uint8Array, share: number): number {
  if (!data.length) return 255;
  const histogram = new Uint32Array(256);
  // An index loop: iterating a typed array with for-of cost 5 times as much on page-sized data.
  for (let index = 0; index < data.length; index++) histogram[data[index]!]!++;
  const rank = Math.floor(data.length * share);
  let below = 0;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    if (below > rank) return level;
  }
  return 255;
}
