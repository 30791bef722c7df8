/**
 * Certificates of one design told apart before any of them is examined in full. They share the
 * layout, so the copy laid over one of them is laid over all: the places where their registered lines
 * differ (a name, a number, a date, an issuer) are cut once and read in one OCR request, and the words
 * each certificate alone prints say which the copy shows. The full examination (warp, tile comparison, reads) still
 * decides; this only says which certificate to examine first, and which the copy does not show.
 */
import type { GrayRaster } from '../documents/raster.ts';
import type { Box } from '../ocr/protocol.ts';
import { type Alignment, alignCopy } from './align.ts';
import { overlapArea, unionBox } from './boxes.ts';
import { laidOver } from './decide.ts';
import type { PageFeatures } from './features.ts';
import { editDistance, readingKey } from './fields.ts';
import type { OcrClient } from './ocr-client.ts';
import { hammingDistance } from './page-hash.ts';
import { forReading, lineFrame, readingZoom } from './reading.ts';
import type { StoredRegistration } from './store.ts';
import { warpOntoOriginal } from './warp.ts';

/**
 * Registered pages this near (bits of 64) and of one size are one design: one alignment serves all
 * (certificates of one design hash 2-6 bits apart, other designs 20 and more).
 */
const SAME_DESIGN_DISTANCE = 10;

/** Whether two registered page hashes are near enough to be one design (the one rule for it). */
export function hashesOfOneDesign(a: bigint, b: bigint): boolean {
  return hammingDistance(a, b) <= SAME_DESIGN_DISTANCE;
}

/** Places read in the copy: one OCR request (the OCR client sends 6 regions per request). */
const MAX_PLACES = 6;
/**
 * A certificate is chosen when at least this share of its own words (those no sibling prints) is read
 * in the copy, and that share leads every sibling's by CHOICE_LEAD; under RULED_OUT_SHARE, with
 * some of the copy read, the copy is not that certificate as far as its words tell.
 */
const CHOSEN_SHARE = 0.3;
const CHOICE_LEAD = 0.25;
const RULED_OUT_SHARE = 0.15;
/** Siblings the copy is aligned to, one after another, until it lays over one (each costs a match). */
const MAX_ALIGNED_TRIES = 2;

export interface SiblingEvidence {
  /** The certificate whose own words the copy reads, clearly ahead of its siblings; null when none is. */
  chosen: string | null;
  /** Siblings of whose own words the copy shows (almost) none: examined last. */
  ruledOut: Set<string>;
  /** Each sibling's share of its own words, where they were read, that the copy shows. */
  shares: Map<string, number>;
  /** The copy laid over the first registration: its examination need not match features again. */
  alignment: { certificateId: string; alignment: Alignment };
}

/** A place where certificates of one design print different text, and what each prints there. */
interface Place {
  box: Box;
  texts: Map<StoredRegistration, string>;
}

/**
 * The places where the siblings' registered lines differ (a name, a number, a date), the lines of all
 * of them gathered by overlap (OCR may split one sibling's line where it read another's whole); those
 * that differ most first.
 */
export function differingPlaces(siblings: StoredRegistration[]): Place[] {
  const places: Place[] = [];
  for (const registration of siblings) {
    // In reading order, as OCR reads a crop holding several of them.
    for (const line of [...registration.lines].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x)) {
      if (!readingKey(line.text)) continue;
      const area = line.box.width * line.box.height;
      const place = places.find(
        (candidate) =>
          overlapArea(candidate.box, line.box) >
          0.5 * Math.min(area, candidate.box.width * candidate.box.height),
      );
      if (place) {
        place.box = unionBox(place.box, line.box);
        const before = place.texts.get(registration);
        place.texts.set(registration, before ? `${before} ${line.text}` : line.text);
      } else {
        places.push({ box: line.box, texts: new Map([[registration, line.text]]) });
      }
    }
  }
  return places
    .map((place) => ({ place, gap: smallestGap(place, siblings) }))
    .filter(({ gap }) => gap > 0)
    .sort((a, b) => b.gap - a.gap)
    .slice(0, MAX_PLACES)
    .map(({ place }) => place);
}

/** The edit distance between the two most alike texts the siblings print at a place. */
function smallestGap(place: Place, siblings: StoredRegistration[]): number {
  let gap = Infinity;
  for (const [index, a] of siblings.entries())
    for (const b of siblings.slice(index + 1))
      gap = Math.min(gap, gapBetween(place.texts.get(a) ?? '', place.texts.get(b) ?? ''));
  return Number.isFinite(gap) ? gap : 0;
}

function gapBetween(a: string, b: string): number {
  return editDistance(readingKey(a), readingKey(b));
}

