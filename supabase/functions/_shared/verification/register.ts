/**
 * Registration: everything a later comparison needs about an original, computed once when a
 * certificate is uploaded or issued (and by the backfill for older rows).
 */
import { decode as decodePng, encode as encodePng } from 'fast-png';
import type { GrayRaster } from '../documents/raster.ts';
import type { DetectedFile } from '../processing/detect.ts';
import { pageFeatures, type PageFeatures } from './features.ts';
import { normalisePolarity } from './ink.ts';
import {
  type IssuedValues,
  nameFields,
  NO_ISSUED_VALUES,
  registeredLines,
  type RegisteredLine,
} from './fields.ts';
import type { OcrClient } from './ocr-client.ts';
import { CANONICAL_LONG_SIDE, pageRaster } from './page.ts';
import { pageHash } from './page-hash.ts';

/**
 * Bumped whenever registrations store something different; older rows are re-registered.
 * 2: lines are read with light-on-dark text turned dark on light (ink.ts normalisePolarity).
 * 3: a label beside its value names the value (fields.ts nameFields): a badge's recipient is read in
 *    every copy, which the judgement of ink OCR reads as no text (decide.ts) relies on.
 * 4: the recipient is the line below a sentence that ends introducing it (fields.ts nameFields), never
 *    a date: a diploma's "Valid until" line after "Conferred on <date>" was registered as the recipient.
 * 5: an ornament border OCR read as runs of one glyph is no line (fields.ts isOrnament): its ink is
 *    compared as a graphic, and a photo's blur of the pattern no longer leaves it in doubt.
 * 6: fields are named on a line's text with its dashes made one (fields.ts RULES): a number printed
 *    "Certificate No: DS—26378474" was registered as the title, not the certificate number. A label
 *    beside a value its own words show as another field ("ISSUED" beside "Valid until ...") does not
 *    name it, and "the" under "hereby confers upon" is no recipient (fields.ts nameFields).
 * 7: the lines printing the recipient's name and the number the issuer entered are named so first
 *    (fields.ts nameFields, IssuedValues): a name the words alone did not name ("Jordan Valid ...").
 * 8: a recipient's label and the name on one line name that line, and a recipient's label heading a
 *    row of labels ("Student   Record no.") names the line below it, never the label beside it
 *    (fields.ts nameFields): two forged names so left unread were accepted (full corpus, shard 1).
 * 9: a recipient's label and name on one line are named though OCR read a logo's edge after the name
 *    ("Name Omar Watanabe i“", fields.ts withoutEdgeMarks): a forged badge name so left unread was
 *    accepted (full corpus, shard 2).
 */
export const ENGINE_VERSION = 9;
export const ORIGINAL_FEATURES = 1500;

export interface PageRegistration {
  page: GrayRaster;
  features: PageFeatures;
  pageHash: bigint;
}

export interface Registration {
  /** Null for a PDF of vector text only: nothing to lay a copy over, it verifies by its bytes. */
  picture: PageRegistration | null;
  lines: RegisteredLine[];
}

export async function registerOriginal(
  bytes: Uint8Array,
  detected: DetectedFile,
  ocr: OcrClient,
  issued: IssuedValues = NO_ISSUED_VALUES,
): Promise<Registration> {
  // One reading of a PDF gives both its page and, for vector text only, its lines.
  const pdf = detected.fileType === 'pdf' ? await ocr.readPdf(bytes, CANONICAL_LONG_SIDE) : null;
  const page = pdf ? pdf.page : await pageRaster(bytes, detected, CANONICAL_LONG_SIDE, ocr);
  if (!page) {
    const lines = (pdf?.text ?? '')
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean);
    const box = { x: 0, y: 0, width: 0, height: 0 };
    return {
      picture: null,
      lines: nameFields(
        lines.map((line) => ({ box, text: line, confidence: 1 })),
        issued,
      ),
    };
  }
  const features = await pageFeatures(page, ORIGINAL_FEATURES);
  // The stored page stays as it is (alignment and the page hash use it); only OCR reads the page
  // with white-on-dark text turned dark on light, which it otherwise reads poorly or not at all.
  const lines = registeredLines(await ocr.readPageLines(await normalisePolarity(page)), issued);
  return { picture: { page, features, pageHash: pageHash(page) }, lines };
}

export function encodePage(page: GrayRaster): Uint8Array {
  return encodePng({ width: page.width, height: page.height, data: page.data, channels: 1, depth: 8 });
}

export function decodePage(png: Uint8Array): GrayRaster {
  const image = decodePng(png);
  return { width: image.width, height: image.height, data: new Uint8Array(image.data as Uint8Array) };
}

/** What the issue form pre-fills from: the PDF text layer when it has one, else OCR of the page. */
export async function readText(
  bytes: Uint8Array,
  detected: DetectedFile,
  ocr: OcrClient,
): Promise<{ text: string; textSource: 'pdf-text' | 'ocr' | 'pdf-ocr' | 'none' }> {
  let page: GrayRaster | null;
  if (detected.fileType === 'pdf') {
    const pdf = await ocr.readPdf(bytes, CANONICAL_LONG_SIDE);
    if (pdf.text.trim().length >= 20) return { text: pdf.text.trim(), textSource: 'pdf-text' };
    page = pdf.page;
  } else {
    page = await pageRaster(bytes, detected, CANONICAL_LONG_SIDE, ocr);
  }
  if (!page) return { text: '', textSource: 'none' };
  const lines = await ocr.readPageLines(await normalisePolarity(page));
  return {
    text: lines.map((line) => line.text).join('\n'),
    textSource: detected.fileType === 'pdf' ? 'pdf-ocr' : 'ocr',
  };
}
