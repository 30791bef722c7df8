/**
 * The certificate-number channel of retrieval: the number a copy shows (printed on the certificate,
 * or in the margin strip of a verifiable copy) names a registered certificate even when no QR code
 * can be read (cropped off, too small or blurred in a photo, or never printed). Like the QR code, the
 * number only picks the candidate: the copy is compared with that certificate's original like any other.
 *
 * Nothing reads a copy's text before a candidate is chosen, and OCR of a whole page costs 1-2 s of
 * the `ocr` function. So the engine finds the page's short text lines itself (OpenCV: a two-sided
 * local threshold, characters joined along the line, components of text height) and sends only the
 * likeliest few, stacked into one small picture, in one OCR request. A number line is short ("No.
 * 000118", "Certificate ID: VC-0012") and seldom in a title's large print; a page without short text
 * lines costs no OCR at all. Keys and lookup: store.ts and migration 20261126030100.
 */
import { fitWithin, type GrayRaster } from '../documents/raster.ts';
import type { Box } from '../ocr/protocol.ts';
import { INTRODUCES_NUMBER } from './fields.ts';
import { type Mat, matFromRaster, withMats } from './mats.ts';
import type { OcrClient } from './ocr-client.ts';
import { openCv } from './opencv.ts';
import { greyLevelAt, lineFrame } from './reading.ts';

/** Lines are looked for on the copy fitted to this (cheap morphology, small print still 8+ px tall). */
const DETECT_LONG_SIDE = 1200;
/** Lines read at most: about 10-30 characters each, one OCR request well inside its CPU budget. */
export const MAX_NUMBER_LINES = 12;
/** Values of labels read alone, read in a second request. */
const MAX_LABEL_VALUES = 3;
/** Height of a line's strip in the stacked picture (glyphs about 30 px tall, as tesseract reads best). */
const STRIP_HEIGHT = 48;
const STRIP_GAP = 16;
const MAX_STRIP_WIDTH = 1900;
/** A strip whose ground and darkest glyphs differ by less than this (grey levels) is not stretched. */
const MIN_STRIP_CONTRAST = 32;

/**
 * Candidate certificate numbers in a line of text, as printed (the database folds them to keys):
 * each word with two or more digits, without a label glued on with a point ("No.000118" -> 000118),
 * and each run of such words joined (a number printed in groups: "0012 3456" -> 00123456).
 */
