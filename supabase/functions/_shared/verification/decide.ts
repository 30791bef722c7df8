/**
 * The decision rule, in one place: from what alignment and comparison found to a verdict with
 * its differences, reasons and confidence. Pure; imported by the engine and by the accuracy
 * benchmark. A false accept is the worst failure: any doubt about a region ends in *unknown*,
 * never *authentic*; *altered* needs a clear difference on a copy that aligned well.
 */
import type { CertificateField } from '../api-contract.ts';
import {
  fieldLabel,
  holdsValueSigns,
  readingKey,
  type RegisteredLine,
  statedDates,
  statesGrade,
  textLineLabel,
  unifyDashes,
  withoutDates,
  withoutEdgeMarks,
  withoutScribbles,
} from './fields.ts';
import type { Box, RegionReading } from '../ocr/protocol.ts';
import { overlapArea } from './boxes.ts';

/** Tile score from which a tile over registered text is examined (see compare.ts). */
export const TEXT_FLAG = 0.05;
/** The lowest a text tile's flag goes on a clean copy: below it, re-sampling alone can score. */
export const TEXT_FLAG_FLOOR = 0.02;
/** How far above the page's own noise (95th percentile of its inked tiles) a tile must score. */
const NOISE_MARGIN = 3;

/**
 * The text flag for one comparison: TEXT_FLAG on a blurred or noisy copy, lower on a clean one
 * whose tiles otherwise score near zero, where one changed digit in small print moves only a few
 * pixels (2016 -> 2015 scored 0.04). What a flag starts is a reading, never a verdict on its own.
 */
export function textFlagFor(inkedTileScores: number[]): number {
  if (inkedTileScores.length === 0) return TEXT_FLAG;
  const sorted = [...inkedTileScores].sort((a, b) => a - b);
  const noise = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
  return Math.min(TEXT_FLAG, Math.max(TEXT_FLAG_FLOOR, NOISE_MARGIN * noise));
}

/**
 * Tile score from which a tile of graphics (seal, signature, photo, pattern) is a difference: fine
 * detail scores higher after blur and noise than text does, and a swapped seal scores near 1.
 */
export const GRAPHIC_FLAG = 0.3;
/**
 * Structure likeness (compare.ts structureLikeness) under which a tile off the registered lines is
 * in doubt whatever its ink score: its tones no longer vary together, as a swapped seal's do not.
 */
export const GRAPHIC_LIKENESS = 0.5;
/**
 * Structure likeness from which a tile's tones are the same picture's: a swapped seal's fell under
 * GRAPHIC_LIKENESS, a genuine seal's edge in a JPEG q70 scan was 0.967.
 */
export const TONES_ALIKE = 0.95;
/** Tile score that is a difference on its own, whatever OCR reads. */
export const TILE_STRONG = 0.3;
/** OCR confidence from which a reading is believed. */
export const READ_CONFIDENT = 0.8;
const MIN_INLIERS = 20;
const MIN_INLIER_RATIO = 0.15;
/** More flagged ink than this and the copy is too degraded to judge region by region. */
const MAX_FLAGGED_SHARE = 0.2;
const MIN_VISIBLE_INK = 0.85;

/** A registered line read as words: surely enough, with two letters or digits at least. */
function readsAsText(line: RegisteredLine): boolean {
  return line.confidence >= READ_DOUBT && (line.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;
}

/**
 * The box around the registered lines that read as text (two letters or digits, OCR confidence
 * from READ_DOUBT): where the certificate says what it says. The share of ink a copy must show is
 * taken inside it, so a crop that cuts a decorative frame at the page's edge (often most of a
 * page's ink) is not "too little visible", while every line's own visibility is still required.
 * Null when no line reads as text.
 */
export function textBlock(lines: RegisteredLine[]): Box | null {
  let box: Box | null = null;
  for (const line of lines) {
    if (!readsAsText(line)) continue;
    if (!box) {
      box = { ...line.box };
      continue;
    }
    const right = Math.max(box.x + box.width, line.box.x + line.box.width);
    const bottom = Math.max(box.y + box.height, line.box.y + line.box.height);
    box.x = Math.min(box.x, line.box.x);
    box.y = Math.min(box.y, line.box.y);
    box.width = right - box.x;
    box.height = bottom - box.y;
  }
  return box;
}

export interface RegionEvidence {
  /** In original page pixels. */
  box: Box;
  score: number;
  /** The registered text line the region lies on, if any. */
  line: RegisteredLine | null;
  /** That line's place on the page (fields.ts lineNumber), which names it in a label. */
  lineNumber?: number;
  /** What OCR reads in the copy over that line. */
  reads: { text: string; confidence: number } | null;
  /**
   * What OCR reads in the original over the same box under the same conditions (same crop, same
   * scale), when the copy's reading differs from the registered text; null when not read.
   */
  originalReads?: { text: string; confidence: number } | null;
  /**
   * Whole marks (an accent, a point, a letter) over the line that one page shows and the other
   * does not (see compare.ts unmatchedMarks); counted for flagged lines and critical lines read.
   */
  unmatchedMarks?: number;
  /**
   * A critical field read although it looked the same: a one-stroke change (5 → 8, + → -) can
   * hide in a line's ink, so the text decides, and only when OCR is sure.
   */
  readAnyway: boolean;
  /**
   * What the region shows, named after the decision from its context, the shape of its values or
   * ink, or the copy's reading where nothing was registered (naming.ts nameRegions); absent, a
   * region is named by its registered line's field alone.
   */
  naming?: RegionNaming | null;
  /** The flagged tiles' own box, where `box` is the line's (kept for naming what differs there). */
  flaggedBox?: Box;
  /**
   * The line's height in the copy's own pixels (its registered height over the copy's scale);
   * absent, the copy is taken to show it at least as large as registered. Below LEGIBLE_LINE_HEIGHT
   * OCR's readings of it are no evidence either way (see `judgeSmallPrint`).
   */
  copyLineHeight?: number;
  /**
   * A line in doubt (the copy read otherwise than the registration and than the original read alike)
   * read again cell by cell on both pages the same way (reading.ts `lineCells`): each stretch of ink
   * between wide gaps or table rules, enlarged by its own glyphs' height. Index i of `copy` and
   * `original` is the same cell. `again`: the cells read otherwise on the two pages, not surely on
   * both, read once more on both pages at another scale (verify.ts `CELL_REREAD_ZOOM`), by index.
   */
  cells?: {
    copy: RegionReading[];
    original: RegionReading[];
    again?: { index: number; copy: RegionReading; original: RegionReading }[];
    /**
     * Some of the line's cells were past OCR's pixel budget and left unread on both pages (verify.ts:
     * only on a line holding a number or date): the cells read may show a change, never clear the line.
     */
    partial?: boolean;
    /**
     * The one- or two-glyph cells (by index) whose strokes were compared on the two pages (glyphs.ts),
     * those `strokesWeighed` names: `changed` where one page has a stroke the other lacks beyond a
     * blur's reach.
     */
    shapes?: { index: number; changed: boolean }[];
  };
  /**
   * Every flagged tile of the region has tones that vary together on both pages (structure likeness
   * from TONES_ALIKE) and ink on both within a factor of two: the same picture, its ink threshold
   * tipped otherwise by the copy's blur or compression. Absent, taken not to.
   */
  tonesAlike?: boolean;
  /**
   * Whether the region's line stands in the flow of the page's text (`inTextFlow`), as a name line
   * does; absent, it is taken not to.
   */
  inTextFlow?: boolean;
  /**
   * The region holds a tile scored from UNLIKE_TILE_SCORE whose tones do not vary together on both
   * pages (structure likeness under UNLIKE_TONES): a letter turned into another (verify.ts
   * `flaggedRegions`). Absent, taken not to.
   */
  unlikeTile?: boolean;
}

/**
 * Tile score from which a tile of print OCR cannot read counts as changed when its tones are unlike
 * too (`unreadableChanged`): half of TILE_STRONG. A genuine copy's tiles over a diploma's script name
 * scored under 0.03 (scans, photos and screenshots of three seeds); its forged letter, photographed,
 * 0.22 (`f-name-letter-photo-0002`, Elena -> Elene).
 */
export const UNLIKE_TILE_SCORE = TILE_STRONG / 2;
/**
 * Structure likeness under which such a tile's tones are another letter's: the forged letter's tiles
 * lay at 0.62-0.81 (0.78 in a scan read "PRIVA" for "PRIYA"), a genuine photo's flagged print and
 * border at 0.86 and more, a seal's edge in a scan at 0.97.
 */
export const UNLIKE_TONES = 0.75;

export interface RegionNaming {
  field: CertificateField | null;
  label: string;
}

/**
 * A number or date with separators (TLC-2025-001088, 24.08.2025): read in every copy whatever
 * confidence registration read it with. Whole-page OCR reads such a line poorly where it is printed
 * light on a dark band (0.32 for a badge's number), and a line left unread is a field nothing
 * compares; the original is read again alike, so the copy's reading is weighed against that.
 */
export const IDENTIFIER =
  /[\p{L}\p{N}]*\d{2}[\p{L}\p{N}]*(?:[./-][\p{L}\p{N}]+)+|[\p{L}\p{N}]+(?:[./-][\p{L}\p{N}]+)*[./-][\p{L}\p{N}]*\d{2}/u;

/** Fields always read in the copy, whatever the picture comparison says. */
export const CRITICAL_FIELDS: readonly CertificateField[] = [
  'recipient_name',
  'course',
  'grade',
  'issue_date',
  'expiry_date',
  'certificate_number',
];
/**
 * Line height (px, as OCR boxes a line: ascender to descender) in the copy's own pixels under which
 * OCR's reading of the copy is no evidence: Tesseract, given the crop enlarged back to the
 * original's scale, still read 7.6-8.4 px lines of a viewer's screenshot right (dates at 0.93), and
 * read nothing or other text below (a number at 7.0 px).
 */
export const LEGIBLE_LINE_HEIGHT = 7;

/**
 * Line height (px, as LEGIBLE_LINE_HEIGHT) in the copy's own pixels under which OCR still reads but
 * takes one letter for another of a like shape (a for o, + for e): there an unnamed line's reading or
 * strokes that differ where the ink agrees accuse nothing (`finePrintDoubt`). Genuine screenshots at
 * 38-41 % read "Corporate Low Ce" for "Corporate Law 7.5 C+" at 0.92 in an 8.8 px transcript row, and a
 * 37 % one's issuer line at 8.3 px had two letters' strokes judged changed: 3 of the 11 genuine
 * screenshots of the full corpus's first genuine shard were answered altered so.
 */
export const FINE_PRINT_HEIGHT = 10;

/** OCR confidence needed to call a critical field changed when the picture looked the same. */
export const READ_SURE = 0.9;
/** Below this a different reading of a critical field is OCR noise; between it and READ_SURE, doubt. */
export const READ_DOUBT = 0.6;

export interface DecisionInput {
  inliers: number;
  matches: number;
  /** Share of the original's ink inside its text block (textBlock) that the copy shows. */
  visibleInk: number;
  /** Registered lines the copy does not show. */
  hiddenLines: RegisteredLine[];
  inkTiles: number;
  flaggedTiles: number;
  regions: RegionEvidence[];
}

export interface DecidedDifference {
  field: CertificateField | null;
  label: string;
  box: Box;
  registered: string | null;
  reads: string | null;
}

export interface Decision {
  verdict: 'authentic' | 'altered' | 'unknown';
  differences: DecidedDifference[];
  reasons: string[];
  confidence: number;
}

function describe(region: RegionEvidence, index: number): DecidedDifference {
  const field = region.naming ? region.naming.field : (region.line?.field ?? null);
  return {
    field,
    label: region.naming
      ? region.naming.label
      : field
        ? fieldLabel(field)
        : region.line?.text
          ? textLineLabel(region.lineNumber)
          : `Region ${index + 1} of the page`,
    box: region.box,
    registered: region.line?.text ? region.line.text : null,
    reads: region.reads && region.reads.text ? region.reads.text : null,
  };
}

type Judgement = 'same' | 'different' | 'uncertain';

/**
 * Readings of a line compared where the ink agrees: glyphs OCR confuses with each other (O/0,
 * l/I/1, S/5, B/8, &/8, Z/2, rn/m) are one. Never used where the tiles show a difference: there a
 * 1 -> l could be the change. An ampersand is folded before `readingKey` drops it as punctuation: a
 * 44 % screenshot's "Valid until 8 February 2029" read "& February" at 0.92 in the line's one cell,
 * every tile alike (seed 23 `g-screenshot-0002`, a genuine copy answered altered).
 */
export function confusableKey(text: string): string {
  return readingKey(text.replace(/&/g, '8'))
    .replace(/rn/g, 'm')
    .replace(/[o]/g, '0')
    .replace(/[il]/g, '1')
    .replace(/s/g, '5')
    .replace(/b/g, '8')
    .replace(/z/g, '2')
    .replace(/,/g, '.');
}

/**
 * Readings compared where the tiles saw a difference: a comma and a point are one sign there, as OCR
 * of small print tells them apart no better than its noise (a screenshot's "Certificate No." read
 * "No," at 0.90, seed 11 `g-screenshot-0000`, answered altered), and no value a certificate states
 * turns into another between them. Every other glyph counts (a 1 -> l could be the change).
 */
export function signKey(text: string): string {
  return readingKey(text).replace(/,/g, '.');
}

/**
 * Whether `reading` holds every word of `registered`, in order and whole, among more words: a box
 * registration drew tall (a seal OCR joined to a number line) cuts the lines above and below into
 * the crop, and those lines are judged on their own (e2e `E2E-V2-534CF0`: "Date of issue: 2026-11-25
 * Certificate No: E2E-V2-534CF0O Issued by Northwind Academy" read for "Certificate No: E2E-V2-534CF0O
 * [)" with every tile alike was answered altered). The more words may stand between the registered
 * ones: registration joins a date to the signature beside it and the signatory's name past that
 * ("27.12.2024 Dr. Helen Park"), and OCR reads the scribble between as words of its own ("27.12.2024
 * at B vi Dr. Helen Park", seed 11 `g-screenshot-0000` and `g-photo-0000`, both answered unknown);
 * where every tile agrees that is ink both pages show. Whole words only: "A+" holds no word "A".
 */
export function readsWhole(reading: string, registered: string): boolean {
  const own = confusableWords(registered);
  const read = confusableWords(reading);
  if (own.length < 2 || read.length <= own.length) return false;
  return standInOrder(own, read);
}

/** A reading's words, each keyed with look-alike glyphs folded (`confusableKey`). */
function confusableWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map(confusableKey)
    .filter((word) => word.length > 0);
}

