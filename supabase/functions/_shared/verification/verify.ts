/**
 * Verification of a copy against the registered originals: retrieve candidates by page hash (and
 * by the text of lines that differ, for certificates that share a template), align, compare tile
 * by tile, read the differing lines, decide. Only a few candidates are examined in depth.
 */
import type { CopyKind } from '../api-contract.ts';
import type { VerifyResponse } from './engine-protocol.ts';
import { fitWithin, type GrayRaster, resizeArea, shrunkTo } from '../documents/raster.ts';
import type { Sql } from '../db.ts';
import type { DetectedFile } from '../processing/detect.ts';
import { encodeBase64 } from '../documents/base64.ts';
import { processCpuMs, StageTimer } from '../http/server-timing.ts';
import { type Alignment, alignCopy } from './align.ts';
import { overlapArea, unionBox } from './boxes.ts';
import { certificateFromCode } from './code.ts';
import {
  comparePages,
  judgedByTones,
  rescoreWithout,
  SHIFT,
  type TileScore,
  unmatchedMarks,
  withoutZone,
} from './compare.ts';
import {
  CRITICAL_FIELDS,
  decide,
  type Decision,
  GRAPHIC_FLAG,
  droppedGlyphs,
  GRAPHIC_LIKENESS,
  IDENTIFIER,
  inTextFlow,
  laidOver,
  LEGIBLE_LINE_HEIGHT,
  READ_CONFIDENT,
  READ_SURE,
  type RegionEvidence,
  TEXT_FLAG,
  textBlock,
  strokesWeighed,
  textFlagFor,
  TONES_ALIKE,
  UNLIKE_TILE_SCORE,
  UNLIKE_TONES,
} from './decide.ts';
import { pageFeatures, type PageFeatures } from './features.ts';
import { holdsValueSigns, lineNumber, readingKey, type RegisteredLine, unifyDashes } from './fields.ts';
import { darkAreas, invertWhere } from './ink.ts';
import type { Box } from '../ocr/protocol.ts';
import { readNumbers } from './number.ts';
import type { OcrClient } from './ocr-client.ts';
import { CANONICAL_LONG_SIDE, copyRasters, COPY_WORKING_LONG_SIDE } from './page.ts';
import {
  copyPageHashes,
  type Corners,
  hammingDistance,
  pageHash,
  pageOutlines,
  readablePage,
  surroundedPages,
  surroundedPagesFrom,
} from './page-hash.ts';
import { encodePage } from './register.ts';
import {
  certificatesNearlyNumbered,
  certificatesNumbered,
  loadRegistration,
  MAX_NUMBER_GLYPHS_OFF,
  numbersGlyphsOff,
  nearestRegistrations,
  registrationsReading,
  type StoredRegistration,
} from './store.ts';
import { nameRegions } from './naming.ts';
import { compareGlyphs, strokesChanged } from './glyphs.ts';
import {
  cellCrop,
  cutForReading,
  forReading,
  type LineCell,
  lineCells,
  padded,
  readingZoom,
} from './reading.ts';
import { glyphInk, tableRules, unreadLines } from './unread.ts';
import { evenLight } from './light.ts';
import { hashesOfOneDesign, type SiblingEvidence, siblingEvidence } from './siblings.ts';
import { type WarpedCopy, warpOntoOriginal } from './warp.ts';
import { composed, warpCorrection } from './refine.ts';

const COPY_FEATURES = 1500;
/** Candidates by page hash examined in depth (alignment is the costly step). */
const HASH_CANDIDATES = 3;
export const MAX_HASH_DISTANCE = 22;
/**
 * A page hash this near (bits of 64) is examined before the copy's number is read, when no other
 * registration is that near or of its design (see `uniquelyNear`).
 */
const STRONG_HASH_DISTANCE = 10;
/** Certificates a printed number names (look-alike glyphs fold, so a few may share one). */
const NUMBER_CANDIDATES = 2;
/** Certificates a number one glyph off names (a design's numbers may be dense: the words choose). */
const NEAR_NUMBER_CANDIDATES = 3;
const EVIDENCE_LONG_SIDE = 900;
/**
 * Engine CPU (ms) a request may have spent when it would take up another candidate: hosted functions
 * are stopped at about 2 s, and one examination (align, warp, compare) costs 0.3-0.7 s. An unregistered
 * copy of a much-used template went through six candidates and was stopped at 2.02 s (e2e, loaded
 * machine): past this budget the search ends with what it found, and finding nothing is unknown.
 */
const CANDIDATE_CPU_BUDGET_MS = 1200;
/**
 * The scale, relative to the first reading's, at which a cell read otherwise on the two pages is read
 * again: smaller, so the crop stays within OCR's side and pixel budget.
 */
const CELL_REREAD_ZOOM = 0.75;
/** A cell no wider than this many times its glyphs' height holds one or two glyphs ("B", "A+", "15"). */
const SHORT_CELL = 2;

/**
 * Share of a line's box height a cell's ink must reach past it, above and below both, to be a graphic
 * the line crosses: a seal beside a label reached 0.34 above and 0.28 below; the padded frame the
 * cells are cut in reaches 0.35, so a neighbour's descender or an underline reaches past one side only.
 */
const PAST_LINE = 0.25;

function reachesPastLine(cell: LineCell, line: Box): boolean {
  const margin = PAST_LINE * line.height;
  return cell.top < line.y - margin && cell.bottom > line.y + line.height + margin;
}

/**
 * Whether a line's cell holds one or two of its glyphs: short, and no graphic the line crosses (seed
 * 23 `g-photo-0000`: a seal OCR took into a label's line at registration, its piece at a shadow's edge,
 * had strokes "changed": altered).
 */
export function glyphCell(cell: LineCell, line: Box): boolean {
  return cell.x1 - cell.x0 <= SHORT_CELL * (cell.bottom - cell.top) && !reachesPastLine(cell, line);
}

/**
 * Whether the columns of `tile` meet some of a line's cells and every one they meet is a graphic the
 * line crosses (`reachesPastLine`), none of its glyphs.
 */
export function graphicOnlyUnder(cells: LineCell[], line: Box, tile: Box): boolean {
  const met = cells.filter((cell) => cell.x0 < tile.x + tile.width && cell.x1 > tile.x);
  return met.length > 0 && met.every((cell) => reachesPastLine(cell, line));
}

export interface Examination {
  registration: StoredRegistration;
  alignment: Alignment;
  aligned: GrayRaster;
  decision: ReturnType<typeof decide>;
  /** What the decision was made from (kept for diagnosis: _shared/verification/diagnose.ts). */
  tiles: TileScore[];
  regions: RegionEvidence[];
}

function lineUnder(box: Box, lines: RegisteredLine[]): RegisteredLine | null {
  let best: RegisteredLine | null = null;
  let bestArea = 0;
  for (const line of lines) {
    const area = overlapArea(box, line.box);
    if (area > bestArea) {
      best = line;
      bestArea = area;
    }
  }
  return bestArea > 0.1 * box.width * box.height ||
    (best && bestArea > 0.5 * best.box.width * best.box.height)
    ? best
    : null;
}