/** A text's words as OCR keys them (case, accents' spacing and dashes aside). */
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map(readingKey)
    .filter((word) => word.length >= 2);
}

/** Whether a copy's word is this registered word as OCR may misread it (a glyph in six). */
function readAs(word: string, copyWords: string[]): boolean {
  const allowed = Math.floor(word.length / 6);
  return copyWords.some((copyWord) => editDistance(word, copyWord) <= allowed);
}

/** The copy's pixels in a registered box, resampled through the homography (copy -> registered page). */
async function cutThrough(copy: GrayRaster, homography: number[], page: GrayRaster, box: Box) {
  const { left, top, right, bottom } = lineFrame(page, box);
  const shifted = [...homography];
  for (const column of [0, 1, 2]) {
    shifted[column] = shifted[column]! - left * shifted[6 + column]!;
    shifted[3 + column] = shifted[3 + column]! - top * shifted[6 + column]!;
  }
  const { page: crop } = await warpOntoOriginal(copy, shifted, right - left, bottom - top);
  return forReading(crop, readingZoom(crop, box.height));
}

/**
 * The registrations of one design as the first one (same page size, `hashesOfOneDesign`), judged by the copy's telling lines read once; null when fewer than two share
 * it or the copy does not lay over the first.
 */
export async function siblingEvidence(
  ocr: OcrClient,
  copy: GrayRaster,
  copyFeatures: PageFeatures,
  registrations: StoredRegistration[],
): Promise<SiblingEvidence | null> {
  const [first] = registrations;
  if (!first) return null;
  const siblings = registrations.filter(
    (registration) =>
      registration === first ||
      (registration.page.width === first.page.width &&
        registration.page.height === first.page.height &&
        hashesOfOneDesign(registration.pageHash, first.pageHash)),
  );
  if (siblings.length < 2) return null;
  const laid = await laidOverOne(copyFeatures, siblings);
  if (!laid) return null;
  const { reference, alignment } = laid;
  const places = differingPlaces(siblings);
  if (!places.length) return null;
  const crops = await Promise.all(
    places.map((place) => cutThrough(copy, alignment.homography, reference.page, place.box)),
  );
  const readings = await ocr.readRegions(crops);
  const copyWords = readings.flatMap((reading) => wordsOf(reading.text));
  // A sibling's own words: printed where the copy was read, and by no other sibling anywhere (a word
  // all of them print says nothing of which one the copy is, wherever OCR placed it).
  const wordsOfSibling = new Map(
    siblings.map((registration) => [
      registration,
      new Set(registration.lines.flatMap((line) => wordsOf(line.text))),
    ]),
  );
  const shares = new Map<string, number>();
  for (const registration of siblings) {
    const own = new Set(
      places
        .flatMap((place) => wordsOf(place.texts.get(registration) ?? ''))
        .filter((word) =>
          siblings.every((other) => other === registration || !wordsOfSibling.get(other)!.has(word)),
        ),
    );
    if (own.size === 0) continue;
    const shown = [...own].filter((word) => readAs(word, copyWords)).length;
    shares.set(registration.certificateId, shown / own.size);
  }
  const [best, next] = [...shares.entries()].sort((a, b) => b[1] - a[1]);
  const chosen =
    best && best[1] >= CHOSEN_SHARE && (!next || best[1] >= next[1] + CHOICE_LEAD) ? best[0] : null;
  const ruledOut = new Set(
    copyWords.length
      ? [...shares.entries()].filter(([, share]) => share < RULED_OUT_SHARE).map(([id]) => id)
      : [],
  );
  return { chosen, ruledOut, shares, alignment: { certificateId: reference.certificateId, alignment } };
}

/**
 * The first of the siblings (in retrieval's order, at most MAX_ALIGNED_TRIES of them) the copy lays
 * over, with that alignment; null when none does. Features matched against one certificate of the
 * design can fail where another's lay over: a viewer's screenshot of a page at 53 % matched 11 of 112
 * to one sibling and 130 of 242 to the copy's own (seed 11 `g-screenshot-0005`), so no evidence was
 * read, the sibling was examined first and the search's budget cut the copy's own certificate.
 */
async function laidOverOne(
  copyFeatures: PageFeatures,
  siblings: StoredRegistration[],
): Promise<{ reference: StoredRegistration; alignment: Alignment } | null> {
  for (const reference of siblings.slice(0, MAX_ALIGNED_TRIES)) {
    const alignment = await alignCopy(copyFeatures, reference.features);
    if (alignment && laidOver(alignment)) return { reference, alignment };
  }
  return null;
}