/** Whether every one of `few` stands in `many`, in the same order (other words may stand between). */
function standInOrder(few: string[], many: string[]): boolean {
  let found = 0;
  for (const word of many) if (found < few.length && word === few[found]) found++;
  return found === few.length;
}

/**
 * Whether `reading` is `full` with some glyphs or words left out and nothing else changed, and
 * still at least half of it: what OCR drops in a line whose ink is all there ("Signal Processing
 * 15 +" for "... 15 C+", "Microeconomics" for "Microeconomics 7.5 C-"). A reading with less left
 * is no reading at all.
 */
export function droppedGlyphs(reading: string, full: string): boolean {
  return glyphsDropped(reading, full) !== null;
}

/** `droppedGlyphs`, where every glyph left out is a letter: a digit or sign more is never OCR noise. */
export function droppedLetters(reading: string, full: string): boolean {
  return glyphsDropped(reading, full)?.every((glyph) => /\p{L}/u.test(glyph)) ?? false;
}

/** The glyphs `droppedGlyphs` sees OCR drop: left out, with at least half of `full` kept; else null. */
function glyphsDropped(reading: string, full: string): string[] | null {
  const left = glyphsLeftOut(reading, full);
  return left && confusableKey(reading).length >= left.length ? left : null;
}

/**
 * The glyphs `full` has beyond `reading` when `reading` is `full` with something left out (a strict
 * subsequence, spacing aside, matched from the start), else null.
 */
function glyphsLeftOut(reading: string, full: string): string[] | null {
  const read = confusableKey(reading);
  const all = confusableKey(full);
  if (read.length >= all.length) return null;
  const left: string[] = [];
  let at = 0;
  for (const glyph of all) {
    if (at < read.length && glyph === read[at]) at++;
    else left.push(glyph);
  }
  return at === read.length ? left : null;
}

/** Whether `reading` is `full` with something left out (a strict subsequence, spacing aside). */
function leftOut(reading: string, full: string): boolean {
  return glyphsLeftOut(reading, full) !== null;
}

/**
 * Whether `reading` has the digits of the registered text in the same groups of the same lengths,
 * some of them other digits: a well-formed value with another digit (a forged TLC-2017-000716 ->
 * 060716 read so at 0.47 in a photo; a scanned date 2020-11-06 -> 05 read at 0.53 beside a
 * signature) is evidence of a change however unsure OCR is of it; noise rarely keeps the shape of a
 * number. Compared with the registered text: the original read again under the copy's conditions
 * brings its own noise ("NI4inL ... 2020-11-06").
 */
export function otherDigitsSameShape(reading: string, registered: string): boolean {
  // Digits as read: folding look-alikes would turn the letters of words ("Prof" -> "pr0f") into digits.
  const groups = (text: string) => readingKey(text).match(/[0-9]+/g) ?? [];
  const read = groups(reading);
  const original = groups(registered);
  return (
    original.length > 0 &&
    read.length === original.length &&
    read.every((group, index) => group.length === original[index]!.length) &&
    read.some((group, index) => group !== original[index])
  );
}

/** Whether the copy shows a region's line too small for OCR of it to be evidence. */
export function smallPrint(region: RegionEvidence): boolean {
  return !!region.line && (region.copyLineHeight ?? Infinity) < LEGIBLE_LINE_HEIGHT;
}

/**
 * A line the copy shows too small to read is judged by its picture at the copy's own scale
 * (verify.ts compares there), never by what OCR guesses. A strong tile is a change (a glyph of
 * different ink); nothing else confirms it: at that size a changed digit keeps its ink within the
 * comparison's one-pixel tolerance (a screenshot's 6 -> 5 in a 12 px line scored 0, and its tones
 * differed no more than genuine lines' did), so an unflagged line is doubt, never a match.
 */
function judgeSmallPrint(region: RegionEvidence): Judgement {
  return region.score >= TILE_STRONG ? 'different' : 'uncertain';
}

/**
 * A line's cells read on both pages alike (`RegionEvidence.cells`): different when a cell reads
 * otherwise on the two pages, surely on both (past look-alike glyphs); uncertain when a cell the
 * original reads at least half-sure reads as nothing on the copy; the same when every cell reads
 * alike, each read one from `least` confidence on both pages, and something was read; else null (no
 * evidence). A cell read again at another scale (`cells.again`) counts as alike when it reads alike
 * there, and as different when it reads surely otherwise there.
 */
export function judgeCells(cells: NonNullable<RegionEvidence['cells']>, least: number): Judgement | null {
  const pairs = cells.copy.map((copy, index) => [copy, cells.original[index]] as const);
  if (pairs.length === 0 || cells.original.length !== pairs.length) return null;
  const again = cells.again ?? [];
  if (cellsReadSurelyOtherwise(cells).length > 0) return 'different';
  // A cell the original reads and the copy reads as nothing confirms nothing (as a silent line):
  // a screenshot's forged "C-" read as nothing while the original's cell read "C+" (0.96), and the
  // row read whole dropped the grade on both pages (seed 11, f-grade-sign-screenshot-0000, accepted).
  const silent = pairs.some(
    ([copy, original]) =>
      !readingKey(copy.text) &&
      !!original &&
      !!readingKey(original.text) &&
      original.confidence >= READ_DOUBT,
  );
  if (silent) return 'uncertain';
  const readAlike = (copy: RegionReading, original: RegionReading | undefined) =>
    readingKey(copy.text) === readingKey(original?.text ?? '') &&
    (!readingKey(copy.text) || (copy.confidence >= least && (original?.confidence ?? 0) >= least));
  // A cell OCR read otherwise at one scale only (a rotated copy's blurred "7.5" read "1.3" at 0.81
  // enlarged 2.67 times, "7.5" at 0.96-0.97 at 1 to 4 times but that one, the original "7.5" at all)
  // is read alike when both pages read it alike, and something, at the other scale.
  const alike = pairs.every(
    ([copy, original], index) =>
      readAlike(copy, original) ||
      again.some(
        (cell) => cell.index === index && !!readingKey(cell.copy.text) && readAlike(cell.copy, cell.original),
      ),
  );
  return alike && pairs.some(([copy]) => readingKey(copy.text)) ? 'same' : null;
}