/** The line whose padded box a tile overlaps most, however little; null when it touches none. */
function lineTouching(box: Box, lines: RegisteredLine[]): RegisteredLine | null {
  let best: RegisteredLine | null = null;
  let bestArea = 0;
  for (const line of lines) {
    const area = overlapArea(box, padded(line.box));
    if (area > bestArea) {
      best = line;
      bestArea = area;
    }
  }
  return best;
}

/** Flagged tiles joined by the line they lie on, or by touching where they lie on none. */
interface FlaggedRegion {
  box: Box;
  score: number;
  line: RegisteredLine | null;
  tonesAlike: boolean;
  unlikeTile: boolean;
}

/** What `flaggedRegions` weighs a tile against besides the lines and the text flag. */
export interface FlaggingContext {
  /** Lines of ink no registered line covers (unread.ts): never given a clean copy's lowered flag. */
  unread?: Set<RegisteredLine>;
  /**
   * The ink of one glyph of the registered text (unread.ts `glyphInk`): a tile no line that was read
   * touches, holding less ink than that on both pages, is no evidence however it scores (`tooLittleInk`).
   */
  glyph?: number;
  /** Whether a tile over a line holds none of its glyphs, only a graphic the line crosses. */
  overGraphicOnly?: (tile: Box, line: RegisteredLine) => boolean;
}

/** Flagged tiles, grouped by registered line (text) or by adjacency (graphics). */
export function flaggedRegions(
  tiles: TileScore[],
  lines: RegisteredLine[],
  textFlag: number,
  { unread = new Set(), glyph = 0, overGraphicOnly = () => false }: FlaggingContext = {},
): FlaggedRegion[] {
  const regions: FlaggedRegion[] = [];
  const touches = (a: Box, b: Box) =>
    a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
  for (const tile of tiles) {
    if (tile.hidden) continue;
    // A tile below the graphic flag that touches a line at all is judged as that line's text: a
    // changed sign at a line's end can fall in the next tile with under a tenth of it on the
    // line's box (a transcript's A- -> A+ in a photo scored 0.11 there, was taken for graphics
    // against 0.3 and accepted).
    let line =
      lineUnder(tile.box, lines) ?? (tile.score < GRAPHIC_FLAG ? lineTouching(tile.box, lines) : null);
    // A tile the line's flag would catch is the graphic's when it holds none of the line's glyphs:
    // registration joins a label, a seal and a signature on one baseline into one line ("Date of issue"
    // ... "NIN"), and a shadow's edge across the seal scored 0.2 there (seed 23 `g-photo-0000`).
    if (line && !unread.has(line) && tile.score >= textFlag && overGraphicOnly(tile.box, line)) line = null;
    // Graphics (and text OCR never read: a script name, light print) are judged by their tones too:
    // a seal swapped for another of about the same ink scored 0.1-0.17 per tile, under the flag.
    const unlike = !line && (tile.likeness ?? 1) < GRAPHIC_LIKENESS;
    // Unread ink has no reading to clear a flag: never the lowered flag of a clean copy's small print.
    const flag = line ? (unread.has(line) ? Math.max(textFlag, TEXT_FLAG) : textFlag) : GRAPHIC_FLAG;
    if (tile.score < flag && !unlike) continue;
    // A tile judged by its tones (its ink mostly left out along a dark area's outline) has no ink
    // count to weigh.
    if (
      (!line || unread.has(line)) &&
      !(unlike && judgedByTones(tile)) &&
      tooLittleInk(tile, glyph) &&
      !touchesReadLine(tile.box, lines, unread) &&
      !(line && holdsLoneStroke(tile, glyph))
    )
      continue;
    if ((!line || unread.has(line)) && !unlike && faintInkLost(tile)) continue;
    const existing = regions.find((region) =>
      line ? region.line === line : !region.line && touches(region.box, tile.box),
    );
    if (existing) {
      existing.box = unionBox(existing.box, tile.box);
      existing.score = Math.max(existing.score, tile.score);
      existing.tonesAlike &&= tonesAlike(tile, glyph);
      existing.unlikeTile ||= unlikeTile(tile);
    } else {
      regions.push({
        box: tile.box,
        score: tile.score,
        line,
        tonesAlike: tonesAlike(tile, glyph),
        unlikeTile: unlikeTile(tile),
      });
    }
  }
  return regions;
}

/**
 * Whether a tile holds less ink than one glyph of the page's own text on both pages: a faint printed
 * background (a guilloche) sits at the ink threshold, and a photo or scan tips its few pixels under
 * it, which scores high against the tile's floor (seed 11 `g-scan-0000`: 26 px of the original's
 * ink, none of the copy's, scored 0.68 with a glyph at 75 px and was answered altered). Nothing a
 * reader takes for content fits in less than a glyph away from the lines that were read; changes there
 * (a sign at a line's end) stay judged with their line.
 */
function tooLittleInk(tile: TileScore, glyph: number): boolean {
  return Math.max(tile.ink, tile.copyInk ?? Infinity) < glyph;
}

/**
 * The share of one glyph's ink that a single connected piece, present on one page and absent from
 * the other, must reach on a tile of unread text for the tile to count however little ink it holds:
 * a script name's letter changed (Lindqvist -> Lindqvlst) raised a 57 px ascender into a tile the
 * original leaves blank, with a glyph at 72 px; noise and a faint pattern are specks or fall on the
 * other page's faint tolerance.
 */
const LONE_STROKE_OF_GLYPH = 0.5;

/** Whether a tile of text holds a stroke one page has and the other lacks (see LONE_STROKE_OF_GLYPH). */
function holdsLoneStroke(tile: TileScore, glyph: number): boolean {
  return glyph > 0 && (tile.lonePiece ?? 0) >= LONE_STROKE_OF_GLYPH * glyph;
}

/**
 * Whether a tile's tones vary together on both pages (compare.ts `structureLikeness` from
 * TONES_ALIKE) while each holds at least half the other's ink: the same picture, its ink threshold
 * tipped otherwise by a copy's blur and compression (see decide.ts `RegionEvidence.tonesAlike`).
 * A threshold tipped thins or thickens every edge a little; a stroke added or taken away is one
 * connected piece of ink only one page has. A tile holding such a piece of half a glyph or more is
 * not alike, however its tones agree (a big grade "C+" forged to "C-" kept likeness 0.951 with a
 * 74 px piece; a seal's edge among a dot pattern, genuine, had none over 4 px).
 */
function tonesAlike(tile: TileScore, glyph: number): boolean {
  const copyInk = tile.copyInk ?? 0;
  return (
    !holdsLoneStroke(tile, glyph) &&
    tile.likeness !== undefined &&
    tile.likeness >= TONES_ALIKE &&
    tile.ink > 0 &&
    copyInk >= tile.ink / 2 &&
    tile.ink >= copyInk / 2
  );
}

