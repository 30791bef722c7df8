/**
 * Ink of the text block that registration did not read as a line: a recipient's name in a script
 * font, light print. Nothing reads or names it, and judged as graphics its tiles had to score 0.3 to
 * count: a one-letter change in a script name (seed 7 `f-name-letter-photo-0002`, Rahman -> Rabman,
 * photographed) scored 0.279 and was accepted. Such ink is found on the original at verification
 * time (existing registrations keep their lines) and compared as a line of text: flagged at the text
 * flag, read on both pages alike, cleared only by the same reading.
 */
import type { Box } from '../ocr/protocol.ts';
import type { RegisteredLine } from './fields.ts';
import type { InkMasks } from './ink.ts';

/** A band's ink rows may break by this share of a text line's height (a name's gap under its capitals). */
const ROW_GAP = 0.25;
/** Ink further apart across a row than this many text heights is two bands (two signatures side by side). */
const COLUMN_GAP = 2;
/** Rows with fewer uncovered ink pixels than this share of a text height are no band. */
const ROW_INK = 0.2;
/** A column inked over more than this share of the block's rows is a frame or rule. */
const RULE_SHARE = 0.5;
/** Bands from half a text line high up to this many text heights (above it: a seal, a photo). */
const MAX_HEIGHT = 6;

/**
 * The boxes of ink bands inside `block` that no registered line covers (each line padded as OCR of
 * a line is cut, so its accents and descenders stay its own), as lines with nothing read: text ''
 * at confidence 0, no field. `dark` (ink.ts `DarkAreas.mask`, 1 inside a dark ground) leaves out
 * bands whose ink lies mostly on a dark ground: a seal's disc or a portrait's body that the lines'
 * padding cut to a text-sized piece is a picture, not unread print (see `ON_DARK_GROUND`).
 */