/** Whether a cell's text holds a digit or sign (any dash one) or states a grade ("B", "Merit"). */
function statesValue(text: string): boolean {
  return holdsValueSigns(unifyDashes(text)) || statesGrade(text);
}

/**
 * A line's cells less those OCR cannot read on the original (under READ_DOUBT, the copy's under
 * READ_CONFIDENT) where the others read the registered text whole on both pages (its edge marks
 * aside, fields.ts withoutEdgeMarks): ink beside the text that is no words, as a logo's letters page OCR
 * glued to a badge's name ("Name Omar Watanabe i“"; by cells "‘FSB" at 0.24 on the original and "FSB)"
 * at 0.51 on a genuine WebP left the recipient in doubt on 3 genuine copies of that badge). A cell of
 * the text itself the original cannot read stays: the others then lack part of the text.
 */
function cellsBesideText(
  cells: NonNullable<RegionEvidence['cells']>,
  registered: string,
): NonNullable<RegionEvidence['cells']> {
  if (cells.copy.length !== cells.original.length) return cells;
  // Never a cell holding a value's digit or sign, nor one whose strokes changed: a grade's "A+" OCR
  // reads unsurely is what the other cells do not hold when registration left it out.
  const beside = cells.original.flatMap((original, index) => {
    const copy = cells.copy[index]!;
    const unreadable =
      original.confidence < READ_DOUBT &&
      copy.confidence < READ_CONFIDENT &&
      !statesValue(original.text) &&
      !statesValue(copy.text) &&
      readingKey(copy.text) === readingKey(original.text) &&
      !cells.shapes?.some((shape) => shape.index === index && shape.changed);
    return unreadable ? [index] : [];
  });
  if (!beside.length || beside.length === cells.original.length) return cells;
  const text = confusableKey(withoutEdgeMarks(registered));
  const kept = (side: RegionReading[]) => side.filter((_, index) => !beside.includes(index));
  const readsText = (side: RegionReading[]) =>
    confusableKey(
      kept(side)
        .map((cell) => cell.text)
        .join(' '),
    ) === text;
  if (!readsText(cells.copy) || !readsText(cells.original)) return cells;
  // Cells read again, and strokes compared, keep their place among the cells kept.
  const place = (index: number) => index - beside.filter((other) => other < index).length;
  return {
    ...cells,
    copy: kept(cells.copy),
    original: kept(cells.original),
    again: cells.again
      ?.filter((cell) => !beside.includes(cell.index))
      .map((cell) => ({ ...cell, index: place(cell.index) })),
    shapes: cells.shapes
      ?.filter((shape) => !beside.includes(shape.index))
      .map((shape) => ({ ...shape, index: place(shape.index) })),
  };
}

/** Whether the words of the reading with fewer all stand, in order, among the other's words. */
function wordsWithin(a: string, b: string): boolean {
  const [fewer, more] = [confusableWords(a), confusableWords(b)].sort((x, y) => x.length - y.length);
  return standInOrder(fewer!, more!);
}

/**
 * Whether a cell reads surely otherwise on the two pages beyond a word one page alone read: the
 * cell's crop may catch a caption at its edge on one page ("24.09.2016 Date" on the original,
 * "24.09.2016" on a photo, seed 20261125 `f-grade-sign-photo-0001`, whose date was listed as changed).
 */
function cellReadOtherwise(cells: NonNullable<RegionEvidence['cells']>): boolean {
  return cellsReadSurelyOtherwise(cells).some(([copy, original]) => !wordsWithin(copy.text, original.text));
}

/** The cells (read again or not) that both pages read surely, and otherwise past look-alike glyphs. */
function cellsReadSurelyOtherwise(
  cells: NonNullable<RegionEvidence['cells']>,
): (readonly [RegionReading, RegionReading])[] {
  return [
    ...cells.copy.map((copy, index) => [copy, cells.original[index]] as const),
    ...(cells.again ?? []).map((cell) => [cell.copy, cell.original] as const),
  ].filter(
    (pair): pair is readonly [RegionReading, RegionReading] =>
      !!pair[0].text &&
      !!pair[1]?.text &&
      pair[0].confidence >= READ_SURE &&
      pair[1].confidence >= READ_SURE &&
      confusableKey(pair[0].text) !== confusableKey(pair[1].text),
  );
}

/**
 * Whether a line's cells read alike on both pages, confidently where they read something, and each
 * cell neither page read had its strokes compared and found unchanged, with no mark gone or added.
 */
function cellsLaidOverAlike(region: RegionEvidence): boolean {
  const cells = region.cells;
  if (!cells || (region.unmatchedMarks ?? 0) > 0 || !cellsReadAlike(cells)) return false;
  return cells.copy.every((copy, index) =>
    readingKey(copy.text)
      ? copy.confidence >= READ_CONFIDENT && (cells.original[index]?.confidence ?? 0) >= READ_CONFIDENT
      : (cells.shapes ?? []).some((shape) => shape.index === index && !shape.changed),
  );
}

/**
 * Whether a line whose tiles score under TILE_STRONG, with no mark gone or added, has cells that read
 * otherwise on the two pages (`signKey`, and otherwise again where read again), every one of them had
 * its strokes compared and found unchanged, and no cell's strokes changed (a comma for a point is one
 * sign to `signKey`, not to the strokes).
 */
function readOtherwiseOnlyWhereStrokesAgree(region: RegionEvidence): boolean {
  const cells = region.cells;
  if (!cells || cells.partial || cells.copy.length !== cells.original.length) return false;
  if (region.score >= TILE_STRONG || (region.unmatchedMarks ?? 0) > 0) return false;
  if ((cells.shapes ?? []).some((shape) => shape.changed)) return false;
  const alike = (copy: RegionReading, original: RegionReading | undefined) =>
    signKey(copy.text) === signKey(original?.text ?? '');
  const otherwise = cells.copy.flatMap((copy, index) =>
    alike(copy, cells.original[index]) ||
    (cells.again ?? []).some((cell) => cell.index === index && alike(cell.copy, cell.original))
      ? []
      : [index],
  );
  return (
    otherwise.length > 0 &&
    otherwise.every((index) => (cells.shapes ?? []).some((shape) => shape.index === index && !shape.changed))
  );
}

/** Whether every cell reads the same on both pages (`signKey`), and some cell reads something. */
function cellsReadAlike(cells: NonNullable<RegionEvidence['cells']>): boolean {
  return (
    cells.copy.length === cells.original.length &&
    cells.copy.some((cell) => !!signKey(cell.text)) &&
    cells.copy.every((cell, index) => signKey(cell.text) === signKey(cells.original[index]!.text))
  );
}

/** How far, in the line's own heights, the text lines above and below a line in the text's flow are. */
const FLOW_GAP = 2;

/**
 * Whether a line stands in the flow of the page's text: a line that reads as text (as `textBlock`
 * counts them) ends at most FLOW_GAP of its heights above it and another starts as close below it,
 * each sharing columns with it. A recipient's name in a script font, which OCR reads as no text, has
 * its introduction and the title there ("hereby confers upon" 0.9 of its height above, the title 1.4
 * below: seed 11 diploma); a signature stands apart from the text above it (3 heights and more on
 * every template), over its signatory's name only.
 */
export function inTextFlow(line: Box, lines: RegisteredLine[]): boolean {
  const text = lines.filter(
    (other) =>
      other.box !== line &&
      readsAsText(other) &&
      Math.min(line.x + line.width, other.box.x + other.box.width) - Math.max(line.x, other.box.x) > 0,
  );
  const reach = FLOW_GAP * line.height;
  const above = text.some((other) => {
    const gap = line.y - (other.box.y + other.box.height);
    return gap >= 0 && gap <= reach;
  });
  const below = text.some((other) => {
    const gap = other.box.y - (line.y + line.height);
    return gap >= 0 && gap <= reach;
  });
  return above && below;
}

/** Whether OCR read nothing over a region on either page: registered, whole, by cells, or again. */
function nothingRead(region: RegionEvidence): boolean {
  return (
    !readingKey(region.line?.text ?? '') &&
    [...readingsOf(region, 'copy'), ...readingsOf(region, 'original')].every(
      (reading) => !readingKey(reading.text),
    )
  );
}

/**
 * Whether a flagged line is ink OCR does not read as text on the original, clean at the flag ink no
 * line covers is held to (TEXT_FLAG, `unread.ts`): a signature's scribble that page OCR registered as
 * a line ("NAS" at 0.31 on a badge) or joined to a label beside it ("Date of issue Q IaVAVAVAAN" at
 * 0.67, read by cells "Date of issue" at 0.96 and the scribble at 0.56). Such ink has no reading to
 * confirm or clear it, and its thin strokes re-sample above the lowered flag of a clean copy (0.02-0.04
 * in a screenshot at 57 % and a copy rotated 5 degrees). Only for an unnamed line without digits or
 * signs and no mark gone or added: either registered and read alike on both pages as no text (below
 * READ_DOUBT), or read by cells where every cell the original reads as text reads alike, surely, on
 * the copy and no other cell reads as text on the copy. Never a line in the text's flow
 * (`inTextFlow`), whatever OCR reads there: a recipient's name in a script font is such ink too, and
 * its forged letter (Ağa -> Ağu, seed 11, 0.045) was cleared so and answered authentic.
 */