export function numberTokens(text: string): string[] {
  const words = text
    .split(/[\s:;,()[\]]+/)
    .map((word) => word.replace(/^[^0-9]*[.#]/, '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const numeric = (word: string) => (word.match(/[0-9]/g) ?? []).length >= 2;
  const tokens: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length > 1) tokens.push(run.join(''));
    run = [];
  };
  for (const word of words) {
    if (numeric(word)) {
      tokens.push(word);
      run.push(word);
    } else {
      endRun();
    }
  }
  endRun();
  return [...new Set(tokens)].filter((token) => {
    const length = token.replace(/[^\p{L}\p{N}]/gu, '').length;
    return length >= 4 && length <= 100;
  });
}

/** A word that says the line holds a number: its tokens are looked up first. */
const NUMBER_LABEL = /\b(no|nr|number|num|id|ref|reference|serial|code|credential|certificate)\b|#/i;
/** A label that names a certificate's own number ("No.", "ID", "Certificate number"), not a date's. */
const OWN_NUMBER_LABEL = /\b(no|nr|number|id|serial|ref|reference)\b\.?|#/i;

/**
 * The numbers a registration keeps for this channel: those of the line named the certificate number,
 * and of any line that labels its number ("Certificate No: RN—40411832 @"). The comparison's field
 * names stay as they are: a seal beside the line or a hyphen read as a dash can keep a line from
 * being named, and it still carries the number.
 */
export function registeredNumbers(lines: { text: string; field: string | null }[]): string[] {
  return [
    ...new Set(
      lines
        .filter((line) => line.field === 'certificate_number' || OWN_NUMBER_LABEL.test(line.text))
        .flatMap((line) => numberTokens(line.text)),
    ),
  ];
}

/** Tokens of the lines read, those of labelled lines ("Certificate No.") first. */
export function tokensOfLines(lines: string[]): string[] {
  const labelled = lines.filter((line) => NUMBER_LABEL.test(line));
  const others = lines.filter((line) => !NUMBER_LABEL.test(line));
  return [...new Set([...labelled, ...others].flatMap(numberTokens))];
}

/** Candidate lines kept for a label's neighbour after the first reading. */
const MAX_CANDIDATES = 60;

/**
 * The page's short text lines, likeliest number lines first, in the page's pixels. Ink is darker
 * than its surroundings on a light ground and lighter on a dark one, so white text on a dark band
 * is found too. Likeliest: lines whose glyphs all reach the line's top, as digits and capitals do
 * ("No. FSB-2022-000485") and lower-case words do not; then shorter lines first.
 */
export async function shortTextLines(page: GrayRaster): Promise<Box[]> {
  const cv = await openCv();
  const small = fitWithin(page, DETECT_LONG_SIDE);
  const scale = page.width / small.width;
  const longSide = Math.max(small.width, small.height);
  const minHeight = Math.max(6, Math.round(longSide * 0.006));
  const maxHeight = Math.round(longSide * 0.04);
  const { lines, glyphs } = withMats((keep) => {
    const source: Mat = keep(matFromRaster(cv, small));
    const dark: Mat = keep(new cv.Mat());
    const light: Mat = keep(new cv.Mat());
    cv.adaptiveThreshold(source, dark, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 25, 20);
    cv.adaptiveThreshold(source, light, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY, 25, -20);
    // Each ground its own polarity: next to white glyphs the dark ground is darker than the local
    // mean too, and taking both there joined a band's lines into one block.
    const ground: Mat = keep(new cv.Mat());
    cv.blur(source, ground, new cv.Size(51, 51));
    const darkGround: Mat = keep(new cv.Mat());
    cv.threshold(ground, darkGround, 127, 255, cv.THRESH_BINARY_INV);
    const lightGround: Mat = keep(new cv.Mat());
    cv.bitwise_not(darkGround, lightGround);
    cv.bitwise_and(light, darkGround, light);
    cv.bitwise_and(dark, lightGround, dark);
    const ink: Mat = keep(new cv.Mat());
    cv.bitwise_or(dark, light, ink);
    const components = (image: Mat): Box[] => {
      const labels: Mat = keep(new cv.Mat());
      const stats: Mat = keep(new cv.Mat());
      const centroids: Mat = keep(new cv.Mat());
      const count = cv.connectedComponentsWithStats(image, labels, stats, centroids, 8, cv.CV_32S);
      const data = stats.data32S as Int32Array;
      const boxes: Box[] = [];
      for (let label = 1; label < count; label++) {
        const at = label * 5;
        boxes.push({ x: data[at]!, y: data[at + 1]!, width: data[at + 2]!, height: data[at + 3]! });
      }
      return boxes;
    };
    // Characters and the words of one line joined; lines stay apart (the kernel is one pixel tall).
    const joined: Mat = keep(new cv.Mat());
    const kernel: Mat = keep(
      cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(Math.round(longSide * 0.012), 1)),
    );
    cv.morphologyEx(ink, joined, cv.MORPH_CLOSE, kernel);
    return { lines: components(joined), glyphs: components(ink) };
  });
  const candidates = lines.filter(
    (box) =>
      box.height >= minHeight &&
      box.height <= maxHeight &&
      box.width >= 2.5 * box.height &&
      box.width <= 0.5 * small.width,
  );
  // Per line, its glyphs of at least half its height (dots, dashes and specks are left out) and how
  // many of them reach its top.
  const counted = candidates.map(() => ({ glyphs: 0, tall: 0 }));
  for (const glyph of glyphs) {
    const cx = glyph.x + glyph.width / 2;
    const cy = glyph.y + glyph.height / 2;
    const index = candidates.findIndex(
      (box) => cx >= box.x && cx < box.x + box.width && cy >= box.y && cy < box.y + box.height,
    );
    const line = candidates[index];
    if (!line || glyph.height < 0.5 * line.height) continue;
    counted[index]!.glyphs++;
    if (glyph.y - line.y <= 0.2 * line.height) counted[index]!.tall++;
  }
  // A line of text has a few glyphs; a pattern's strokes, a frame's corner or a rule has none.
  const ranked = candidates
    .map((box, index) => ({ box, ...counted[index]! }))
    .filter((line) => line.glyphs >= 3)
    .map((line) => ({ box: line.box, share: line.tall / line.glyphs }));
  ranked.sort((a, b) => b.share - a.share || a.box.width - b.box.width);
  return ranked.slice(0, MAX_CANDIDATES).map(({ box }) => ({
    x: Math.round(box.x * scale),
    y: Math.round(box.y * scale),
    width: Math.round(box.width * scale),
    height: Math.round(box.height * scale),
  }));
}

/**
 * The lines stacked into one picture for one OCR request: each cut out with a margin, turned dark
 * on light when its ground is dark, and scaled to one strip height.
 */