/** Whether a tile scored from UNLIKE_TILE_SCORE has tones unlike on the two pages (decide.ts `unreadableChanged`). */
function unlikeTile(tile: TileScore): boolean {
  return tile.score >= UNLIKE_TILE_SCORE && tile.likeness !== undefined && tile.likeness < UNLIKE_TONES;
}

/**
 * Depth under the paper (grey levels) below which the original's ink is faint: three times the ink
 * threshold (ink.ts INK_C, 18). Content is printed dark: a seal's, a signature's and a glyph's strokes
 * lay 188 levels under the paper on a scanned badge, while a printed dot pattern lay 19 and a light
 * table rule at a screenshot's 39 % 41.
 */
const FAINT_INK_DEPTH = 54;

/**
 * Whether a tile's only difference is faint ink of the original the copy lost: ink that light sits
 * at the threshold, and a copy's re-sampling or compression takes it under (seed 7 `g-scan-0004`, a
 * badge's dot pattern, 25-32 px of ink against 0 in JPEG q70, scored 0.3-0.56; seed 11
 * `g-screenshot-0003`, a table's right rule at 39 %, 30 px against 2, scored 1.0; both answered
 * altered). Ink the copy adds, or dark ink it lost, is never so.
 */
function faintInkLost(tile: TileScore): boolean {
  return (
    tile.inkDepth !== undefined && tile.inkDepth < FAINT_INK_DEPTH && (tile.copyInk ?? Infinity) <= tile.ink
  );
}

/** Whether a box touches the padded box of a registered line that was read (not unread ink). */
function touchesReadLine(box: Box, lines: RegisteredLine[], unread: Set<RegisteredLine>): boolean {
  return (
    lineTouching(
      box,
      lines.filter((line) => !unread.has(line)),
    ) !== null
  );
}

/**
 * Lines always read: the named critical fields, and any line with digits or signs, where one stroke
 * changes the meaning (a date 2016 -> 2015, a grade row of a transcript A- -> A+).
 */
function isCritical(line: RegisteredLine): boolean {
  return (line.field !== null && CRITICAL_FIELDS.includes(line.field)) || holdsValueSigns(line.text);
}

/**
 * Whether a line is read in every copy, flagged or not: a critical line, when registration read it
 * well, named it, or it holds an identifier. A named field is read whatever its registered
 * confidence: it must be confirmed, and the original is read again alike where the copy reads
 * otherwise.
 */
export function readInEveryCopy(line: RegisteredLine): boolean {
  return (
    isCritical(line) &&
    (line.field !== null || line.confidence >= READ_CONFIDENT || IDENTIFIER.test(unifyDashes(line.text)))
  );
}

/**
 * The cells of a line in doubt to read on both pages, from their crops (null where a cell is past
 * OCR's pixel budget): every cell when all were cut. A line with a cell past the budget is otherwise
 * not read by cells, unless it holds a number or date (`IDENTIFIER`): a date joined to a signature's
 * scribble ("24.09.2016 ~NAMNN", the scribble's cell just past the budget) is read in the cells that
 * fit on both pages, marked partial. The cells left out were compared by no reading, so they never
 * clear the line (decide.ts).
 */
export function cellsToRead<Crop>(
  line: RegisteredLine,
  layout: { cells: LineCell[]; rules: number[] },
  copyCells: (Crop | null)[],
  originalCells: (Crop | null)[],
): { layout: { cells: LineCell[]; rules: number[] }; sides: Crop[][]; partial: boolean } | null {
  const fit = layout.cells.flatMap((cell, index) => {
    const copy = copyCells[index];
    const original = originalCells[index];
    return copy && original ? [{ cell, copy, original }] : [];
  });
  const partial = fit.length < layout.cells.length;
  if (partial && (fit.length === 0 || !IDENTIFIER.test(unifyDashes(line.text)))) return null;
  return {
    layout: { ...layout, cells: fit.map(({ cell }) => cell) },
    sides: [fit.map(({ copy }) => copy), fit.map(({ original }) => original)],
    partial,
  };
}

/** The homography's area scale: how many of the original's pixels one pixel of the copy spans. */
function scaleOf(homography: number[]): number {
  const [a, b, , d, e] = homography as number[];
  return Math.sqrt(Math.abs(a! * e! - b! * d!));
}

/** A copy within this share of the original's scale is compared at the original's (no shrink, no comparison view). */
const SAME_SCALE = 0.95;

/**
 * The copy shrunk by area averaging to about the original's scale, with the homography from the
 * shrunk copy: the original page was shrunk that way at registration, and a warp that also had to
 * shrink by 20-30 % (bilinear, no averaging) left a lossless copy's strokes different enough to flag.
 */
export function atOriginalScale(
  copy: GrayRaster,
  homography: number[],
): { raster: GrayRaster; homography: number[] } {
  const scale = scaleOf(homography);
  if (!(scale < SAME_SCALE)) return { raster: copy, homography };
  const width = Math.max(1, Math.round(copy.width * scale));
  const height = Math.max(1, Math.round(copy.height * scale));
  // From the shrunk copy: its pixels enlarged back to the copy's, then the copy's homography. The
  // copy's candidates of one design (siblings) are laid over at one scale: shrunk once for all.
  const enlarged = [copy.width / width, 0, 0, 0, copy.height / height, 0, 0, 0, 1];
  return { raster: shrunkTo(copy, width, height), homography: composed(homography, enlarged) };
}

interface ComparisonView {
  /** The original as compared: registered, or brought down to the copy's scale. */
  original: GrayRaster;
  lines: RegisteredLine[];
  /** From the (shrunk) copy onto `original`. */
  homography: number[];
  /** Original pixels per compared pixel: 1, or the copy's scale. */
  factor: number;
}

/**
 * Where the copy shows the page smaller than it was registered (a viewer's screenshot, a downsized
 * copy), the original brought down to the copy's scale by area averaging, its lines with it: the
 * copy is compared at its own resolution, as an examiner would, instead of being enlarged into
 * strokes it never had (bilinear enlargement of 6-8 px print flagged genuine lines).
 */
export function comparisonView(
  original: GrayRaster,
  lines: RegisteredLine[],
  homography: number[],
): ComparisonView {
  const factor = scaleOf(homography);
  if (!(factor > 1 / SAME_SCALE)) return { original, lines, homography, factor: 1 };
  const width = Math.max(1, Math.round(original.width / factor));
  const height = Math.max(1, Math.round(original.height / factor));
  const fx = width / original.width;
  const fy = height / original.height;
  const down = (box: Box): Box => {
    const x = Math.floor(box.x * fx);
    const y = Math.floor(box.y * fy);
    return {
      x,
      y,
      width: Math.max(1, Math.ceil((box.x + box.width) * fx) - x),
      height: Math.max(1, Math.ceil((box.y + box.height) * fy) - y),
    };
  };
  return {
    original: resizeArea(original, width, height),
    lines: lines.map((line) => ({ ...line, box: down(line.box) })),
    homography: composed([fx, 0, 0, 0, fy, 0, 0, 0, 1], homography),
    factor: original.width / width,
  };
}

/**
 * The copy warped onto the compared original, the warp refined where the keypoint fit left it off
 * (refine.ts), and the copy-to-registered-page homography corrected alike for reading.
 */