export function untextedInkClean(region: RegionEvidence): boolean {
  const { line } = region;
  if (!line || region.readAnyway || line.field !== null || holdsValueSigns(line.text)) return false;
  if (region.inTextFlow) return false;
  // Up to UNLIKE_TILE_SCORE where every tile's tones agree (the same picture, its ink threshold tipped
  // by compression) and OCR reads nothing there on either page, however unsurely: a badge's seal in
  // PDF-wrapped JPEG q90 copies, 0.080 at likeness 0.967 and 0.981 (full corpus `g-pdf-0208`,
  // `g-pdf-0040`, unknown). A name read unsurely ("Rabman" for "Rahman" at 0.55) is not such ink. No
  // tile under UNLIKE_TILE_SCORE is unlike (verify.ts): that check guards the cap's meaning.
  const clean =
    region.tonesAlike && !region.unlikeTile && nothingRead(region) ? UNLIKE_TILE_SCORE : TEXT_FLAG;
  if (region.score >= clean || (region.unmatchedMarks ?? 0) > 0) return false;
  const text = (reading: RegionReading | null | undefined) =>
    !!reading && !!readingKey(reading.text) && reading.confidence >= READ_DOUBT;
  if (line.confidence < READ_DOUBT && !text(region.reads) && !text(region.originalReads)) return true;
  if (!region.cells || region.cells.partial || region.cells.original.length !== region.cells.copy.length)
    return false;
  const pairs = region.cells.copy.map((copy, index) => [copy, region.cells!.original[index]!] as const);
  return (
    pairs.some(([, original]) => text(original)) &&
    pairs.every(([copy, original]) =>
      text(original)
        ? readingKey(copy.text) === readingKey(original.text) &&
          copy.confidence >= READ_CONFIDENT &&
          original.confidence >= READ_CONFIDENT
        : !text(copy),
    )
  );
}

/**
 * Fields a forger changes a glyph of (a name's letter, a number's digit) whose consistent reading
 * otherwise is a change on its own (`readOtherwiseConsistently`).
 */
const GLYPH_CHANGED_FIELDS: readonly CertificateField[] = ['recipient_name', 'certificate_number'];
/** Glyphs a reading may differ in, glyph for glyph, to be the same text with glyphs changed. */
const MAX_CHANGED_GLYPHS = 2;

/**
 * Whether the copy reads a unit of a line (the whole line, or one cell) otherwise than the original
 * read alike, the same way every time it was read (at least twice: whole and as its one cell, or a
 * cell at two scales) and confidently once, while the original reads it the same way every time and
 * surely once (or confidently every time, as registered); the two readings of the same length with one or two glyphs other (a forged digit or
 * letter, never OCR dropping or garbling part of a line). The change OCR reads in such a unit stays
 * when the line is read again; its noise on a genuine copy does not (seed 11: "1.5" at 0.90 whole,
 * "71.5" by cells, against "7.5"). A forged 000376 -> 000375 read at 0.87 and 0.89 against 0.90 and
 * 0.91, and Silva -> Sllva read "Sliva" at 0.83 and 0.86 against "Silva" at 0.96 twice, were
 * _unknown_ on the half-sure side alone.
 */
export function readOtherwiseConsistently(region: RegionEvidence): boolean {
  const units: { copy: RegionReading[]; original: RegionReading[] }[] = [];
  const whole = {
    copy: region.reads ? [region.reads] : [],
    original: region.originalReads ? [region.originalReads] : [],
  };
  const cells = region.cells;
  if (cells && cells.copy.length === cells.original.length) {
    cells.copy.forEach((copy, index) => {
      const again = (cells.again ?? []).filter((cell) => cell.index === index);
      units.push({
        copy: [copy, ...again.map((cell) => cell.copy)],
        original: [cells.original[index]!, ...again.map((cell) => cell.original)],
      });
    });
    // A line of one cell is read twice as one unit: whole and as its cell.
    if (units.length === 1 && !cells.partial) {
      units[0]!.copy.push(...whole.copy);
      units[0]!.original.push(...whole.original);
    } else units.push(whole);
  } else units.push(whole);
  // A number's letters are OCR's to confuse (a screenshot's NWA read "NVA -" at one scale of two);
  // its digits are what a forger changes, and they are compared on their own too. A comma read for a
  // point is no glyph changed (`signKey`): a margin copy's "Certificate No, FSB-..." read so whole and
  // in its cell, every tile alike, was answered altered once its warp was refined (accuracy run E1).
  const keys = region.line?.field === 'certificate_number' ? [signKey, numberDigits] : [signKey];
  return keys.some((key) => {
    const registered = key(region.line?.text ?? '');
    return units.some(({ copy, original }) => {
      const copyKey = oneReading(copy, READ_CONFIDENT, key);
      const originalKey = oneReading(original, READ_CONFIDENT, key);
      // Surely once, or confidently every time and as registration read the page (0.90, 0.88, 0.81 and
      // the registered "TLC-2017-000716": four readings of one text).
      const originalSure =
        original.some((reading) => reading.confidence >= READ_SURE) ||
        (original.length >= 2 &&
          original.every((reading) => reading.confidence >= READ_CONFIDENT) &&
          !!originalKey &&
          registered.includes(originalKey));
      return (
        copy.length >= 2 &&
        copyKey !== null &&
        originalKey !== null &&
        originalSure &&
        glyphsChanged(copyKey, originalKey)
      );
    });
  });
}

/** A number's digits as read, group by group (TLC-2017-000716 -> "2017-000716"); letters and spacing aside. */
function numberDigits(text: string): string {
  return (readingKey(text).match(/[0-9]+/g) ?? []).join('-');
}

/** The one text all `readings` read (under `key`: spacing and case aside), one of them from `least`; else null. */
function oneReading(readings: RegionReading[], least: number, key: (text: string) => string): string | null {
  const keys = new Set(readings.map((reading) => key(reading.text)));
  if (keys.size !== 1 || !readings.some((reading) => reading.confidence >= least)) return null;
  const [only] = keys;
  return only ? only : null;
}

/** Whether two readings are the same length, glyph for glyph, with one to MAX_CHANGED_GLYPHS other. */
function glyphsChanged(copy: string, original: string): boolean {
  const a = [...copy];
  const b = [...original];
  if (a.length !== b.length) return false;
  const changed = a.filter((glyph, index) => glyph !== b[index]).length;
  return changed > 0 && changed <= MAX_CHANGED_GLYPHS;
}

function judge(region: RegionEvidence): Judgement {
  const judgement = judgeEvidence(region);
  // Ink with no reading (graphics, or ink OCR reads as no text) whose tones agree on both pages is the
  // same picture as far as the tiles can tell: its ink score alone is doubt, never a change (seed 7
  // `g-scan-0004`: a seal's lower edge among a dot pattern, 143 px of ink against 114, scored 0.48 at
  // likeness 0.967, answered altered). A swapped seal or photo has tones of its own. Never a line read
  // with some confidence, nor one with digits or signs, nor one in the text's flow (a script name): a
  // grade "A+" -> "A-" keeps its tones at 0.95 and more (seed 11 `f-grade-sign-scan-0002`).
  if (judgement === 'different' && region.tonesAlike && noTextRead(region)) return 'uncertain';
  if (judgement === 'uncertain' && unreadableChanged(region)) return 'different';
  // Doubt about a name or number the copy reads otherwise every time, against an original read surely,
  // is a change: OCR half-sure of a forged glyph is sure of what the original shows there.
  return judgement === 'uncertain' &&
    !smallPrint(region) &&
    !!region.line?.field &&
    GLYPH_CHANGED_FIELDS.includes(region.line.field) &&
    (readOtherwiseConsistently(region) || digitReadOtherwiseEveryTime(region))
    ? 'different'
    : judgement;
}

/**
 * Whether a certificate number's digit reads otherwise on the copy in every reading of it (the whole
 * line, its cells, at both scales), once surely, while every reading of the original (under the copy's
 * conditions, at least two, one confidently, and as registered) reads the registered digit there. Every
 * reading holding digits must keep the registered number's groups and lengths. OCR of small light print
 * flips other digits from one reading to the next on both pages (0/6: a badge's FSB-2024-001080 read
 * "2624-001680", "001080", "001680"), so whole readings never agree; a forged digit reads the same at
 * its place every time (001080 -> 801080 read "801080" at 0.90, "801680" at 0.73 and 0.69, the original
 * "0" there in all four readings: a screenshot at 71 %, answered unknown).
 */
export function digitReadOtherwiseEveryTime(region: RegionEvidence): boolean {
  const line = region.line;
  if (!line || line.field !== 'certificate_number') return false;
  const digitGroups = (text: string) => readingKey(text).match(/[0-9]+/g) ?? [];
  const shape = digitGroups(line.text);
  if (shape.length === 0) return false;
  const withDigits = (side: 'copy' | 'original') =>
    readingsOf(region, side).filter((reading) => digitGroups(reading.text).length > 0);
  const copy = withDigits('copy');
  const original = withDigits('original');
  const sameShape = (reading: RegionReading) => {
    const groups = digitGroups(reading.text);
    return groups.length === shape.length && groups.every((group, at) => group.length === shape[at]!.length);
  };
  if (
    copy.length < 2 ||
    original.length < 2 ||
    !copy.every(sameShape) ||
    !original.every(sameShape) ||
    !copy.some((reading) => reading.confidence >= READ_SURE) ||
    !original.some((reading) => reading.confidence >= READ_CONFIDENT)
  )
    return false;
  const digitsOf = (readings: RegionReading[]) =>
    readings.map((reading) => digitGroups(reading.text).join(''));
  const copyDigits = digitsOf(copy);
  const originalDigits = [...digitsOf(original), shape.join('')];
  return [...shape.join('')].some((registeredDigit, at) => {
    const read = copyDigits[0]![at]!;
    return (
      read !== registeredDigit &&
      copyDigits.every((digits) => digits[at] === read) &&
      originalDigits.every((digits) => digits[at] === registeredDigit)
    );
  });
}

/** Whether a region holds no text OCR registered: graphics, or ink read as no text off the text's flow. */
function noTextRead(region: RegionEvidence): boolean {
  const { line } = region;
  if (!line) return true;
  return (
    line.field === null && line.confidence < READ_DOUBT && !holdsValueSigns(line.text) && !region.inTextFlow
  );
}