export function unreadLines(
  ink: InkMasks,
  lines: RegisteredLine[],
  block: Box | null,
  dark?: Uint8Array,
): RegisteredLine[] {
  if (!block || lines.length === 0) return [];
  const heights = lines.map((line) => Math.min(line.box.height, line.box.width)).sort((a, b) => a - b);
  const textHeight = Math.max(4, heights[Math.floor(heights.length / 2)]!);
  const { width, height } = ink;
  const left = Math.max(0, Math.floor(block.x));
  const top = Math.max(0, Math.floor(block.y));
  const right = Math.min(width, Math.ceil(block.x + block.width));
  const bottom = Math.min(height, Math.ceil(block.y + block.height));
  if (right <= left || bottom <= top) return [];
  const bandWidth = right - left;
  const blockHeight = bottom - top;
  const uncovered = new Uint8Array(bandWidth * blockHeight);
  for (let y = top; y < bottom; y++)
    uncovered.set(ink.ink.subarray(y * width + left, y * width + right), (y - top) * bandWidth);
  for (const line of lines) {
    // Padded by its glyphs' height: a border read as a line down the page's side is tall, not large.
    const glyphs = Math.min(line.box.height, line.box.width);
    const padX = Math.round(glyphs * 0.6);
    const padY = Math.round(glyphs * 0.35);
    const x0 = Math.max(left, line.box.x - padX);
    const x1 = Math.min(right, line.box.x + line.box.width + padX);
    const y0 = Math.max(top, line.box.y - padY);
    const y1 = Math.min(bottom, line.box.y + line.box.height + padY);
    if (x1 <= x0) continue;
    for (let y = y0; y < y1; y++)
      uncovered.fill(0, (y - top) * bandWidth + (x0 - left), (y - top) * bandWidth + (x1 - left));
  }
  // A frame or rule running down the block (inked over most of its rows) is no text: left out, or
  // every row would be inked and the block one band.
  const rowsInked = new Uint32Array(bandWidth);
  for (let y = 0; y < blockHeight; y++)
    for (let x = 0, at = y * bandWidth; x < bandWidth; x++, at++) rowsInked[x]! += uncovered[at]!;
  for (let x = 0; x < bandWidth; x++) {
    if (rowsInked[x]! <= RULE_SHARE * blockHeight) continue;
    for (let at = x; at < uncovered.length; at += bandWidth) uncovered[at] = 0;
  }
  // A rule across the block (a table's row rule, inked over most of its columns) is no text either:
  // with the glyph tips the lines' padding leaves above and below it, it made a band between two
  // table rows that took a changed grade's tile from its row (`f-grade-sign-digital-0001`). Each
  // row's count, once cleared of such a rule, is what the bands are found by.
  const rowCounts = new Uint32Array(blockHeight);
  for (let y = 0; y < blockHeight; y++) {
    let count = 0;
    for (let at = y * bandWidth, end = at + bandWidth; at < end; at++) count += uncovered[at]!;
    if (count > RULE_SHARE * bandWidth) uncovered.fill(0, y * bandWidth, (y + 1) * bandWidth);
    else rowCounts[y] = count;
  }
  const rowInk = Math.max(2, Math.round(ROW_INK * textHeight));
  const rows: [number, number][] = [];
  let start = -1;
  let lastInked = -Infinity;
  for (let y = 0; y < blockHeight; y++) {
    if (rowCounts[y]! < rowInk) continue;
    if (start >= 0 && y - lastInked > ROW_GAP * textHeight + 1) {
      rows.push([start, lastInked + 1]);
      start = -1;
    }
    if (start < 0) start = y;
    lastInked = y;
  }
  if (start >= 0) rows.push([start, lastInked + 1]);
  const found: RegisteredLine[] = [];
  for (const [y0, y1] of rows) {
    const bandHeight = y1 - y0;
    if (bandHeight < 0.5 * textHeight || bandHeight > MAX_HEIGHT * textHeight) continue;
    // Row by row (the mask's own order): whether each column has ink in the band.
    const inked = new Uint8Array(bandWidth);
    for (let y = y0; y < y1; y++)
      for (let x = 0, at = y * bandWidth; x < bandWidth; x++, at++) if (uncovered[at] === 1) inked[x] = 1;
    let from = -1;
    let lastX = -Infinity;
    const close = (to: number) => {
      const box = { x: left + from, y: top + y0, width: to - from, height: bandHeight };
      if (
        to - from >= textHeight &&
        !lines.some((line) => beside(box, line.box, textHeight)) &&
        !(dark && onDarkGround(uncovered, bandWidth, from, to, y0, y1, dark, width, left, top))
      )
        found.push({ box, text: '', confidence: 0, field: null });
    };
    for (let x = 0; x < bandWidth; x++) {
      if (!inked[x]) continue;
      if (from >= 0 && x - lastX > COLUMN_GAP * textHeight) {
        close(lastX + 1);
        from = -1;
      }
      if (from < 0) from = x;
      lastX = x;
    }
    if (from >= 0) close(lastX + 1);
  }
  return found;
}

/**
 * Share of a band's ink on a dark ground from which the band is a picture, not print. Registration
 * reads the page with its dark grounds turned (ink.ts `normalisePolarity`), so print there is read
 * like any other; what OCR left unread on a dark ground is the ground's own drawing (`g-screenshot-0004`:
 * a badge's green seal, its ring lettering at 0.125 in a viewer's 0.81 rendering, held to the text
 * flag and answered unknown). Judged as graphics it keeps the graphic flag and the tone likeness.
 */
const ON_DARK_GROUND = 0.5;

/** Whether most of a band's uncovered ink (columns `from`-`to`, rows `y0`-`y1` of the block) is on a dark ground. */
function onDarkGround(
  uncovered: Uint8Array,
  bandWidth: number,
  from: number,
  to: number,
  y0: number,
  y1: number,
  dark: Uint8Array,
  pageWidth: number,
  left: number,
  top: number,
): boolean {
  let inked = 0;
  let onDark = 0;
  for (let y = y0; y < y1; y++)
    for (let x = from; x < to; x++) {
      if (!uncovered[y * bandWidth + x]) continue;
      inked++;
      onDark += dark[(top + y) * pageWidth + left + x]!;
    }
  return inked > 0 && onDark >= ON_DARK_GROUND * inked;
}

/**
 * Whether a band shares rows with a registered line and lies within COLUMN_GAP text heights of it
 * across: ink OCR's box of that line left out (a large initial, a swash), which is that line's and
 * is judged with it (a scan's course line flagged 0.24 beside its box, cleared by its reading).
 */