async function refinedWarp(
  scaled: GrayRaster,
  view: ComparisonView,
  toOriginal: number[],
): Promise<{ warped: WarpedCopy; toOriginal: number[] }> {
  const { original, factor } = view;
  const warped = await warpOntoOriginal(scaled, view.homography, original.width, original.height);
  // A page compared below its registered size has few keypoints, all in the text, and the fit left its
  // border 2-4 px off: any error that shows is corrected. At full size the fit is mostly within the
  // tiles' shift search, and moving it by a pixel only re-rolled faint patterns (run 15 `g-scan-0000`:
  // a guilloche tile beside a line went from 0.24 to 0.40 and the genuine scan was answered altered),
  // so only an error beyond that search is (seed 23 `g-photo-0000`, a tilted photo shaded at one
  // corner: its border 4-5 px off there, flagged, and the genuine copy answered altered).
  const correction = await warpCorrection(
    original,
    warped.page,
    warped.visible,
    factor === 1 ? SHIFT : 1 / 3,
  );
  if (!correction) return { warped, toOriginal };
  // The correction is in the compared page's pixels; the registered page's are `factor` times larger.
  const up = [factor, 0, 0, 0, factor, 0, 0, 0, 1];
  const down = [1 / factor, 0, 0, 0, 1 / factor, 0, 0, 0, 1];
  return {
    warped: await warpOntoOriginal(
      scaled,
      composed(correction, view.homography),
      original.width,
      original.height,
    ),
    toOriginal: composed(composed(up, composed(correction, down)), toOriginal),
  };
}

/** The registered page and the copy warped onto it, light-on-dark text turned as comparePages turns it. */
async function pagesForReading(
  original: GrayRaster,
  copy: GrayRaster,
  homography: number[],
): Promise<{ original: GrayRaster; copy: GrayRaster }> {
  const warped = await warpOntoOriginal(copy, homography, original.width, original.height);
  const dark = await darkAreas(original);
  return { original: invertWhere(original, dark), copy: invertWhere(warped.page, dark) };
}