/**
 * Whether a line no tile flagged, with no mark gone or added, is print OCR cannot read on either page:
 * registered under READ_CONFIDENT, every reading of the original read alike (whole and by cells) under
 * READ_DOUBT and every reading of the copy under READ_CONFIDENT. A diploma's recipient in a script
 * face read "Elena Fowdth" at 0.37 on the original and "Elena Howat" at 0.68 on a genuine scan whose
 * tiles all scored under 0.02 (`g-scan-0002`, answered unknown): neither reading is believed, and the
 * ink, which agrees glyph for glyph, decides. A copy read confidently, or an original read half-surely,
 * keeps its doubt.
 */
export function unreadableOnBothPages(region: RegionEvidence): boolean {
  const { line, reads, originalReads } = region;
  if (!region.readAnyway || !line || !reads || !originalReads?.text || (region.unmatchedMarks ?? 0) > 0)
    return false;
  // Only a name: a grade's or a number's one-stroke change (A+ -> A-, 5 -> 8) hides in ink that agrees
  // at the tiles' scale, and a stroke comparison that saw one stands.
  if (!nameLike(region) || region.cells?.shapes?.some(({ changed }) => changed)) return false;
  if (line.confidence >= READ_CONFIDENT) return false;
  return (
    readingsOf(region, 'copy').every((reading) => reading.confidence < READ_CONFIDENT) &&
    readingsOf(region, 'original').every((reading) => reading.confidence < READ_DOUBT)
  );
}

/**
 * Whether a flagged name line OCR cannot read on either page shows a changed letter by its tiles alone:
 * the recipient, or a line in the text's flow (a script name registered unnamed), registered under
 * READ_CONFIDENT, the original read alike under READ_DOUBT every time (or, not read again, registered
 * so) and the copy under READ_CONFIDENT, with a tile from UNLIKE_TILE_SCORE whose tones are unlike.
 * No reading can confirm or clear such a line, so under TILE_STRONG it stayed in doubt whatever its
 * tiles showed (`f-name-letter-photo-0002`: Elena -> Elene in a script face, 0.224 at likeness 0.62,
 * read "Elene Howat" at 0.28 against "Elena Fowdth" at 0.37, answered unknown). Never a line with
 * digits or signs, nor a signature off the text's flow: those keep their rules.
 */
export function unreadableChanged(region: RegionEvidence): boolean {
  const { line } = region;
  if (!line || region.readAnyway || !region.unlikeTile || region.score >= TILE_STRONG) return false;
  if (!nameLike(region) || line.confidence >= READ_CONFIDENT) return false;
  const originalReadings = readingsOf(region, 'original');
  const originalUnread = originalReadings.length
    ? originalReadings.every((reading) => reading.confidence < READ_DOUBT)
    : line.confidence < READ_DOUBT;
  return originalUnread && readingsOf(region, 'copy').every((reading) => reading.confidence < READ_CONFIDENT);
}

/**
 * Whether a line can be a name in a face OCR cannot read: the recipient, or an unnamed line in the
 * text's flow (a script name registered unnamed), holding no digit or sign.
 */
function nameLike(region: RegionEvidence): boolean {
  const { line } = region;
  return (
    !!line &&
    (line.field === 'recipient_name' || (line.field === null && !!region.inTextFlow)) &&
    !holdsValueSigns(line.text)
  );
}

/**
 * Every reading of a line on one page: whole, by its cells, and its cells read again. Cells count only
 * where both pages were cut into as many.
 */
function readingsOf(region: RegionEvidence, side: 'copy' | 'original'): RegionReading[] {
  const whole = side === 'copy' ? region.reads : region.originalReads;
  const cells =
    region.cells && region.cells.copy.length === region.cells.original.length ? region.cells : null;
  return [
    ...(whole ? [whole] : []),
    ...(cells?.[side] ?? []),
    ...(cells?.again ?? []).map((cell) => cell[side]),
  ];
}

/**
 * A change found in a weakly flagged line whose cells read otherwise only where their strokes, laid
 * over each other, agree is OCR's misreading of small print: doubt, never a change (default seed
 * `f-name-letter-screenshot-0000`, 39 %: a transcript's unchanged "15" read "13" at 0.90 in its cell
 * against the original's 0.97, and "Cryptography 15" read "Cryptography" at 0.94, were listed as
 * changed grades; a genuine copy at that scale would have been answered altered so).
 */
function judgeEvidence(region: RegionEvidence): Judgement {
  const judged = judgeLineEvidence(region);
  if (judged === 'uncertain') return datesReadAlike(region) ? 'same' : judged;
  return judged === 'different' &&
    (readOtherwiseOnlyWhereStrokesAgree(region) ||
      finePrintDoubt(region) ||
      wordsLeftOutUnderWeakTiles(region))
    ? 'uncertain'
    : judged;
}

/**
 * Whether a text holds, beside the dates it states, a value: a digit, a sign joined to a letter or
 * digit ("A-", "+1"), a letter grade anywhere, its sign apart or not ("Grade B, issued ...", "A +"),
 * the word grade, or a grade's shape (statesGrade: "with Distinction"). A dash alone is a rule or a
 * pause ("— Prof. Rafael Ortiz"), not holdsValueSigns' sign.
 */
function valueBesideDates(text: string): boolean {
  const beside = withoutDates(text);
  return (
    /\p{N}|[\p{L}\p{N}][+-]|[+-][\p{L}\p{N}]/u.test(beside) ||
    /(^|[\s,;:(])[A-F](?=$|\s*[+-]|[\s,;:)])/u.test(beside) ||
    /\bgrades?\b/i.test(beside) ||
    statesGrade(beside)
  );
}

/** Whether `reading` is `part` with glyphs more ahead of it only (look-alikes folded). */
function extendsAtStart(reading: string, part: string): boolean {
  const read = confusableKey(reading);
  const end = confusableKey(part);
  return read.length > end.length && read.endsWith(end);
}

/**
 * Whether a date's line whose ink agrees (no tile flagged, no mark gone or added, legible) reads on the
 * copy the dates it was registered with, surely at least once, and no other; and beside them, on the
 * copy (read half-surely or better) as registered, nothing with a digit or sign. The words beside a
 * date, a signature's scribble or the signatory's name printed on the same row, read otherwise from one
 * reading to the next on both pages ("20 May 2017" read alike at 0.96 in its cell on both pages,
 * beside "Prof” Rafael Ortiz" read on the copy only: 8 of 197 genuine copies of the full corpus's first
 * genuine shard answered unknown so; the conditions below, narrowed by eight review rounds, clear 3 of
 * them). A forged date reads as another date or as digits no date holds ("Dated20 May 2011"); a grade,
 * a number or a name read otherwise beside the date keeps the doubt.
 */
function datesReadAlike(region: RegionEvidence): boolean {
  const { line } = region;
  if (!line || (line.field !== 'issue_date' && line.field !== 'expiry_date')) return false;
  if (!region.readAnyway || (region.unmatchedMarks ?? 0) > 0 || smallPrint(region)) return false;
  const registered = statedDates(line.text);
  if (!registered.length || valueBesideDates(line.text)) return false;
  // Only words the original's own readings do not settle: registered unsurely, and read again
  // otherwise than registered. Where they are settled, they are a value the copy must read alike (a
  // name, "with Distinction").
  const original = region.originalReads;
  if (line.confidence >= READ_CONFIDENT || !original?.text) return false;
  const beside = (text: string) => withoutScribbles(withoutDates(text));
  const originalBeside = beside(original.text);
  if (confusableKey(originalBeside) === confusableKey(beside(line.text))) return false;
  // And the copy, read whole half-surely or better, holds beside its dates what the original read again
  // holds there, or more ahead of it (the original's re-reading began at "afael Ortiz", the copy's at
  // "Prof. Rafael Ortiz"), or the original's whole words less some (OCR dropped a word): never a word
  // read otherwise ("Ortez" for "Ortiz"), added or lengthened after ("Costa Ruiz", "Costas"), cut short
  // ("Mia" for "Maria"), nor words where the original reads none.
  const copy = region.reads;
  if (!copy || copy.confidence < READ_DOUBT) return false;
  const copyBeside = beside(copy.text);
  const copyWords = confusableWords(copyBeside);
  const originalWords = confusableWords(originalBeside);
  const wholeAlike =
    !copyWords.length ||
    confusableKey(copyBeside) === confusableKey(originalBeside) ||
    (originalWords.length > 0 &&
      (extendsAtStart(copyBeside, originalBeside) ||
        (copyWords.length < originalWords.length && standInOrder(copyWords, originalWords))));
  if (!wholeAlike) return false;
  // The dates stand in a cell of their own, read alike and surely on both pages, and every other cell
  // is read unsurely or as nothing on both: a signature's scribble, a signatory's small print. A name
  // in the date's own sentence ("Awarded to Minami Ito on 20 May 2017") shares the date's cell, and a
  // name the original reads surely in a cell beside it is no scribble: both keep their doubt.
  const cells = region.cells;
  if (!cells || cells.partial || cells.copy.length < 2 || cells.copy.length !== cells.original.length)
    return false;
  const dateCell = cells.copy.findIndex((copyCell, index) => {
    const originalCell = cells.original[index]!;
    return (
      copyCell.confidence >= READ_CONFIDENT &&
      originalCell.confidence >= READ_CONFIDENT &&
      confusableKey(copyCell.text) === confusableKey(originalCell.text) &&
      registered.every((date) => statedDates(copyCell.text).includes(date))
    );
  });
  const unsure = (cell: RegionReading) => !readingKey(cell.text) || cell.confidence < READ_CONFIDENT;
  // Letters only, then look-alikes folded (folded first, o, i, l, s, b and z would be dropped as
  // digits: "Neilson" and "Nelson" alike): a cell both pages read as letters, however unsurely, reads
  // the same letters on both ("Prof. Raphael Ortiz" against "Prof. Rafael Ortiz" is a changed name).
  const letters = (cell: RegionReading) => confusableKey(cell.text.replace(/[^\p{L}\s]/gu, ''));
  if (
    dateCell < 0 ||
    cells.copy.some((copyCell, index) => {
      if (index === dateCell) return false;
      const originalCell = cells.original[index]!;
      const bothRead = !!letters(copyCell) && !!letters(originalCell);
      return (
        !(unsure(copyCell) && unsure(originalCell)) ||
        (bothRead && letters(copyCell) !== letters(originalCell))
      );
    })
  )
    return false;
  const readings = readingsOf(region, 'copy');
  // Every word beside the dates that two of the original's readings agree on (registered, read again
  // whole, read by cells) is read on the copy too: a forged "Ortez" whose line OCR read whole without
  // it, its cell reading "Ortez" where the original's cells and whole reading say "Ortiz".
  // Scribbles kept: a name may read as one ("Minami").
  const wordsBeside = (texts: string[]) =>
    new Set(texts.flatMap((text) => confusableWords(withoutDates(text))));
  const originalCells = readingsOf(region, 'original').filter((reading) => reading !== original);
  const originalReadings = [
    wordsBeside([line.text]),
    wordsBeside([original.text]),
    wordsBeside(originalCells.map((reading) => reading.text)),
  ];
  const readOnCopy = wordsBeside(readings.map((reading) => reading.text));
  const settled = [...new Set(originalReadings.flatMap((words) => [...words]))].filter(
    (word) => originalReadings.filter((words) => words.has(word)).length >= 2,
  );
  if (!settled.every((word) => readOnCopy.has(word))) return false;
  return (
    readings.every(
      (reading) =>
        statedDates(reading.text).every((date) => registered.includes(date)) &&
        (reading.confidence < READ_DOUBT || !valueBesideDates(reading.text)),
    ) &&
    readings.some(
      (reading) =>
        reading.confidence >= READ_CONFIDENT &&
        registered.every((date) => statedDates(reading.text).includes(date)),
    )
  );
}