export async function stackLines(page: GrayRaster, boxes: Box[]): Promise<GrayRaster> {
  const cv = await openCv();
  const strips = withMats((keep) => {
    const source: Mat = keep(matFromRaster(cv, page));
    return boxes.map((box) => {
      const { left, top, right, bottom } = lineFrame(page, box);
      const crop: Mat = keep(source.roi(new cv.Rect(left, top, right - left, bottom - top)));
      const scale = STRIP_HEIGHT / crop.rows;
      const width = Math.min(MAX_STRIP_WIDTH, Math.max(1, Math.round(crop.cols * scale)));
      const resized: Mat = keep(new cv.Mat());
      cv.resize(crop, resized, new cv.Size(width, STRIP_HEIGHT), 0, 0, cv.INTER_AREA);
      const pixels = new Uint8Array(resized.data);
      if (lightGlyphs(pixels)) for (let i = 0; i < pixels.length; i++) pixels[i] = 255 - pixels[i]!;
      groundToWhite(pixels);
      return { width, data: pixels };
    });
  });
  const width = Math.max(...strips.map((strip) => strip.width)) + 2 * STRIP_GAP;
  const height = strips.length * (STRIP_HEIGHT + STRIP_GAP) + STRIP_GAP;
  const data = new Uint8Array(width * height).fill(255);
  strips.forEach((strip, index) => {
    const top = STRIP_GAP + index * (STRIP_HEIGHT + STRIP_GAP);
    for (let y = 0; y < STRIP_HEIGHT; y++)
      data.set(strip.data.subarray(y * strip.width, (y + 1) * strip.width), (top + y) * width + STRIP_GAP);
  });
  return { width, height, data };
}

/**
 * Whether a strip's glyphs are lighter than its ground: the ground is most of the strip (its median),
 * the glyphs lie on the far side of it. Not the ground's level alone: paper in a photo's shadow is
 * darker than mid-grey, and its dark glyphs were turned light.
 */
function lightGlyphs(pixels: Uint8Array): boolean {
  const ground = greyLevelAt(pixels, 0.5);
  return greyLevelAt(pixels, 0.98) - ground > ground - greyLevelAt(pixels, 0.02);
}

/**
 * A strip's ground brought to white by a linear stretch that keeps its darkest glyphs' level, in
 * place. A strip cut from a photo's shadow kept its grey ground, a grey box on the stacked picture's
 * white, and OCR's page layout read most such strips as nothing (a transcript photographed half in
 * shadow: 5 of 24 strips read, its number not among them).
 */
function groundToWhite(pixels: Uint8Array): void {
  const ground = greyLevelAt(pixels, 0.9);
  const glyphs = greyLevelAt(pixels, 0.02);
  // Too little contrast to be a line of print: nothing to bring out, only noise to enlarge.
  if (ground - glyphs < MIN_STRIP_CONTRAST || ground === 255) return;
  const gain = (255 - glyphs) / (ground - glyphs);
  for (let i = 0; i < pixels.length; i++) {
    const value = pixels[i]!;
    if (value > glyphs) pixels[i] = Math.min(255, Math.round(glyphs + (value - glyphs) * gain));
  }
}

/** What OCR reads on each of `boxes`, stacked into one picture: one request. */
async function readLines(ocr: OcrClient, page: GrayRaster, boxes: Box[]): Promise<string[]> {
  const texts = boxes.map(() => '');
  for (const line of await ocr.readPageLines(await stackLines(page, boxes))) {
    const middle = line.box.y + line.box.height / 2;
    const row = Math.floor((middle - STRIP_GAP / 2) / (STRIP_HEIGHT + STRIP_GAP));
    const index = Math.min(boxes.length - 1, Math.max(0, row));
    texts[index] = `${texts[index]} ${line.text}`.trim();
  }
  return texts;
}

/** The nearest candidate right of a label on its row, or under it: where its value is printed. */
function valueOf(label: Box, candidates: Box[]): Box | null {
  const beside = candidates.filter(
    (box) =>
      box.x >= label.x + label.width &&
      box.x <= label.x + label.width + 6 * label.height &&
      Math.abs(box.y + box.height / 2 - (label.y + label.height / 2)) < label.height,
  );
  const under = candidates.filter(
    (box) =>
      box.y >= label.y + label.height &&
      box.y <= label.y + label.height + 3 * label.height &&
      box.x < label.x + label.width &&
      box.x + box.width > label.x,
  );
  const nearest = (boxes: Box[]) => boxes.sort((a, b) => a.x + a.y - (b.x + b.y))[0] ?? null;
  return nearest(beside) ?? nearest(under);
}

/**
 * The candidate numbers the copy shows, likeliest first; none (and no OCR) when it has no short
 * lines. A label read alone ("CERTIFICATE NO.", "Record no.") has its line's neighbour read next.
 */
export async function readNumbers(ocr: OcrClient, page: GrayRaster): Promise<string[]> {
  const candidates = await shortTextLines(page);
  if (candidates.length === 0) return [];
  const first = candidates.slice(0, MAX_NUMBER_LINES);
  const read = await readLines(ocr, page, first);
  const values = first
    .filter((_, index) => INTRODUCES_NUMBER.test(read[index]!) && numberTokens(read[index]!).length === 0)
    .map((label) => valueOf(label, candidates))
    .filter((box): box is Box => !!box && !first.includes(box))
    .slice(0, MAX_LABEL_VALUES);
  const valueReads = values.length > 0 ? await readLines(ocr, page, values) : [];
  return [...new Set([...valueReads.flatMap(numberTokens), ...tokensOfLines(read)])];
}