export async function examine(
  ocr: OcrClient,
  copy: GrayRaster,
  copyFeatures: PageFeatures,
  registration: StoredRegistration,
  /** The copy already laid over this registration (siblings.ts), or null. */
  known: Alignment | null = null,
): Promise<Examination | null> {
  const alignment = known ?? (await alignCopy(copyFeatures, registration.features));
  if (!alignment) return null;
  // Another design (a wrong candidate) is not warped and compared: the decision is unknown whatever
  // the comparison says, and its 0.3-0.7 s of CPU left no budget for the next candidate (a photo's
  // right certificate was never examined in accuracy run 9).
  if (!laidOver(alignment)) {
    const evidence = { visibleInk: 0, hiddenLines: [], inkTiles: 0, flaggedTiles: 0, regions: [] };
    const decision = decide({ ...evidence, inliers: alignment.inliers, matches: alignment.matches });
    return { registration, alignment, aligned: copy, decision, tiles: [], regions: [] };
  }
  const { raster: scaled, homography: fitted } = atOriginalScale(copy, alignment.homography);
  const view = comparisonView(registration.page, registration.lines, fitted);
  const { original, lines, factor } = view;
  const read = async (crops: GrayRaster[]) =>
    ocr.readRegions(await Promise.all(crops.map((crop) => forReading(crop, factor))));
  // The copy's own pixels per registered pixel, from the copy as decoded (before any shrink here).
  const copyScale = scaleOf(alignment.homography);
  const { warped, toOriginal } = await refinedWarp(scaled, view, fitted);
  const comparison = await comparePages(original, warped.page, warped.visible);
  const { originalPage, copyPage, originalInk, copyInk, tiles, darkGround } = comparison;
  // A table's rules are drawing, not print: a light one a copy's scale tips under the ink threshold
  // is no change to any line it crosses.
  const rules = tableRules(originalInk, lines, textBlock(lines));
  if (rules) rescoreWithout(comparison, rules);
  // The pieces a line lost or gained, counted without the rules too.
  const [originalMarks, copyMarks] = rules
    ? [withoutZone(originalInk, rules), withoutZone(copyInk, rules)]
    : [originalInk, copyInk];
  // Pieces smaller than two by two of the copy's own pixels, and than four of the page compared, are
  // noise (a speck, a JPEG block's corner), whatever the line's height.
  const marksOf = (line: RegisteredLine) => {
    const copyPixel = line.box.height / heightInCopy(line);
    return unmatchedMarks(
      originalMarks,
      copyMarks,
      padded(line.box),
      line.box.height,
      4 * Math.max(1, copyPixel || 0) ** 2,
    ).length;
  };
  const textFlag = textFlagFor(
    tiles.filter((tile) => !tile.hidden && tile.ink > 0).map((tile) => tile.score),
  );
  // Ink of the text block no registered line covers (a script name) is judged as text too.
  const unread = unreadLines(originalInk, lines, textBlock(lines), darkGround);
  // A line's cells on the original as registered, cut once: for the tiles over a graphic the line
  // crosses, and again for reading it cell by cell when the copy is read at that size.
  const layoutOnOriginal = new Map<RegisteredLine, ReturnType<typeof lineCells>>();
  const originalLayout = (line: RegisteredLine) => {
    const layout = layoutOnOriginal.get(line) ?? lineCells(originalPage, line.box);
    layoutOnOriginal.set(line, layout);
    return layout;
  };
  const flagged = flaggedRegions(tiles, [...lines, ...unread], textFlag, {
    unread: new Set(unread),
    glyph: glyphInk(originalInk, lines),
    // Only an unnamed line: a field's line keeps its text flag and its strokes whatever ink it crosses.
    overGraphicOnly: (tile, line) => {
      if (line.field !== null) return false;
      return graphicOnlyUnder(originalLayout(line).cells, line.box, tile);
    },
  });
  const hiddenLines = lines.filter((line) =>
    tiles.some(
      (tile) => tile.hidden && overlapArea(tile.box, line.box) > 0.1 * line.box.width * line.box.height,
    ),
  );
  const critical = lines.filter(
    (line) =>
      readInEveryCopy(line) && !hiddenLines.includes(line) && !flagged.some((region) => region.line === line),
  );
  // Each line as registered, in the registered page's pixels: the found ink of unread text with it.
  const up = (box: Box): Box => ({
    x: Math.round(box.x * factor),
    y: Math.round(box.y * factor),
    width: Math.round(box.width * factor),
    height: Math.round(box.height * factor),
  });
  const registered = new Map<RegisteredLine, RegisteredLine>([
    ...lines.map((line, index): [RegisteredLine, RegisteredLine] => [line, registration.lines[index]!]),
    ...unread.map((line): [RegisteredLine, RegisteredLine] => [line, { ...line, box: up(line.box) }]),
  ]);
  const heightInCopy = (line: RegisteredLine) => registered.get(line)!.box.height / copyScale;
  // Every line to read: the flagged ones and the critical ones, except those the copy shows too
  // small for OCR (decide.ts judges them by their picture alone).
  const toRead = [...flagged.flatMap((region) => (region.line ? [region.line] : [])), ...critical].filter(
    (line) => heightInCopy(line) >= LEGIBLE_LINE_HEIGHT,
  );
  // Lines are read where OCR reads best: the copy warped once onto the registered page (as before
  // this comparison at the copy's scale), the original as registered; both turned as compared.
  const readPages = factor > 1 ? await pagesForReading(registration.page, scaled, toOriginal) : null;
  // A line's box on the pages it is read on.
  const readingBox = (line: RegisteredLine) => (readPages ? registered.get(line)!.box : line.box);
  // The copy's crop decides whether a line's light is evened; the original's is cut alike.
  const evenedLines = new Set<RegisteredLine>();
  const lineCrop = async (side: 'copy' | 'original', line: RegisteredLine) => {
    const box = readingBox(line);
    const { crop, evened } = await cutForReading(
      readPages ? readPages[side] : side === 'copy' ? copyPage : originalPage,
      box,
      1,
      side === 'copy' ? undefined : evenedLines.has(line),
    );
    if (evened && side === 'copy') evenedLines.add(line);
    return forReading(crop, readingZoom(crop, box.height));
  };
  const readings = await ocr.readRegions(await Promise.all(toRead.map((line) => lineCrop('copy', line))));
  const readingOf = new Map(toRead.map((line, index) => [line, readings[index] ?? null]));
  // Where the copy reads otherwise than the registration did, the original is read again under the
  // copy's conditions (same crop, same scale, one line alone): the registered text came from OCR of
  // the whole page, which misreads other glyphs ("Cryptography 15 [" for "C+", "Diploma ." for "No.").
  // A line the copy reads as nothing is read on the original too: only when that reads nothing as well
  // is the silence the crop's, not the copy's (decide.ts).
  const differing = toRead.filter((line) => {
    const reading = readingOf.get(line);
    return !!reading && readingKey(reading.text) !== readingKey(line.text);
  });
  const originalReadings = differing.length
    ? await ocr.readRegions(await Promise.all(differing.map((line) => lineCrop('original', line))))
    : [];
  const originalReadingOf = new Map(differing.map((line, index) => [line, originalReadings[index] ?? null]));
  // Lines still in doubt (the copy reads otherwise than the original read alike) are read again cell
  // by cell, on both pages the same way: OCR of a whole line drops or garbles the cells of a table
  // row ("Operating Systems 110" for "... 10 B-" in a rotated copy, nothing at all for a scanned
  // "Cryptography 15 C+") and reads a small number beside a large heading at the heading's scale.
  // So are flagged lines the copy reads as the original does, both dropping glyphs of the registered
  // text: a scanned row's one-letter grade, read on neither page whole, is read in its cell.
  const inDoubt = differing.filter((line) => {
    if (!line.text) return false;
    const copyText = readingOf.get(line)?.text ?? '';
    const originalText = originalReadingOf.get(line)?.text ?? '';
    return (
      readingKey(copyText) !== readingKey(originalText) ||
      (flagged.some((region) => region.line === line) && droppedGlyphs(originalText, line.text))
    );
  });
  const cellsOf = new Map<RegisteredLine, NonNullable<RegionEvidence['cells']>>();
  if (inDoubt.length) {
    const pageOf = (side: 'copy' | 'original') =>
      readPages ? readPages[side] : side === 'copy' ? copyPage : originalPage;
    // A line with a cell past OCR's pixel budget is no row of small print and is not read by cells: a
    // decorative border OCR took for a line at registration made cells of 11-15 megapixels (2-4 s of
    // the engine's CPU in one request, accuracy run 10).
    const cellsCut = await Promise.all(
      inDoubt.map(async (line) => {
        const layout = readPages ? lineCells(readPages.original, readingBox(line)) : originalLayout(line);
        const copyCut = await Promise.all(
          layout.cells.map((cell) => cellCrop(pageOf('copy'), cell, layout.rules)),
        );
        const originalCut = await Promise.all(
          layout.cells.map((cell, index) =>
            cellCrop(pageOf('original'), cell, layout.rules, copyCut[index]?.evened ?? false),
          ),
        );
        const crops = (cut: typeof copyCut) => cut.map((cell) => cell?.crop ?? null);
        return { line, layout, copyCells: crops(copyCut), originalCells: crops(originalCut) };
      }),
    );
    const plans = cellsCut.flatMap(({ line, layout, copyCells, originalCells }) => {
      const plan = cellsToRead(line, layout, copyCells, originalCells);
      return plan ? [{ line, ...plan }] : [];
    });
    const cuts = [0, 1].map((side) =>
      plans.map(({ layout, sides }) =>
        sides[side]!.map((crop, index) => ({
          crop,
          zoom: readingZoom(crop, layout.cells[index]!.bottom - layout.cells[index]!.top),
        })),
      ),
    );
    const cellReadings = await ocr.readRegions(
      await Promise.all(cuts.flat(2).map(({ crop, zoom }) => forReading(crop, zoom))),
    );
    const half = cellReadings.length / 2;
    let at = 0;
    for (const { line, layout, partial, sides } of plans) {
      const count = layout.cells.length;
      const copy = cellReadings.slice(at, at + count);
      const original = cellReadings.slice(half + at, half + at + count);
      // A one- or two-glyph cell (a grade, its sign) OCR may read on neither page at 9-12 px: its
      // strokes are compared instead, only where decide.ts weighs them.
      const shapes = layout.cells.flatMap((cell, index) =>
        glyphCell(cell, readingBox(line)) && strokesWeighed(line.field, copy[index], original[index])
          ? [{ index, changed: strokesChanged(compareGlyphs(sides[1]![index]!, sides[0]![index]!)) }]
          : [],
      );
      cellsOf.set(line, {
        copy,
        original,
        ...(partial ? { partial } : {}),
        ...(shapes.length ? { shapes } : {}),
      });
      at += count;
    }
    // OCR of a blurred cell can flip at one scale (a rotated copy's "7.5" read "1.3" at 0.81): a cell
    // read otherwise on the two pages, not surely on both, is read once more on both at another scale.
    const doubtful = plans.flatMap(({ line }, plan) => {
      const { copy, original } = cellsOf.get(line)!;
      return copy.flatMap((reading, index) => {
        const other = original[index]!;
        const zoom = cuts[0]![plan]![index]!.zoom;
        return readingKey(reading.text) &&
          readingKey(other.text) &&
          readingKey(reading.text) !== readingKey(other.text) &&
          Math.min(reading.confidence, other.confidence) < READ_SURE &&
          zoom * CELL_REREAD_ZOOM >= 1
          ? [{ line, plan, index }]
          : [];
      });
    });
    if (doubtful.length) {
      const again = await ocr.readRegions(
        await Promise.all(
          [0, 1].flatMap((side) =>
            doubtful.map(({ plan, index }) => {
              const { crop, zoom } = cuts[side]![plan]![index]!;
              return forReading(crop, zoom * CELL_REREAD_ZOOM);
            }),
          ),
        ),
      );
      doubtful.forEach(({ line, index }, at) => {
        const cells = cellsOf.get(line)!;
        cells.again = [
          ...(cells.again ?? []),
          { index, copy: again[at]!, original: again[doubtful.length + at]! },
        ];
      });
    }
  }
  const regions: RegionEvidence[] = [
    ...flagged.map((region) => ({
      ...region,
      box: region.line ? region.line.box : region.box,
      flaggedBox: region.box,
      reads: region.line ? (readingOf.get(region.line) ?? null) : null,
      originalReads: region.line ? (originalReadingOf.get(region.line) ?? null) : null,
      unmatchedMarks: region.line ? marksOf(region.line) : 0,
      readAnyway: false,
      ...(region.line
        ? {
            lineNumber: lineNumber(region.line, lines),
            copyLineHeight: heightInCopy(region.line),
            inTextFlow: inTextFlow(region.line.box, lines),
          }
        : {}),
      ...(region.line && cellsOf.has(region.line) ? { cells: cellsOf.get(region.line)! } : {}),
    })),
    ...critical.map((line) => ({
      box: line.box,
      score: 0,
      line,
      lineNumber: lineNumber(line, lines),
      reads: readingOf.get(line) ?? null,
      originalReads: originalReadingOf.get(line) ?? null,
      unmatchedMarks: marksOf(line),
      readAnyway: true,
      copyLineHeight: heightInCopy(line),
      ...(cellsOf.has(line) ? { cells: cellsOf.get(line)! } : {}),
    })),
  ];
  const block = textBlock(lines);
  const blockTiles = block ? tiles.filter((tile) => overlapArea(tile.box, block) > 0) : tiles;
  const totalInk = blockTiles.reduce((sum, tile) => sum + tile.ink, 0);
  const visibleInk = blockTiles.reduce((sum, tile) => sum + (tile.hidden ? 0 : tile.ink), 0);
  const inkTiles = tiles.filter((tile) => !tile.hidden && tile.ink > 0).length;
  const flaggedTiles = tiles.filter((tile) => !tile.hidden && tile.score >= TEXT_FLAG).length;
  const input = {
    inliers: alignment.inliers,
    matches: alignment.matches,
    visibleInk: totalInk ? visibleInk / totalInk : 0,
    hiddenLines,
    inkTiles,
    flaggedTiles,
    regions,
  };
  if (decide(input).verdict === 'altered') {
    // Only an altered copy shows its differences: they are named then, and naming leaves the
    // verdict as it was (decide judges by the registered lines, not by these names).
    input.regions = await nameRegions(read, regions, lines, { originalPage, copyPage, originalInk, copyInk });
  }
  // Boxes and lines back in the registered page's pixels (the decision does not depend on them).
  const registeredInput = {
    ...input,
    hiddenLines: hiddenLines.map((line) => registered.get(line)!),
    regions: input.regions.map((region) => ({
      ...region,
      line: region.line ? registered.get(region.line)! : null,
      box: region.line ? registered.get(region.line)!.box : up(region.box),
      ...(region.flaggedBox ? { flaggedBox: up(region.flaggedBox) } : {}),
    })),
  };
  return {
    registration,
    alignment,
    aligned: warped.page,
    decision: decide(registeredInput),
    tiles,
    regions: registeredInput.regions,
  };
}

