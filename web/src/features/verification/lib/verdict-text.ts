import type {
  CopyKind,
  MatchChannel,
  Verdict,
  VerificationDifference,
  VerificationOutcome,
  VerificationResult,
} from '@contract';

/** The spec's two headings (section 2, Verification page), plus one for a copy that was changed. */
export const RESULT_TITLES = {
  verified: 'Certificate Verified ✓',
  notFound: 'Certificate Not Found ✗',
  altered: 'Certificate Altered',
} as const;

/** The result's heading: the spec's verified / not found, or "Certificate Altered". */
export function resultTitle(result: Pick<VerificationResult, 'verified' | 'verdict'>): string {
  if (result.verdict === 'altered') return RESULT_TITLES.altered;
  return result.verified ? RESULT_TITLES.verified : RESULT_TITLES.notFound;
}

/** The verdict in one line a recruiter understands. */
export const VERDICT_SUMMARY: Record<Verdict, string> = {
  identical: 'Identical to the registered file',
  authentic: 'Same certificate as registered',
  altered: 'This copy differs from the registered certificate',
  unknown: 'No registered certificate matches',
};

/** What kind of copy was uploaded, completing "this copy is ...". */
export const COPY_KIND_TEXT: Record<CopyKind, string> = {
  original_file: 'the original file',
  digital_copy: 'a digital copy',
  scan: 'a scan',
  photo: 'a photo',
  screenshot: 'a screenshot',
};

/** e.g. "this copy is a scan", or null when the engine could not tell. */
export function copyKindSentence(copyKind: CopyKind | null): string | null {
  return copyKind ? `this copy is ${COPY_KIND_TEXT[copyKind]}` : null;
}

/** The verdict line, with the copy kind for an authentic copy: "Same certificate as registered (this copy is a scan)". */
export function verdictLine(result: Pick<VerificationResult, 'verdict' | 'copyKind'>): string {
  const summary = VERDICT_SUMMARY[result.verdict];
  const kind = result.verdict === 'authentic' ? copyKindSentence(result.copyKind) : null;
  return kind ? `${summary} (${kind})` : summary;
}

/**
 * One changed region in words: "Recipient name: registered 'Jane Doe', this copy reads 'Jane Dae'".
 * Where the text of either side is not known, it says the region differs instead.
 */
export function differenceSentence(difference: VerificationDifference): string {
  const { label, registered, reads } = difference;
  if (registered !== null && reads !== null) {
    return `${label}: registered '${registered}', this copy reads '${reads}'`;
  }
  if (registered !== null) {
    return `${label}: registered '${registered}', this region of the copy differs`;
  }
  if (reads !== null) {
    return `${label}: this copy reads '${reads}', which differs from the registered certificate`;
  }
  return `${label}: this region differs from the registered certificate`;
}

/** Why an altered copy's answer does not say what the registered certificate reads (registeredWithheld). */
export const REGISTERED_WITHHELD =
  "The registered certificate's own text and page are not shown, because its holder has not made the certificate public.";

/** What a visitor can do when nothing matched. */
export const UNKNOWN_ADVICE = [
  'Upload a sharper photo or scan, taken straight on and in even light.',
  'Make sure the whole page is in the picture, with all four corners visible.',
  'If you have the original PDF or image file, upload that instead.',
] as const;

/**
 * The registered certificate's standing as a badge (extension of the spec's panel). The sentence under
 * it is the public page's (standingSentence), or NOT_FOUND_EXPLANATION when nothing matched.
 */
export const OUTCOME_TEXT: Record<VerificationOutcome, { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'green' },
  revoked: { label: 'Revoked', color: 'red' },
  pending: { label: 'Pending review', color: 'yellow' },
  failed: { label: 'Rejected', color: 'red' },
  suspended: { label: 'Suspended', color: 'orange' },
  expired: { label: 'Expired', color: 'orange' },
  not_found: { label: 'No match', color: 'gray' },
};

export const NOT_FOUND_EXPLANATION =
  'Neither this exact file nor a certificate with the same content is on record.';

export const MATCH_CHANNEL_TEXT: Record<MatchChannel, string> = {
  exact_file:
    'Exact file: the uploaded file is identical to the registered one, or to a verifiable copy made of it.',
  certificate_code:
    'QR code: the QR code printed on the copy names a registered certificate, and the page matches it.',
  certificate_number:
    'Certificate number: the certificate number printed on the copy names a registered certificate, and the page matches it.',
  visual: 'Same certificate: the page of the uploaded copy matches a registered certificate.',
};

/** Confidence as a percentage and a word: "97% (high)". */
export function confidenceText(confidence: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(confidence) ? confidence : 0));
  const word = clamped >= 0.9 ? 'high' : clamped >= 0.6 ? 'moderate' : 'low';
  return `${Math.round(clamped * 100)}% (${word})`;
}