function beside(band: Box, line: Box, textHeight: number): boolean {
  const rows = Math.min(band.y + band.height, line.y + line.height) - Math.max(band.y, line.y);
  const gap = Math.max(line.x - (band.x + band.width), band.x - (line.x + line.width));
  return rows > 0 && gap <= COLUMN_GAP * textHeight;
}

/**
 * The ink of one glyph of the page's registered text: per line that reads as text (two letters or
 * digits), the original's ink inside its box over its glyphs (spaces aside), the median over lines.
 * 0 when no line reads as text.
 */
export function glyphInk(ink: InkMasks, lines: RegisteredLine[]): number {
  const perGlyph: number[] = [];
  for (const line of lines) {
    const glyphs = line.text.replace(/\s/gu, '').length;
    if ((line.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 2) continue;
    const left = Math.max(0, Math.floor(line.box.x));
    const top = Math.max(0, Math.floor(line.box.y));
    const right = Math.min(ink.width, Math.ceil(line.box.x + line.box.width));
    const bottom = Math.min(ink.height, Math.ceil(line.box.y + line.box.height));
    let count = 0;
    for (let y = top; y < bottom; y++)
      for (let p = y * ink.width + left; p < y * ink.width + right; p++) count += ink.ink[p]!;
    perGlyph.push(count / glyphs);
  }
  if (perGlyph.length === 0) return 0;
  perGlyph.sort((a, b) => a - b);
  return perGlyph[Math.floor(perGlyph.length / 2)]!;
}

/**
 * The pixels of a table's rules across the text block: rows of the original whose ink runs longer
 * than COLUMN_GAP text heights add up to more than RULE_SHARE of the block's width (a rule is broken
 * where a column's rule or a cell's text crosses it), those runs, followed to their ends, with a row
 * either side (a rule shrunk to a screenshot's scale spreads over two). No glyph runs that far unbroken. At a screenshot's scale
 * a light rule tips under the ink threshold in a genuine copy (seed 7 `g-screenshot-0003`: 27 px lost
 * per tile at depth 35-41, scored 1.0 in two table rows). Only the original decides where they lie.
 */
export function tableRules(ink: InkMasks, lines: RegisteredLine[], block: Box | null): Uint8Array | null {
  if (!block || lines.length === 0) return null;
  const heights = lines.map((line) => Math.min(line.box.height, line.box.width)).sort((a, b) => a - b);
  const longRun = COLUMN_GAP * Math.max(4, heights[Math.floor(heights.length / 2)]!);
  const { width, height } = ink;
  const left = Math.max(0, Math.floor(block.x));
  const right = Math.min(width, Math.ceil(block.x + block.width));
  const top = Math.max(0, Math.floor(block.y));
  const bottom = Math.min(height, Math.ceil(block.y + block.height));
  let zone: Uint8Array | null = null;
  const mask = ink.ink;
  for (let y = top; y < bottom; y++) {
    const rowStart = y * width;
    // The runs' ink in the block is at most the row's ink there: a row with too little is no rule.
    let inked = 0;
    for (let p = rowStart + left; p < rowStart + right; p++) inked += mask[p]!;
    if (inked <= RULE_SHARE * (right - left)) continue;
    const runs: [number, number][] = [];
    let from = 0;
    for (let x = 0; x <= width; x++) {
      if (x < width && mask[rowStart + x]) continue;
      if (x - from > longRun) runs.push([from, x]);
      from = x + 1;
    }
    const inBlock = runs.reduce(
      (sum, [a, b]) => sum + Math.max(0, Math.min(b, right) - Math.max(a, left)),
      0,
    );
    if (inBlock <= RULE_SHARE * (right - left)) continue;
    // The rule followed past the block's sides, across the breaks where columns cross it: a table
    // reaches beyond the text OCR read in it (a grade column of single letters).
    let first = runs.findIndex(([, b]) => b > left);
    let last = runs.findLastIndex(([a]) => a < right);
    while (first > 0 && runs[first]![0] - runs[first - 1]![1] <= longRun) first--;
    while (last < runs.length - 1 && runs[last + 1]![0] - runs[last]![1] <= longRun) last++;
    zone ??= new Uint8Array(width * height);
    for (const [a, b] of runs.slice(first, last + 1))
      for (let row = Math.max(0, y - 1); row <= Math.min(height - 1, y + 1); row++)
        zone.fill(1, row * width + a, row * width + b);
  }
  return zone;
}