/**
 * Whether a line the copy shows under FINE_PRINT_HEIGHT, whose ink agrees (no tile flagged, no mark
 * gone or added), is in doubt whatever OCR or its cells' strokes said: at that size a genuine copy reads
 * and strokes otherwise as often as a forged one. A value's short cell whose strokes changed where the
 * original's reads a value (a forged "A-" at 9 px read as nothing, the original's "A+") still stands:
 * what the strokes see there, OCR cannot.
 */
function finePrintDoubt(region: RegionEvidence): boolean {
  if (!finePrintAgreeing(region)) return false;
  const cells = region.cells;
  return !(cells?.shapes ?? []).some(
    ({ index, changed }) => changed && holdsValueSigns(cells?.original[index]?.text ?? ''),
  );
}

/**
 * Whether the copy shows an unnamed line (a table's row, an issuer's line) under FINE_PRINT_HEIGHT
 * whose ink agrees: no tile flagged, no mark. A named field's sure reading still stands: a forged
 * name's or number's letter is what a forger changes, and its line is read however small.
 */
function finePrintAgreeing(region: RegionEvidence): boolean {
  return (
    !!region.line &&
    region.line.field === null &&
    region.readAnyway &&
    !(region.unmatchedMarks ?? 0) &&
    (region.copyLineHeight ?? Infinity) < FINE_PRINT_HEIGHT
  );
}

/**
 * Whether a value's line (LABELLED_VALUES) that states no value, only labels (no digit or sign, no
 * grade's word: a table's header), weakly flagged (under TILE_STRONG, no mark gone or added) and with
 * no cell read otherwise, reads on the copy as the original's words in order with whole words of
 * LONG_WORD letters or more left out: OCR dropped them from a shaded header ("Module Credits" for
 * "Module Credits Grade" at 0.95 in a genuine screenshot at 38 %, tiles 0.108). A line with a value
 * ("Second Class Honours Lower Division", "Result A+") or a name's line keeps its change.
 */
function wordsLeftOutUnderWeakTiles(region: RegionEvidence): boolean {
  const { line, reads, originalReads } = region;
  if (!line?.field || !LABELLED_VALUES.has(line.field)) return false;
  if (holdsValueSigns(line.text) || statesGrade(line.text)) return false;
  if (region.readAnyway || region.score >= TILE_STRONG || (region.unmatchedMarks ?? 0) > 0) return false;
  if (!reads?.text || !originalReads?.text) return false;
  // A cell the copy reads otherwise than the original's is another matter (`judgeCells`).
  const cells = region.cells;
  if (cells && cells.copy.length !== cells.original.length) return false;
  if (
    cells?.copy.some(
      (copy, index) =>
        readingKey(copy.text) && signKey(copy.text) !== signKey(cells.original[index]?.text ?? ''),
    )
  )
    return false;
  const read = confusableWords(reads.text);
  const left: string[] = [];
  let at = 0;
  for (const word of originalReads.text.split(/\s+/).filter((word) => confusableKey(word))) {
    if (at < read.length && confusableKey(word) === read[at]) at++;
    else left.push(readingKey(word));
  }
  return (
    read.length > 0 &&
    at === read.length &&
    left.length > 0 &&
    left.every((word) => word.length >= LONG_WORD && /^\p{L}+$/u.test(word))
  );
}

function judgeLineEvidence(region: RegionEvidence): Judgement {
  if (smallPrint(region)) return judgeSmallPrint(region);
  const first = judgeReadings(region);
  // Only doubt is cleared so: a line OCR judged different stays so.
  if (first === 'uncertain' && (untextedInkClean(region) || unreadableOnBothPages(region))) return 'same';
  if (!region.cells || !region.line?.text) return first;
  // Read alike, an unflagged line's cells need no more than a half-sure reading (its ink agrees glyph
  // for glyph, as the whole line read alike needs none); a flagged line's, a confident one.
  const judged = judgeCells(
    cellsBesideText(region.cells, region.line.text),
    region.readAnyway ? READ_DOUBT : READ_CONFIDENT,
  );
  // Cells left unread say nothing: part of a line read alike is no agreement of the whole.
  if (region.cells.partial)
    return judged === 'different' && cellReadOtherwise(region.cells) ? 'different' : first;
  const cells = judged;
  // A strongly flagged line the copy reads as nothing whole is different by its tiles alone; its cells
  // read alike on both pages, every cell OCR read on neither laid stroke for stroke over the original's
  // (glyphs.ts), say otherwise: doubt, not a change (seed 23 `g-screenshot-0003`: a faint table rule a
  // 42 % screenshot's blur thickened scored one tile 0.333, and a genuine copy was answered altered).
  if (first === 'different' && !readingKey(region.reads?.text ?? '') && cellsLaidOverAlike(region))
    return 'uncertain';
  // An unnamed line, or a value's line, whose ink agrees (no tile flagged, no mark gone or added),
  // whose cells read alike on both pages but for a letter inside a word, is OCR's confusion of small
  // print, not a change: what a forger changes is a value (a name is a field, a grade a letter or
  // sign of its own, a number digits), and a value's long words are its label ("Grade", "Valid").
  // Doubt, never a match (seed 7 `g-screenshot-0003`: "Cryplography" at 0.90 against "Cryptography"
  // at 0.97 in a 15 px row, answered altered; seed 7 `g-screenshot-0002`: "Crade: 83%" at 0.93). A
  // value's line whose whole reading stood is left to it.
  if (
    region.readAnyway &&
    !(region.unmatchedMarks ?? 0) &&
    (region.line.field === null
      ? cellsDifferByLettersInWords(region.cells)
      : first === 'different' &&
        LABELLED_VALUES.has(region.line.field) &&
        cellsDifferByLettersInWords(region.cells, true))
  )
    return 'uncertain';
  // A cell read surely otherwise on both pages is a change, whatever the whole line's reading said
  // (OCR of a whole table row drops the cell that changed: "Human Anatomy" for "... 5 A-").
  if (cells === 'different') return 'different';
  if (cellReadsValueOtherwise(region)) return 'different';
  if (strokesChangedUnread(region.line.field, region.cells)) return 'different';
  // A line whose ink agrees, read otherwise whole and otherwise again cell by cell, rests on one OCR
  // reading the copy's own cells contradict: doubt, never a change (a crop's "Human Anatomy 1.5" at
  // 0.90 whose cell read "71.5" at 0.70, original "7.5": a genuine copy answered altered, seed 11).
  // Read alike twice ("Overall grade 3.5/4.0", whole and by cells, a forged 3.6), it stands.
  // Cells read as nothing on both pages contradict nothing (a bold name cut into cells OCR read on
  // neither page); the copy's alone read as nothing, while the original's read, still do.
  const copyCells = region.cells.copy.map((cell) => cell.text).join(' ');
  const originalCells = region.cells.original.map((cell) => cell.text).join(' ');
  if (
    region.readAnyway &&
    first === 'different' &&
    !(region.unmatchedMarks ?? 0) &&
    (!!readingKey(copyCells) || !!readingKey(originalCells)) &&
    confusableKey(copyCells) !== confusableKey(region.reads?.text ?? '')
  )
    return 'uncertain';
  // So does a weakly flagged line's, when every cell reads alike on both pages and the original's cells
  // hold all of the registered text: the one reading that differs is the copy's own cells' contrary
  // (a scanned badge's "Result 3.3/4.0" read "3.3/4.0" whole at 0.91, "Result" and "3.3/4.0" by cells
  // on both pages, seed 7 `g-scan-0004`, answered altered). A strong tile or a mark stays a change.
  if (
    !region.readAnyway &&
    first === 'different' &&
    region.score < TILE_STRONG &&
    !(region.unmatchedMarks ?? 0) &&
    cellsReadAlike(region.cells) &&
    !leftOut(originalCells, region.line.text)
  )
    return 'uncertain';
  if (cells === 'uncertain') return first === 'different' ? first : 'uncertain';
  if (cells !== 'same' || first !== 'uncertain') return first;
  // The same glyphs read alike cell by cell clear the doubt the line's reading left, never a mark
  // gone or added nor a strong tile; and a flagged line only when the original's cells read all of
  // its registered text (OCR dropping the changed glyph on both pages is no agreement).
  if ((region.unmatchedMarks ?? 0) > 0 || region.score >= TILE_STRONG) return first;
  return region.readAnyway || !leftOut(originalCells, region.line.text) ? 'same' : first;
}