/** A page a flat surround sets off in the copy (a viewer's page), cut out at the copy's decoded size. */
export interface PageAlone {
  raster: GrayRaster;
  hash: bigint;
  /** Found when first examined: a copy whose page no candidate resembles costs none. */
  features: PageFeatures | null;
}

/** The copy as examined: its working raster and features, and the pages it shows alone. */
export interface CopyPicture {
  raster: GrayRaster;
  features: PageFeatures;
  pagesAlone: PageAlone[];
}

/**
 * How much larger than the working raster the decoded picture must be for its pages to be examined
 * alone. At the same resolution the page alone brings no pixels, only another alignment, and a
 * 1920 px screenshot (7 % over the working raster) flagged a border pattern beside a signature
 * that the whole picture's examination had matched (`g-screenshot-0002`, diagnose.ts).
 */
const PAGE_ALONE_GAIN = 1.2;
/**
 * A page the working raster shows at this share of its registered size or more is examined whole:
 * its smallest print (a number 11 px tall on the registered page) is 8 px or more there, legible
 * (decide.ts LEGIBLE_LINE_HEIGHT), and a sibling examined on the page alone of a 2560 px screenshot at
 * 85 % (`g-screenshot-0004`) answered too blurred and used up the search's CPU budget.
 */
const SMALL_PAGE_SHARE = 0.75;

/**
 * The pages a flat surround sets off in the copy (page-hash.ts `surroundedPages`, found in the working
 * raster), each cut out of the picture as decoded and hashed. A viewer's screenshot shows its page on
 * part of the picture, and the working raster (COPY_WORKING_LONG_SIDE for the whole picture) shrinks
 * it further: a transcript's dates at 51 % zoom of a 2560 px screen were 6.7 px tall there, 9.5 px in
 * the page as decoded, and the page's own features, not the viewer's chrome, are aligned. Only pages
 * shown small (SMALL_PAGE_SHARE), in a decoded picture PAGE_ALONE_GAIN times the working raster's size.
 */
export function pagesAlone(decoded: GrayRaster, working: GrayRaster, surrounded: Corners[]): PageAlone[] {
  if (decoded.width < PAGE_ALONE_GAIN * working.width) return [];
  const small = surrounded.filter((corners) => {
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const longSide = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    return longSide < SMALL_PAGE_SHARE * CANONICAL_LONG_SIDE;
  });
  return surroundedPagesFrom(decoded, working, small, COPY_WORKING_LONG_SIDE).map((raster) => ({
    raster,
    hash: pageHash(raster),
    features: null,
  }));
}

/**
 * The copy examined against one registration: on the page it shows alone when that page hashes near
 * enough to the registered one to be it (within MAX_HASH_DISTANCE, as retrieval takes a candidate),
 * else, or when that page does not align, on the whole picture.
 */
export async function examineCopy(
  ocr: OcrClient,
  copy: CopyPicture,
  registration: StoredRegistration,
  /** The whole picture already laid over this registration, or null. */
  known: Alignment | null = null,
): Promise<Examination | null> {
  const registeredHash = copy.pagesAlone.length ? registration.pageHash : 0n;
  const page = copy.pagesAlone
    .map((alone) => ({ alone, distance: hammingDistance(alone.hash, registeredHash) }))
    .filter(({ distance }) => distance <= MAX_HASH_DISTANCE)
    .sort((a, b) => a.distance - b.distance)[0]?.alone;
  if (page) {
    page.features ??= await pageFeatures(page.raster, COPY_FEATURES);
    const alone = await examine(ocr, page.raster, page.features, registration);
    if (alone) return alone;
  }
  return examine(ocr, copy.raster, copy.features, registration, known);
}

