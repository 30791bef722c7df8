/**
 * The decision rule, in one place: from what alignment and comparison found to a verdict with
 * its differences, reasons and confidence. Pure; imported by the engine and by the accuracy
 * benchmark. A false accept is the worst failure: any doubt about a region ends in *unknown*,
 * never *authentic*; *altered* needs a clear difference on a copy that aligned well.
 */
import type { CertificateField } from '../api-contract.ts';
import { fieldLabel, readingKey, type RegisteredLine } from './fields.ts';
import type { Box } from '../ocr/protocol.ts';

/** Tile score from which a tile over registered text is examined (see compare.ts). */
export const TEXT_FLAG = 0.05;
/**
 * Tile score from which a tile of graphics (seal, signature, photo, pattern) is a difference: fine
 * detail scores higher after blur and noise than text does, and a swapped seal scores near 1.
 */
export const GRAPHIC_FLAG = 0.3;
/** Tile score that is a difference on its own, whatever OCR reads. */
export const TILE_STRONG = 0.3;
/** OCR confidence from which a reading is believed. */
export const READ_CONFIDENT = 0.8;
const MIN_INLIERS = 20;
const MIN_INLIER_RATIO = 0.15;
/** More flagged ink than this and the copy is too degraded to judge region by region. */
const MAX_FLAGGED_SHARE = 0.2;
const MIN_VISIBLE_INK = 0.85;

export interface RegionEvidence {
  /** In original page pixels. */
  box: Box;
  score: number;
  /** The registered text line the region lies on, if any. */
  line: RegisteredLine | null;
  /** What OCR reads in the copy over that line. */
  reads: { text: string; confidence: number } | null;
  /**
   * A critical field read although it looked the same: a one-stroke change (5 → 8, + → -) can
   * hide in a line's ink, so the text decides, and only when OCR is sure.
   */
  readAnyway: boolean;
}

/** Fields always read in the copy, whatever the picture comparison says. */
export const CRITICAL_FIELDS: readonly CertificateField[] = [
  'recipient_name',
  'course',
  'grade',
  'issue_date',
  'expiry_date',
  'certificate_number',
];
/** OCR confidence needed to call a critical field changed when the picture looked the same. */
export const READ_SURE = 0.9;
/** Below this a different reading of a critical field is OCR noise; between it and READ_SURE, doubt. */
export const READ_DOUBT = 0.6;

export interface DecisionInput {
  inliers: number;
  matches: number;
  /** Share of the original's ink that the copy shows. */
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
  const field = region.line?.field ?? null;
  return {
    field,
    label: field
      ? fieldLabel(field)
      : region.line
        ? `Text line "${region.line.text}"`
        : `Region ${index + 1} of the page`,
    box: region.box,
    registered: region.line ? region.line.text : null,
    reads: region.reads && region.reads.text ? region.reads.text : null,
  };
}

type Judgement = 'same' | 'different' | 'uncertain';

function judge(region: RegionEvidence): Judgement {
  const { line, reads } = region;
  if (region.readAnyway) {
    if (!line || !reads || !reads.text) return 'same';
    if (readingKey(reads.text) === readingKey(line.text)) return 'same';
    // A different reading: sure enough, it is a change; otherwise it may be a change OCR half-saw
    // (a forged digit reads with lower confidence too), so the answer cannot be authentic.
    if (reads.confidence >= READ_SURE) return 'different';
    return reads.confidence >= READ_DOUBT ? 'uncertain' : 'same';
  }
  const confident = reads !== null && reads.confidence >= READ_CONFIDENT && reads.text.length > 0;
  if (line && confident && readingKey(reads.text) === readingKey(line.text)) return 'same';
  if (region.score >= TILE_STRONG) return 'different';
  if (line && confident) return 'different';
  return 'uncertain';
}

export function decide(input: DecisionInput): Decision {
  if (input.inliers < MIN_INLIERS || input.inliers < MIN_INLIER_RATIO * input.matches) {
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

  const changedFields = new Set(differences.map((difference) => difference.field));
  const otherRecipient =
    changedFields.has('recipient_name') &&
    (changedFields.has('certificate_number') || differences.length >= 3);
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
    const named = differences.filter((difference) => difference.field).map((difference) => difference.label);
    return {
      verdict: 'altered',
      differences,
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