/**
 * Whether a cell of a flagged line the copy reads surely is a value of the line as registered (a word with digits or
 * signs) with a glyph or two other, past look-alike glyphs, where the original's cell read alike reads
 * nothing: the registration's sure reading then stands for the original's, as it does for a line not
 * read again (`judgeOtherReading`). A photo's forged "B+" read at 0.97 in its cell, registered "B-"
 * at 0.94, the original's cell read as nothing (seed 11 `f-grade-sign-photo-0000`, _unknown_).
 */
function cellReadsValueOtherwise(region: RegionEvidence): boolean {
  const { line, cells } = region;
  if (!line || !cells || region.readAnyway || line.confidence < READ_SURE) return false;
  if (cells.original.length !== cells.copy.length) return false;
  const values = line.text.split(/\s+/).filter(holdsValueSigns).map(confusableKey);
  const words = line.text.split(/\s+/).map(confusableKey);
  return cells.copy.some((copy, index) => {
    const read = confusableKey(copy.text);
    return (
      copy.confidence >= READ_SURE &&
      !readingKey(cells.original[index]!.text) &&
      !/\s/.test(copy.text.trim()) &&
      !words.includes(read) &&
      values.some((value) => glyphsChanged(read, value))
    );
  });
}

/**
 * Whether a short cell's strokes are weighed (glyphs.ts), so verify.ts compares only those: on a grade
 * line or an unnamed line (a table's row, a label) alone (a date line's short cells held a photo's stamp, "ISSUED", seed 7
 * `g-photo-0001`, a 29 px stroke the original lacks: a genuine copy answered altered), and only where
 * OCR did not read the cell alike on both pages (the copy's read as nothing, or otherwise than the
 * original's): cells read alike leave the strokes unweighed, OCR's agreement stands.
 */
export function strokesWeighed(
  field: CertificateField | null,
  copy: RegionReading | undefined,
  original: RegionReading | undefined,
): boolean {
  if (field !== null && field !== 'grade') return false;
  return (
    !!copy && !!original && (!readingKey(copy.text) || readingKey(copy.text) !== readingKey(original.text))
  );
}

/**
 * Whether a weighed short cell has a stroke one page lacks: a screenshot's forged "A-" at 9 px read
 * as nothing where the original's cell read "A+", or a "C" for "B" read on neither page.
 */
function strokesChangedUnread(
  field: CertificateField | null,
  cells: NonNullable<RegionEvidence['cells']>,
): boolean {
  return (cells.shapes ?? []).some(
    ({ index, changed }) => changed && strokesWeighed(field, cells.copy[index], cells.original[index]),
  );
}

/**
 * Fields whose value is digits or signs after a label ("Grade:", "Valid until"): a letter changed
 * inside one of the label's long words changes no value.
 */
const LABELLED_VALUES: ReadonlySet<CertificateField> = new Set([
  'grade',
  'issue_date',
  'expiry_date',
  'certificate_number',
]);

/** Words from this many letters on hold a letter OCR may confuse without the word becoming a value. */
const LONG_WORD = 4;

/**
 * Whether a line's cells read alike on both pages (`readingKey`) except where a cell's words differ
 * by one letter each for another letter, inside words of LONG_WORD letters or more; and some do.
 * With `labelsOnly`, only words before a cell's first word holding a digit or sign may differ: a
 * value's label ("Grade:", "Valid until"), never a month after its day ("8 Juni" -> "8 Juli").
 */
function cellsDifferByLettersInWords(
  cells: NonNullable<RegionEvidence['cells']>,
  labelsOnly = false,
): boolean {
  if (cells.copy.length === 0 || cells.copy.length !== cells.original.length) return false;
  let swapped = false;
  for (const [index, copy] of cells.copy.entries()) {
    const copyWords = copy.text.split(/\s+/).filter(Boolean);
    const originalWords = cells.original[index]!.text.split(/\s+/).filter(Boolean);
    if (copyWords.length !== originalWords.length) return false;
    const valueAt = originalWords.findIndex(holdsValueSigns);
    for (const [at, word] of copyWords.entries()) {
      const a = [...readingKey(word)];
      const b = [...readingKey(originalWords[at]!)];
      const changed = a.flatMap((glyph, position) => (glyph === b[position] ? [] : [position]));
      if (changed.length === 0 && a.length === b.length) continue;
      const letters = /^\p{L}+$/u;
      if (
        (labelsOnly && valueAt >= 0 && at > valueAt) ||
        a.length !== b.length ||
        changed.length !== 1 ||
        a.length < LONG_WORD ||
        !letters.test(a.join('')) ||
        !letters.test(b.join(''))
      )
        return false;
      swapped = true;
    }
  }
  return swapped;
}

function judgeReadings(region: RegionEvidence): Judgement {
  const { line, reads } = region;
  const original = region.originalReads ?? null;
  // A whole mark gone or added over the line (an accent, a point) that OCR may not read: the same
  // reading cannot clear it, and a weak tile score is no proof of a change either.
  const marksDiffer = (region.unmatchedMarks ?? 0) > 0;
  if (region.readAnyway) {
    if (line && line.field === null && line.confidence < READ_CONFIDENT) return judgeIdentifiers(region);
    // No tile over the line was flagged, but the line is only confirmed when its marks agree too
    // (OCR may not see them): a critical field with a mark gone or added is at best uncertain.
    if (marksDiffer) {
      const sureDifferent =
        !!line &&
        !!reads?.text &&
        reads.confidence >= READ_SURE &&
        confusableKey(reads.text) !== confusableKey(line.text) &&
        (original ? !!original.text && original.confidence >= READ_SURE : line.confidence >= READ_SURE);
      return sureDifferent ? 'different' : 'uncertain';
    }
    // The ink agrees, glyph for glyph: only a sure reading can say otherwise.
    if (!line || !reads) return 'same';
    if (!reads.text) return silentCopy(region);
    const key = confusableKey(reads.text);
    if (key === confusableKey(line.text)) return lookAlikeSwapped(region) ? 'uncertain' : 'same';
    if (original && original.text && key === confusableKey(original.text)) return 'same';
    if (readsWhole(reads.text, line.text)) return 'same';
    // Glyphs missing from the copy's reading, in a line whose ink is all there, are glyphs OCR
    // dropped. Letters the original's read alike lacks are too (a signature's scribble read "ANd" on
    // the copy and "Ad" on the original), but never a digit or sign: "A+" read where the original
    // reads "A" may be a forged "A-" whose stroke the tiles did not see.
    if (
      droppedGlyphs(reads.text, line.text) ||
      (original?.text &&
        (droppedGlyphs(reads.text, original.text) || droppedLetters(original.text, reads.text)))
    )
      return 'same';
    // A different reading from both the registered text and the original read alike: sure on both
    // sides, it is a change; otherwise it may be a change OCR half-saw (a forged digit reads with
    // lower confidence too), so the answer cannot be authentic.
    const originalSure = original
      ? !!original.text && original.confidence >= READ_SURE
      : line.confidence >= READ_SURE;
    const other = judgeOtherReading(reads, line, originalSure);
    // Less than half of the line read, all of it the line's own glyphs, lacks what the ink shows
    // rather than showing other ink: doubt at most (a screenshot's "Cryptography 15 C+" read " 15" at
    // 0.96 was a genuine copy answered altered).
    const lacks = leftOut(reads.text, line.text) || (!!original?.text && leftOut(reads.text, original.text));
    return other === 'different' && lacks ? 'uncertain' : other;
  }
  const confident = reads !== null && reads.confidence >= READ_CONFIDENT && reads.text.length > 0;
  const originalConfident = original
    ? !!original.text && original.confidence >= READ_CONFIDENT
    : line !== null && line.confidence >= READ_CONFIDENT;
  const readAsOriginal =
    !!original && confident && originalConfident && signKey(reads.text) === signKey(original.text);
  const ocrAgrees =
    !!line &&
    confident &&
    !marksDiffer &&
    (signKey(reads.text) === signKey(line.text) ||
      // The original read alike agrees only when that reading is whole: where the tiles saw a
      // change, OCR dropping the changed glyph on both sides ("Overall grade" for "... C" and for
      // the forged "... B") is no agreement.
      (readAsOriginal && !leftOut(original!.text, line.text)));
  // OCR reading the same text clears a weak flag (noise); a strong one it leaves in doubt: OCR is
  // blind to some changes a strong score is (an accent turned, á -> à, reads "a" on both pages).
  if (region.score >= TILE_STRONG) return ocrAgrees ? 'uncertain' : 'different';
  if (ocrAgrees) return 'same';
  // Nor is it a change where OCR drops glyphs of the registered text on both pages, read alike: a
  // scanned transcript's one-letter grades ("Microeconomics 15" for "... 15 C-" at 0.97, the original
  // "Microeconomics" at 0.95, seed 7 `g-scan-0003`, answered altered). Such a reading says nothing of
  // the glyphs it dropped (a forged "C-" -> "C" reads so too): the line's cells, read on both pages, may
  // (verify.ts). Where the original reads them all, or glyphs the copy's reading lacks, the copy's lack
  // stands (seed 11 `f-grade-sign-screenshot-0000`: "Academic Writing" for a forged "C-", the original
  // "Academic Writing C+", both without the credits "5").
  if (
    line &&
    confident &&
    originalConfident &&
    original &&
    leftOut(reads.text, line.text) &&
    leftOut(original.text, line.text) &&
    !leftOut(reads.text, original.text)
  )
    return 'uncertain';
  // The tiles saw a small difference and OCR reads another text: a change when both sides read
  // clearly, else doubt.
  if (line && confident) return originalConfident ? 'different' : 'uncertain';
  return 'uncertain';
}

/**
 * A copy's reading that differs from the registered line where the ink agrees: sure on both sides it
 * is a change; half-sure it may be a change OCR half-saw; fainter it is noise, unless it keeps the
 * shape of the registered number with another digit (`otherDigitsSameShape`).
 */