/**
 * Altered against one certificate while the number the copy prints names another the search's budget
 * left unexamined: the copy may be a faithful copy of that one (a certificate of the same design was
 * examined first), so it is not called altered (docs/verification-pipeline.md "A number line read
 * whole among its neighbours").
 */
export function alteredWhileNumberNamesUnexamined(
  found: {
    decision: Pick<Decision, 'verdict'>;
    registration: Pick<StoredRegistration, 'certificateId'>;
  } | null,
  numbered: readonly string[],
  tried: ReadonlySet<string>,
): boolean {
  return (
    found?.decision.verdict === 'altered' &&
    numbered.some((id) => !tried.has(id) && id !== found.registration.certificateId)
  );
}

/**
 * Whether a same-design candidate need not be examined: the copy's lines chose another certificate of
 * the design, that one was examined (and found not authentic, or the search would have ended), and of
 * this one's own words the copy shows almost none. A genuine copy of it would show them: reading the
 * chosen one's own words instead would take OCR inventing words that are not on the page. Each such
 * examination cost 0.5-0.9 s of CPU on a forgery's answer (branch `stored`, run 18's slowest answers)
 * and could only answer altered or unknown against the wrong certificate.
 */
export function ruledOutAfterChosen(
  siblings: Pick<SiblingEvidence, 'chosen' | 'ruledOut'> | null,
  tried: ReadonlySet<string>,
  certificateId: string,
): boolean {
  return !!siblings?.chosen && tried.has(siblings.chosen) && siblings.ruledOut.has(certificateId);
}

/**
 * The nearest registration by page hash, when it alone is within STRONG_HASH_DISTANCE of the copy and
 * no other of the nearest is of its design. Certificates of one design hash 2-6 bits apart, so where
 * the design has several the hash does not tell which one the copy is: examining the nearer first
 * spent the search's CPU budget on a sibling (accuracy run 11 and branch `unnamed`:
 * f-number-digit-scan-0000, f-name-letter-scan-0001 and g-screenshot-0004 unknown, their own
 * certificate never examined; the full-corpus shards, 20 certificates per design, many more), and the
 * printed number and the words decide.
 */
export function uniquelyNear<T extends { distance: number; pageHash: bigint }>(nearest: T[]): T | null {
  const [first, ...others] = nearest;
  if (!first || first.distance > STRONG_HASH_DISTANCE) return null;
  const rival = others.some(
    (other) => other.distance <= STRONG_HASH_DISTANCE || hashesOfOneDesign(other.pageHash, first.pageHash),
  );
  return rival ? null : first;
}

const SEARCH_CUT_REASON =
  'Several registered certificates share this design and not all of them could be compared in one check';

const VERDICT_RANK = { authentic: 0, altered: 1, unknown: 2 } as const;

function better(a: Examination | null, b: Examination | null): Examination | null {
  if (!a) return b;
  if (!b) return a;
  const rank = VERDICT_RANK[a.decision.verdict] - VERDICT_RANK[b.decision.verdict];
  if (rank !== 0) return rank < 0 ? a : b;
  if (a.decision.differences.length !== b.decision.differences.length) {
    return a.decision.differences.length < b.decision.differences.length ? a : b;
  }
  return a.alignment.inliers >= b.alignment.inliers ? a : b;
}

/** What kind of copy the transform suggests: perspective → photo; rotation → scan; else a digital copy. */
function copyKindOf(homography: number[]): CopyKind {
  const [a, b, , d, , , g, h] = homography as number[];
  if (Math.abs(g!) > 2e-5 || Math.abs(h!) > 2e-5) return 'photo';
  const degrees = Math.abs((Math.atan2(d!, a!) * 180) / Math.PI);
  if (degrees > 0.25 || Math.abs(b!) / Math.abs(a!) > 0.005) return 'scan';
  return 'digital_copy';
}

function dataUrlOf(page: GrayRaster): string {
  return `data:image/png;base64,${encodeBase64(encodePage(fitWithin(page, EVIDENCE_LONG_SIDE)))}`;
}

function relative(box: Box, page: GrayRaster): Box {
  return {
    x: box.x / page.width,
    y: box.y / page.height,
    width: box.width / page.width,
    height: box.height / page.height,
  };
}

/**
 * `timer` gets each stage's wall-clock and CPU time (the engine's Server-Timing): decode, features,
 * page-hash, qr, number (lines found and read), retrieval (SQL), load, examine (align, warp, compare,
 * OCR of lines, decide) and evidence; the OCR client given times its own calls.
 */
