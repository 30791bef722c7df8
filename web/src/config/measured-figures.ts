/**
 * The only figures the product may claim (landing page, About), each with the document that
 * holds its measurement. A figure is `null` until a benchmark has measured it; the page then says
 * it is being measured instead of showing a number. When a benchmark reruns, update the value and
 * `quote` here together with the document: a test checks that each quote is still in its source.
 *
 * Kept free of imports so the landing page's bundle stays small.
 */

export interface MeasuredFigure {
  /** What the number counts, completing the value: "{value} {label}". */
  label: string;
  /** The measured value as shown, e.g. "0.15 s", or null until it has been measured. */
  value: string | null;
  /** The repository document that reports the measurement. */
  source: string;
  /** The command that measures it. */
  command: string;
  /** Day of the measurement (ISO date), or null. */
  measuredOn: string | null;
  /** The line of `source` the value was read from (whitespace-insensitive), or null. */
  quote: string | null;
}

/** The words shown in place of a figure that has not been measured yet. */
export const BEING_MEASURED = 'Being measured';

export const MEASURED_FIGURES = {
  /**
   * Genuine copies (re-saves, scans, phone photos) recognised as their registered certificate, by
   * the accuracy benchmark of verification engine v2. The v1 figure in docs/accuracy.md (71.9 %,
   * 2026-11-21) measured the engine that v2 replaces, on re-saves only, so it is not claimed.
   */
  genuineCopiesRecognised: {
    label: 'of genuine copies (scans, photos, re-saves) recognised',
    value: null,
    source: 'docs/accuracy.md',
    command: 'npm run bench:accuracy',
    measuredOn: null,
    quote: null,
  },
  /** Forged copies accepted as authentic by the v2 accuracy benchmark (target: 0 in at least 3,000). */
  forgeriesAccepted: {
    label: 'forged copies accepted as authentic',
    value: null,
    source: 'docs/accuracy.md',
    command: 'npm run bench:accuracy',
    measuredOn: null,
    quote: null,
  },
  /**
   * p95 latency of POST /verification/verify for the exact registered file (1.2 MB, 1,000
   * certificates), measured on the 2-core machine while nothing else ran.
   */
  exactFileVerificationP95: {
    label: 'to verify an unchanged certificate file (95th percentile, 1.2 MB)',
    value: '0.04 s',
    source: 'docs/benchmarks.md',
    command: 'npm run bench:verify',
    measuredOn: '2026-11-27',
    quote:
      '| 1,000 | file (data URL) | 12.3 | 36.0 | 111.1 | 2.0 | 6.3× | 1.00 | identical/exact_file ×210 |',
  },
  /** p95 latency of verifying a scan or photo with the v2 engine's content path. */
  copyVerificationP95: {
    label: 'to verify a scan or photo (95th percentile)',
    value: null,
    source: 'docs/benchmarks.md',
    command: 'npm run bench:verify',
    measuredOn: null,
    quote: null,
  },
} as const satisfies Record<string, MeasuredFigure>;

export type MeasuredFigureId = keyof typeof MEASURED_FIGURES;

/** The value to show: the measured one, or the "being measured" wording. */
export function figureValue(figure: MeasuredFigure): string {
  return figure.value ?? BEING_MEASURED;
}