function judgeOtherReading(reads: RegionReading, line: RegisteredLine, originalSure: boolean): Judgement {
  if (reads.confidence >= READ_SURE && originalSure) return 'different';
  if (reads.confidence >= READ_DOUBT) return 'uncertain';
  return otherDigitsSameShape(reads.text, line.text) ? 'uncertain' : 'same';
}

/**
 * Whether the copy reads a look-alike glyph (l for i, 0 for O) where the original, read alike (same
 * crop, same scale), reads the registered text exactly: OCR's confusion of such glyphs strikes both
 * pages alike, and a forger's Silva -> Sllva is such a swap, which a screenshot at 71 % left under
 * the tiles' flag and which the copy read "Sliva" (0.83) against the original's "Silva" (0.96). A
 * comma read for a point is no such swap (`signKey`): a 43 % screenshot's 7 px "No, LMC-..." (0.77),
 * its warp refined, was answered unknown (accuracy run E1).
 */
function lookAlikeSwapped(region: RegionEvidence): boolean {
  const { line, reads } = region;
  const original = region.originalReads;
  return (
    !!line &&
    !!reads?.text &&
    !!original?.text &&
    reads.confidence >= READ_DOUBT &&
    original.confidence >= READ_SURE &&
    signKey(original.text) === signKey(line.text) &&
    signKey(reads.text) !== signKey(line.text)
  );
}

/**
 * A line the copy reads as nothing confirms nothing when the original, read alike, reads it: the ink
 * comparison alone let a photographed number's forged digit through (CIT-2021-000518 -> 080518, its
 * line read as nothing, docs/accuracy.md). Where the original reads nothing too, the crop is at fault.
 */
function silentCopy(region: RegionEvidence): Judgement {
  const original = region.originalReads;
  return original && original.text && original.confidence >= READ_DOUBT ? 'uncertain' : 'same';
}

/**
 * A line read only for the identifiers it holds (registered unnamed and unsure, see IDENTIFIER):
 * only those are compared, since the rest was read poorly at registration too (a date beside a
 * signature's scribble, "11.01.2019 ANA"). The copy's identifiers must be the original's, read
 * alike; a different or missing one is a change when both sides read surely, else doubt, and below
 * READ_DOUBT the copy's reading is noise.
 */
function judgeIdentifiers(region: RegionEvidence): Judgement {
  const { line, reads } = region;
  const original = region.originalReads?.text ? region.originalReads : null;
  if (!line || !reads) return 'same';
  if (!reads.text) return silentCopy(region);
  // Any dash is one hyphen, and OCR's doubled one ("NW—-2025") a single one.
  const identifiers = (text: string) =>
    (unifyDashes(text).replace(/-{2,}/g, '-').match(new RegExp(IDENTIFIER.source, 'gu')) ?? [])
      .map(confusableKey)
      .join(' ');
  const copy = identifiers(reads.text);
  if (copy === identifiers(line.text) || (original && copy === identifiers(original.text))) return 'same';
  // Read again cell by cell, alone, the copy can keep the shape the whole line's reading lost: the
  // registered identifier with another digit there is doubt too, however unsure (seed 7
  // `f-number-digit-screenshot-0001`: TLC-2025-001088 -> 001080 read "TLC-2025-0010860" at 0.49 whole,
  // "TLC-2025-001080" at 0.45 by cells, and was accepted).
  const cellReadings = [
    ...(region.cells?.copy ?? []),
    ...(region.cells?.again ?? []).map((cell) => cell.copy),
  ];
  if (cellReadings.some((cell) => identifiers(cell.text) && otherDigitsSameShape(cell.text, line.text)))
    return 'uncertain';
  return judgeOtherReading(reads, line, !!original && original.confidence >= READ_SURE);
}

/** Whether the alignment found enough matching detail to compare the copy at all. */
export function laidOver(alignment: { inliers: number; matches: number }): boolean {
  return alignment.inliers >= MIN_INLIERS && alignment.inliers >= MIN_INLIER_RATIO * alignment.matches;
}

/**
 * Lines of a name's height a changed name's own ink reaches past its registered box: across its row
 * (a longer name, centred, grows on both sides) and above and below it (accents, descenders).
 */
const NAME_SPILL_ACROSS = 3;
const NAME_SPILL_ALONG = 1;

/**
 * The differences, without regions on no registered line that lie where a changed recipient name's
 * own ink spills past its registered box. "Ağa Dvořák" -> "Daniel Castillo" flagged two tiles beside
 * the name and counted as three differences, the mark of another certificate of the design (unknown),
 * for a certificate reissued to someone else with its number unchanged (run 12: 4 of 12 reissued).
 */
function differencesBesideSpill(judged: { region: RegionEvidence; judgement: string }[]): number {
  const changed = judged.filter((item) => item.judgement === 'different');
  const names = changed.flatMap(({ region }) =>
    region.line?.field === 'recipient_name' ? [region.line.box] : [],
  );
  const spill = (box: Box) =>
    names.some(
      (name) =>
        box.x < name.x + name.width + NAME_SPILL_ACROSS * name.height &&
        box.x + box.width > name.x - NAME_SPILL_ACROSS * name.height &&
        box.y < name.y + name.height + NAME_SPILL_ALONG * name.height &&
        box.y + box.height > name.y - NAME_SPILL_ALONG * name.height,
    );
  return changed.filter(({ region }) => region.line || !spill(region.flaggedBox ?? region.box)).length;
}

/** Whether a region lies on a registered field's line and its tiles score TILE_STRONG or more there. */
function strongOnField(region: RegionEvidence): boolean {
  return !!region.line?.field && region.score >= TILE_STRONG;
}

export function decide(input: DecisionInput): Decision {
  if (!laidOver(input)) {
    return {
      verdict: 'unknown',
      differences: [],
      reasons: ['The copy could not be laid over any registered certificate with enough matching detail'],
      confidence: 0.5,
    };
  }
  const judged = input.regions.map((region) => ({ region, judgement: judge(region) }));
  const differences = judged
    .filter((item) => item.judgement === 'different')
    .map((item, index) => describe(item.region, index));
  const uncertain = judged
    .filter((item) => item.judgement === 'uncertain')
    .map((item, index) => describe(item.region, index));
  const flaggedShare = input.inkTiles ? input.flaggedTiles / input.inkTiles : 0;
  const fit = Math.min(1, input.inliers / 150);

  // The registered fields decide, not the names given after: naming must never change a verdict.
  const changedFields = new Set(
    judged.filter((item) => item.judgement === 'different').map((item) => item.region.line?.field ?? null),
  );
  const otherRecipient =
    changedFields.has('recipient_name') &&
    (changedFields.has('certificate_number') || differencesBesideSpill(judged) >= 3);
  if (otherRecipient) {
    // Another certificate of the same design (or one made from it): it is not a copy of this record,
    // and naming this record's holder to whoever holds the design would leak it. The differences stay
    // for the engine, which looks for the registered certificate that reads like this copy; an
    // *unknown* answer never shows them.
    return {
      verdict: 'unknown',
      differences,
      reasons: [
        'The page has the design of a registered certificate, but neither its recipient nor its number is that of a registered one',
      ],
      confidence: 0.7,
    };
  }
  if (differences.length > 0 && flaggedShare <= MAX_FLAGGED_SHARE) {
    // A field's line whose ink differs strongly is shown beside the changes once the copy is altered:
    // its doubt (OCR read it alike, blind to a turned accent) only kept it from altering the verdict
    // alone. Else a photo's Dvořák -> Dvořàk, 0.84 over the name, was shown as an edge tile of the
    // page's frame only (run 18 `f-name-letter-photo-0000`, "Region 1 of the page").
    // Not where its strong tiles also hold a changed line: a grid tile spans two close lines, and the
    // removed expiry line under a date made the date's tiles score 1.0 (run 19
    // `f-line-removed-photo-0000` listed the unchanged date beside the removed line).
    const changedLines = judged
      .filter((item) => item.judgement === 'different')
      .map((item) => item.region.line?.box ?? item.region.box);
    const strongDoubts = judged
      .filter(
        (item) =>
          item.judgement === 'uncertain' &&
          strongOnField(item.region) &&
          !changedLines.some((box) => overlapArea(item.region.flaggedBox ?? item.region.box, box) > 0),
      )
      .map((item) => describe(item.region, differences.length));
    const shown = [...differences, ...strongDoubts];
    const named = shown.filter((difference) => difference.field).map((difference) => difference.label);
    return {
      verdict: 'altered',
      differences: shown,
      reasons: [
        named.length
          ? `The copy differs from the registered certificate in: ${named.join(', ')}`
          : 'The copy differs from the registered certificate in the outlined regions',
      ],
      confidence: Math.round((0.7 + 0.25 * fit) * 100) / 100,
    };
  }
  const reasons: string[] = [];
  if (flaggedShare > MAX_FLAGGED_SHARE) {
    reasons.push(
      'The copy is too blurred, noisy or distorted to compare it region by region; try a sharper scan or the original file',
    );
  }
  if (input.visibleInk < MIN_VISIBLE_INK || input.hiddenLines.some((line) => line.field)) {
    const fields = input.hiddenLines.filter((line) => line.field).map((line) => fieldLabel(line.field!));
    reasons.push(
      fields.length
        ? `Part of the certificate is not visible in the copy (${fields.join(', ')}); upload the whole page`
        : 'Too little of the certificate is visible in the copy; upload the whole page',
    );
  }
  if (
    judged.some(
      (item) => item.judgement === 'uncertain' && (smallPrint(item.region) || finePrintAgreeing(item.region)),
    )
  ) {
    reasons.push(
      'The copy shows the certificate too small to compare its text; upload the original file or a larger copy',
    );
  }
  if (uncertain.length > 0) {
    reasons.push(
      `Some regions could not be compared with certainty: ${uncertain.map((item) => item.label).join(', ')}`,
    );
  }
  if (reasons.length > 0) return { verdict: 'unknown', differences: [], reasons, confidence: 0.5 };
  return {
    verdict: 'authentic',
    differences: [],
    reasons: ['Every region of the copy matches the registered certificate'],
    confidence: Math.round((0.8 + 0.19 * fit * (1 - flaggedShare)) * 100) / 100,
  };
}