export async function verifyCopy(
  sql: Sql,
  ocr: OcrClient,
  bytes: Uint8Array,
  detected: DetectedFile,
  timer: StageTimer = new StageTimer(),
): Promise<VerifyResponse> {
  const startedCpuMs = processCpuMs();
  const { working: copy, decoded } = await timer.time('decode', () => copyRasters(bytes, detected, ocr));
  const copyFeatures = await timer.time('features', () => pageFeatures(copy, COPY_FEATURES));
  // The pages cut out of the picture and straightened: hashed, and the largest read for its number.
  // Hashed again with the light evened (light.ts): a photo's shadow moved its hash out of reach. The
  // hashes as taken stay, so a copy whose own dark areas evening changes is found as before.
  const { outlines, hashes, alone } = await timer.time('page-hash', async () => {
    const surrounded = await surroundedPages(copy);
    const outlines = await pageOutlines(copy, surrounded);
    const hashes = [
      ...(await copyPageHashes(copy, outlines)),
      ...(await copyPageHashes(await evenLight(copy), outlines)),
    ];
    return { outlines, hashes: [...new Set(hashes)], alone: pagesAlone(decoded, copy, surrounded) };
  });
  const picture: CopyPicture = { raster: copy, features: copyFeatures, pagesAlone: alone };
  const tried = new Set<string>();
  const loaded = new Map<string, Promise<StoredRegistration | null>>();
  const load = (certificateId: string) => {
    if (!loaded.has(certificateId))
      loaded.set(
        certificateId,
        timer.time('load', () => loadRegistration(sql, certificateId)),
      );
    return loaded.get(certificateId)!;
  };
  let best: Examination | null = null;
  // What the copy's words say of the candidates of one design, once they are read.
  let siblings: SiblingEvidence | null = null;
  let searchCut = false;
  const withinBudget = () => processCpuMs() - startedCpuMs <= CANDIDATE_CPU_BUDGET_MS;
  const tryCandidate = async (certificateId: string) => {
    if (tried.has(certificateId)) return;
    if (tried.size > 0 && !withinBudget()) {
      searchCut = true;
      return;
    }
    tried.add(certificateId);
    const registration = await load(certificateId);
    if (registration)
      best = better(
        best,
        await timer.time('examine', () =>
          examineCopy(
            ocr,
            picture,
            registration,
            siblings?.alignment.certificateId === certificateId ? siblings.alignment.alignment : null,
          ),
        ),
      );
  };
  const authentic = () => !!best && (best as Examination).decision.verdict === 'authentic';
  // A verifiable copy's QR code names its certificate: examined first, judged like any candidate.
  const coded = await timer.time('qr', () => certificateFromCode(sql, copy));
  if (coded) await tryCandidate(coded);
  const nearest = authentic()
    ? []
    : await timer.time('retrieval', () =>
        nearestRegistrations(sql, hashes, HASH_CANDIDATES, MAX_HASH_DISTANCE),
      );
  // The page hash's nearest registration, when it alone is near enough to be this page, is examined
  // before the number is read: an authentic answer then costs no number reading (its OCR request and
  // lines: 0.4-2.6 s of 1.7-8.4 s per copy on the loaded machine, docs/benchmarks.md "Content path").
  const near = uniquelyNear(nearest)?.certificateId ?? null;
  if (near) await tryCandidate(near);
  // The number the copy shows names the next candidates: the certificates whose number it is, and
  // those of the copy's design whose number it is but for one glyph (a forged digit, or a misread
  // one), among every certificate, not only the few nearest by page hash. Read on the largest page
  // outlined; where that names no certificate and the outline cut the picture, on the whole picture
  // too: an outline can miss part of the page (a dark panel on a dark desk left a photo's number
  // outside it, docs/verification-pipeline.md).
  const numberTokens: string[] = [];
  const numbered = authentic()
    ? []
    : await timer.time('number', async () => {
        const readable = await readablePage(copy, outlines);
        numberTokens.push(...(await readNumbers(ocr, readable)));
        const found = await certificatesNumbered(sql, numberTokens, NUMBER_CANDIDATES);
        if (found.length || readable === copy) return found;
        numberTokens.push(...(await readNumbers(ocr, copy)));
        return certificatesNumbered(sql, numberTokens, NUMBER_CANDIDATES);
      });
  const numberedIds = numbered.map((candidate) => candidate.certificateId);
  const nearlyNumbered = authentic()
    ? []
    : (
        await timer.time('retrieval', () =>
          certificatesNearlyNumbered(sql, numberTokens, hashes, MAX_HASH_DISTANCE, NEAR_NUMBER_CANDIDATES),
        )
      ).filter((candidate) => !numberedIds.includes(candidate.certificateId));
  // Certificates of one design are told apart by the words each alone prints, read once where their
  // lines differ (siblings.ts), among the nearest by page hash and those the number names: judged
  // among the three nearest only, the words chose a sibling while the copy's own certificate, one of
  // twenty, was not among them (full-corpus shards). Only candidates of the first's design are loaded
  // (50-70 ms of CPU each: loads of other designs cut a photo's own certificate from the search,
  // f-reissued-photo-0002), those not yet examined first (the first is the one the copy is aligned to,
  // an alignment its examination reuses).
  const design = nearest[0]?.pageHash ?? numbered[0]?.pageHash ?? nearlyNumbered[0]?.pageHash;
  const ofDesign = [
    ...new Set(
      [...nearest, ...numbered, ...nearlyNumbered]
        .filter((candidate) => design !== undefined && hashesOfOneDesign(candidate.pageHash, design))
        .map((candidate) => candidate.certificateId),
    ),
  ].sort((a, b) => Number(tried.has(a)) - Number(tried.has(b)));
  siblings =
    !authentic() && ofDesign.length > 1 && !tried.has(ofDesign[0]!) && (tried.size === 0 || withinBudget())
      ? await timer.time('siblings', async () => {
          const registrations = await Promise.all(ofDesign.map((id) => load(id)));
          return siblingEvidence(
            ocr,
            copy,
            copyFeatures,
            registrations.filter((registration): registration is StoredRegistration => !!registration),
          );
        })
      : null;
  if (siblings?.chosen && !authentic()) await tryCandidate(siblings.chosen);
  // A printed number equal to a registered one, after the words' choice and whatever they ruled out
  // (a reissued name rules its own certificate out): where code, words and number disagree each is
  // compared, and the comparison decides.
  for (const candidate of numberedIds) {
    if (authentic()) break;
    await tryCandidate(candidate);
  }
  if (!authentic()) {
    // Certificates of one design hash alike, and the CPU budget leaves room for one or two of them:
    // the one whose number is the copy's but for a glyph or two (a forged digit) is examined first (a
    // forged number's copy was examined against its design's other certificate only, accuracy run 11),
    // those the near-number lookup found before the page-hash candidates when they tie; those the
    // copy's words contradict last.
    const candidates = [
      ...new Set([
        ...nearlyNumbered.map((candidate) => candidate.certificateId),
        ...nearest.map((candidate) => candidate.certificateId),
      ]),
    ].filter((id) => !tried.has(id));
    const glyphsOff = await timer.time('retrieval', () => numbersGlyphsOff(sql, numberTokens, candidates));
    const offBy = (id: string) => glyphsOff.get(id) ?? MAX_NUMBER_GLYPHS_OFF + 1;
    const ruledOut = (id: string) => Number(!!siblings?.ruledOut.has(id));
    candidates.sort((a, b) => ruledOut(a) - ruledOut(b) || offBy(a) - offBy(b));
    for (const candidate of candidates) {
      if (ruledOutAfterChosen(siblings, tried, candidate)) continue;
      await tryCandidate(candidate);
      if (authentic()) break;
    }
  }
  const current = best as Examination | null;
  if (current && current.decision.verdict !== 'authentic') {
    // Same template, another certificate: look for the one whose lines read what this copy reads.
    const reads = current.decision.differences
      .map((difference) => difference.reads)
      .filter((read): read is string => !!read);
    for (const sibling of await registrationsReading(sql, reads, [...tried])) await tryCandidate(sibling);
  }
  const found = best as Examination | null;
  const namedUnexamined = alteredWhileNumberNamesUnexamined(found, numberedIds, tried);
  if (!found || found.decision.verdict === 'unknown' || namedUnexamined) {
    // Unknown shows nothing of any registered certificate: no id, no differences, no pictures.
    return {
      verdict: 'unknown',
      certificateId: null,
      matchChannel: null,
      copyKind: null,
      differences: [],
      reasons: [
        ...(!found
          ? ['No registered certificate looks like this copy']
          : namedUnexamined
            ? []
            : found.decision.reasons),
        ...(searchCut ? [SEARCH_CUT_REASON] : []),
      ],
      confidence: found ? found.decision.confidence : 0.6,
      evidence: null,
    };
  }
  const page = found.registration.page;
  const evidence = await timer.time('evidence', () =>
    Promise.resolve({
      originalPage: dataUrlOf(page),
      alignedCopy: dataUrlOf(found.aligned),
    }),
  );
  return {
    verdict: found.decision.verdict,
    certificateId: found.registration.certificateId,
    // The QR code is checked first; where code and number name the same certificate, the code found it.
    matchChannel:
      found.registration.certificateId === coded
        ? 'certificate_code'
        : numberedIds.includes(found.registration.certificateId)
          ? 'certificate_number'
          : 'visual',
    copyKind: copyKindOf(found.alignment.homography),
    differences: found.decision.differences.map((difference) => ({
      ...difference,
      box: relative(difference.box, page),
    })),
    reasons: found.decision.reasons,
    confidence: found.decision.confidence,
    evidence,
  };
}
