/**
 * Renders docs/accuracy.md from one measurement run. Plain functions of the numbers (no runtime
 * APIs), so the reading of the results is derived from them and never goes stale by hand.
 */
import { FORGERY_KINDS, GENUINE_KINDS, KIND_DESCRIPTIONS } from './manifest.ts';
import { percentile, trialsNeededForZeroErrors, wilson } from './stats.ts';

export interface FileOutcome {
  path: string;
  class: 'genuine' | 'forgery';
  kind: string;
  originalId: string;
  ms: number;
  cpuMs: number;
  accepted: boolean;
  /** The registered certificate the file verified as (for a genuine copy it must be its own). */
  acceptedAs: string | null;
  channel: 'exact_file' | 'same_content' | null;
  failed: 'text' | 'fingerprint' | null;
  sameRawText: boolean;
  sameContentHash: boolean;
  /** Fingerprint distance to its own original; null when either has no fingerprint. */
  distance: number | null;
  onlyInOriginal: string[];
  onlyInCopy: string[];
  edit: {
    field: string;
    from: string;
    to: string;
    /** OCR of the registered original contains the field's value as printed. */
    fromReadInOriginal: boolean;
    /** OCR of the forgery contains the forged value as printed: the text check saw the edit itself. */
    toReadInCopy: boolean;
  } | null;
}

export interface Run {
  seed: number;
  count: number;
  startedAt: string;
  generatedMs: number;
  measuredMs: number;
  threshold: number;
  machine: {
    cpu: string;
    cores: number;
    memoryGb: number;
    loadAverage: number[];
    os: string;
    deno: string;
  };
  originals: { id: string; width: number; hasText: boolean; hasFingerprint: boolean }[];
  originalMs: number[];
  originalCpuMs: number[];
  distinctContentHashes: number;
  outcomes: FileOutcome[];
}

const CLAIM_RATE = 0.001;

function percent(value: number, digits = 2): string {
  return `${(value * 100).toFixed(digits)} %`;
}

function interval({ low, high }: { low: number; high: number }): string {
  return `${percent(low)} – ${percent(high)}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function distanceOf(value: number): string {
  return Number.isNaN(value) ? '—' : value.toFixed(1);
}

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A genuine copy is correct only when it verifies as its own original. */
function isTrueAccept(outcome: FileOutcome): boolean {
  return outcome.accepted && outcome.acceptedAs === outcome.originalId;
}

function describeOcrDifference(outcome: FileOutcome): string {
  if (outcome.onlyInOriginal.length === 0 && outcome.onlyInCopy.length === 0) return 'same text';
  const show = (tokens: string[]) => (tokens.length ? tokens.map((t) => `\`${t}\``).join(' ') : '∅');
  return `${show(outcome.onlyInOriginal)} → ${show(outcome.onlyInCopy)}`;
}

function distances(outcomes: FileOutcome[]): number[] {
  return outcomes.flatMap((outcome) => (outcome.distance === null ? [] : [outcome.distance]));
}

function genuineSection(genuine: FileOutcome[], threshold: number): string {
  const rows = GENUINE_KINDS.map((kind) => {
    const files = genuine.filter((outcome) => outcome.kind === kind);
    const measured = distances(files);
    return [
      `\`${kind}\``,
      KIND_DESCRIPTIONS[kind],
      files.length,
      files.filter(isTrueAccept).length,
      files.filter((outcome) => outcome.failed === 'text').length,
      files.filter((outcome) => outcome.failed === 'fingerprint').length,
      `${files.filter((outcome) => outcome.sameRawText).length} / ${files.length}`,
      `${files.filter((outcome) => outcome.sameContentHash).length} / ${files.length}`,
      `${distanceOf(percentile(measured, 0.5))} / ${distanceOf(Math.max(...measured))}`,
      measured.filter((distance) => distance > threshold).length,
    ];
  });
  return table(
    [
      'Kind',
      'Copy',
      'Files',
      'Accepted',
      'Rejected: text',
      'Rejected: fingerprint',
      'Identical OCR text',
      'Same content hash',
      'Distance median / max',
      `Distance > ${threshold}`,
    ],
    rows,
  );
}

function forgerySection(forgeries: FileOutcome[], threshold: number): string {
  const rows = FORGERY_KINDS.map((kind) => {
    const files = forgeries.filter((outcome) => outcome.kind === kind);
    const measured = distances(files);
    const textBlind = files.filter((outcome) => outcome.sameContentHash);
    return [
      `\`${kind}\``,
      KIND_DESCRIPTIONS[kind],
      files.length,
      files.filter((outcome) => !outcome.accepted).length,
      files.filter((outcome) => outcome.failed === 'text').length,
      `${files.filter((outcome) => outcome.edit?.fromReadInOriginal).length} / ${files.filter((outcome) => outcome.edit?.toReadInCopy).length}`,
      textBlind.length,
      files.filter((outcome) => outcome.failed === 'fingerprint').length,
      `**${files.filter((outcome) => outcome.accepted).length}**`,
      `${distanceOf(Math.min(...measured))} / ${distanceOf(percentile(measured, 0.5))}`,
      measured.filter((distance) => distance <= threshold).length,
    ];
  });
  return table(
    [
      'Kind',
      'Edit',
      'Files',
      'Rejected',
      'Rejected: text differs',
      'Field read as printed: original / forgery',
      'Text unchanged (OCR missed the edit)',
      'Rejected: fingerprint',
      'False accepts',
      'Distance min / median',
      `Distance ≤ ${threshold}`,
    ],
    rows,
  );
}

function distanceSection(run: Run): string {
  const rows = [...GENUINE_KINDS, ...FORGERY_KINDS].map((kind) => {
    const files = run.outcomes.filter((outcome) => outcome.kind === kind);
    const measured = distances(files);
    const genuine = files[0]?.class === 'genuine';
    const wrongSide = measured.filter((distance) =>
      genuine ? distance > run.threshold : distance <= run.threshold,
    ).length;
    return [
      `\`${kind}\``,
      genuine ? 'genuine' : 'forgery',
      ...[0, 0.05, 0.5, 0.95, 1].map((fraction) => distanceOf(percentile(measured, fraction))),
      `${wrongSide} / ${measured.length}`,
    ];
  });
  return table(
    ['Kind', 'Class', 'Min', 'p5', 'Median', 'p95', 'Max', 'On the wrong side of the threshold'],
    rows,
  );
}

const LISTED_DIFFERENCES = 15;

/** An OCR token with no run of three letters: a mark read as text (`al)`, `©`, `(15`), not a word. */
function isFragment(token: string): boolean {
  return !/\p{L}{3}/u.test(token);
}

/** Which OCR readings broke the text match of genuine copies, most frequent first. */
function ocrDifferenceSection(falseRejects: FileOutcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of falseRejects.filter((rejected) => rejected.failed === 'text')) {
    const key = describeOcrDifference(outcome);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (counts.size === 0) return 'No genuine copy failed the text check.';
  const textFailures = falseRejects.filter((rejected) => rejected.failed === 'text');
  const changed = (outcome: FileOutcome) => [...outcome.onlyInOriginal, ...outcome.onlyInCopy];
  const fragmentsOnly = textFailures.filter((outcome) => changed(outcome).every(isFragment)).length;
  const words = new Map<string, number>();
  for (const token of textFailures.flatMap(changed).filter((token) => !isFragment(token)))
    words.set(token, (words.get(token) ?? 0) + 1);
  const frequentWords = [...words]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 8)
    .map(([word, count]) => `\`${word}\` ${count}`)
    .join(', ');
  const summary =
    `${fragmentsOnly} of ${textFailures.length} text failures differ only in fragments without a ` +
    'three-letter word (marks of the seal, ornaments and signature read as characters, kept or dropped ' +
    'as small pixel changes move them across the confidence cut-off); the others involve words, ' +
    `most often ${frequentWords || 'none'}.`;
  const rows = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, LISTED_DIFFERENCES)
    .map(([difference, count]) => [difference, count]);
  return `${summary}\n\n${table(['Normalised OCR tokens: original → copy', 'Copies'], rows)}`;
}

function falseAcceptSection(falseAccepts: FileOutcome[]): string {
  if (falseAccepts.length === 0)
    return 'None: no forgery verified, and no genuine copy verified as another certificate.';
  return table(
    ['File', 'Kind', 'Edit', 'Verified as', 'Channel', 'OCR text vs original', 'Distance'],
    falseAccepts.map((outcome) => [
      `\`${outcome.path}\``,
      outcome.kind,
      outcome.edit
        ? `${outcome.edit.field}: \`${outcome.edit.from}\` → \`${outcome.edit.to}\``
        : 'genuine copy',
      outcome.acceptedAs ?? '',
      outcome.channel ?? '',
      describeOcrDifference(outcome),
      outcome.distance ?? '—',
    ]),
  );
}

const LISTED_REJECTS = 40;

function falseRejectSection(falseRejects: FileOutcome[], widths: Map<string, number>): string {
  if (falseRejects.length === 0) return 'None.';
  const listed = table(
    ['File', 'Original width', 'Failed check', 'OCR text: original → copy', 'Distance'],
    falseRejects
      .slice(0, LISTED_REJECTS)
      .map((outcome) => [
        `\`${outcome.path}\``,
        `${widths.get(outcome.originalId) ?? '?'} px`,
        outcome.failed ?? (outcome.accepted ? `verified as ${outcome.acceptedAs}` : ''),
        describeOcrDifference(outcome),
        outcome.distance ?? '—',
      ]),
  );
  const more = falseRejects.length - LISTED_REJECTS;
  return more > 0 ? `${listed}\n\n…and ${more} more (all in \`results.json\`).` : listed;
}

function timingSection(run: Run): string {
  const row = (label: string, wall: number[], cpu: number[]) => [
    label,
    wall.length,
    seconds(percentile(wall, 0.5)),
    seconds(percentile(wall, 0.95)),
    seconds(Math.max(...wall)),
    seconds(percentile(cpu, 0.5)),
  ];
  const groups = [...GENUINE_KINDS, ...FORGERY_KINDS].map((kind) => {
    const files = run.outcomes.filter((outcome) => outcome.kind === kind);
    return row(
      `\`${kind}\``,
      files.map((outcome) => outcome.ms),
      files.map((outcome) => outcome.cpuMs),
    );
  });
  return table(
    ['Files', 'Count', 'Wall p50', 'Wall p95', 'Wall max', 'CPU p50'],
    [row('originals (PNG)', run.originalMs, run.originalCpuMs), ...groups],
  );
}

function reading(
  genuine: FileOutcome[],
  forgeries: FileOutcome[],
  falseAccepts: number,
  threshold: number,
): string {
  const decisions = genuine.length + forgeries.length;
  const falseRejects = genuine.filter((outcome) => !outcome.accepted).length;
  const forgeryAccepts = forgeries.filter((outcome) => outcome.accepted).length;
  const correct = decisions - falseRejects - falseAccepts;
  const accuracy = wilson(correct, decisions);
  const frr = wilson(falseRejects, genuine.length);
  const far = wilson(forgeryAccepts, forgeries.length);
  const needed = trialsNeededForZeroErrors(CLAIM_RATE);
  const lines: string[] = [];

  lines.push(
    `- **Forgeries.** ${forgeryAccepts} of ${forgeries.length} one-field forgeries verified. ` +
      (forgeryAccepts === 0
        ? `Zero observed does not mean zero: with ${forgeries.length} trials the 95 % Wilson upper bound ` +
          `of the false accept rate is ${percent(far.high)}. Showing a false accept rate below 0.1 % ` +
          `would take at least ${needed.toLocaleString('en')} forgeries without a single accept.`
        : `**That is a false accept rate of ${percent(forgeryAccepts / forgeries.length)} ` +
          `(95 % CI ${interval(far)}): the product's worst failure, listed above.**`),
  );
  lines.push(
    `- **Genuine copies.** ${genuine.length - falseRejects} of ${genuine.length} verified: false reject ` +
      `rate ${percent(falseRejects / genuine.length)} (95 % CI ${interval(frr)}). ` +
      (frr.low > CLAIM_RATE
        ? 'Even the lower bound is above 0.1 %: for these copies the product does not reach 99.9 %.'
        : frr.high > CLAIM_RATE
          ? 'The interval still includes rates above 0.1 %, so 99.9 % is neither shown nor ruled out.'
          : 'The whole interval is below 0.1 %.'),
  );
  lines.push(
    `- **"99.9 % accuracy" as one number.** ${correct} of ${decisions} decisions were right: ` +
      `${percent(correct / decisions)} (95 % CI ${interval(accuracy)}). ` +
      (accuracy.high < 1 - CLAIM_RATE
        ? 'The upper bound is below 99.9 %: on this set the claim is **not true**.'
        : accuracy.low >= 1 - CLAIM_RATE
          ? 'The lower bound reaches 99.9 %: on this set the claim holds.'
          : `The set is too small to confirm 99.9 %: that needs at least ${needed.toLocaleString('en')} ` +
            'decisions with no error at all.') +
      ' One accuracy figure also hides which way the errors go: a false reject costs the holder a ' +
      'retry, a false accept defeats the product. It depends on the mix of copies as well (the kinds ' +
      'above differ). Quote the two rates separately, with the sample size.',
  );
  const pastFingerprint = forgeries.filter(
    (outcome) => outcome.distance !== null && outcome.distance <= threshold,
  );
  if (pastFingerprint.length > 0)
    lines.push(
      `- **The fingerprint is no second lock for one-character edits.** ${pastFingerprint.length} of ` +
        `${forgeries.length} forgeries were within its threshold (${threshold}); the text check alone ` +
        'refused them. A false accept then needs only that OCR reads the edited character the same way ' +
        'in the original and in the forgery (both misread, or both dropped as unsure), which this set ' +
        'did not produce but nothing rules out.',
    );
  if (falseAccepts > forgeryAccepts)
    lines.push(
      `- **Misidentified genuine copies**: ${falseAccepts - forgeryAccepts} genuine copies verified as ` +
        'another certificate; they count as false accepts above.',
    );
  lines.push(
    '- **What this set does not cover**: one certificate template and one font family; clean renders ' +
      'with no photo, scan, print, crop, rotation or perspective; English text only (the OCR model is ' +
      '`eng`); forgeries re-drawn whole as PNG, not pixel edits pasted into the original and not ' +
      're-encoded; images only (no PDFs). Real uploads are harder on the genuine side, so the false ' +
      'reject rate here is a lower bound for real traffic. The numbers describe this generator, not ' +
      'the world.',
  );
  return lines.join('\n');
}

export function renderReport(run: Run): string {
  const genuine = run.outcomes.filter((outcome) => outcome.class === 'genuine');
  const forgeries = run.outcomes.filter((outcome) => outcome.class === 'forgery');
  const falseAccepts = run.outcomes.filter(
    (outcome) => outcome.accepted && (outcome.class === 'forgery' || !isTrueAccept(outcome)),
  );
  const falseRejects = genuine.filter((outcome) => !isTrueAccept(outcome) && !outcome.accepted);
  const widths = new Map(run.originals.map((original) => [original.id, original.width]));
  const genuineDistances = distances(genuine);
  const forgeryDistances = distances(forgeries);
  const textBlind = forgeries.filter((outcome) => outcome.sameContentHash).length;
  const pastFingerprint = forgeries.filter(
    (outcome) => outcome.distance !== null && outcome.distance <= run.threshold,
  );
  const pastFingerprintRead = pastFingerprint.filter((outcome) => outcome.edit?.toReadInCopy).length;
  const minWidth = Math.min(...run.originals.map((original) => original.width));
  const maxWidth = Math.max(...run.originals.map((original) => original.width));
  const frr = wilson(falseRejects.length, genuine.length);
  const far = wilson(falseAccepts.length, run.outcomes.length);

  return `# Accuracy of the verification decision (measured)

The product promises "99.9 % accuracy". This page is a measurement of the decision the API makes for
a file that is not byte-identical to a registered certificate, on a seeded, randomized set of
generated certificates. It is not a test: nothing fails when a number is bad. Regenerate it with
\`npm run bench:accuracy\` (options: \`-- --count <N> --seed <S>\`); the same seed gives the same files,
the same OCR text and the same decisions; only the timings change.

## Method

- **Originals**: ${run.count} distinct certificates drawn by \`scripts/certificates/draw.ts\` (the
  sample generator's template and DejaVu fonts) with seeded random titles, recipients (some with
  accents: García, Zoë, Müller), courses, grades (A+ … C-, percentages, Pass … High Distinction),
  dates in five formats, certificate numbers, issuers, signatories and accent colours, ${minWidth}–${maxWidth} px
  wide (of 1400–2400). Each original is processed as the API stores it (\`processCertificateFile\`:
  OCR, content hash, fingerprint) and registered as a PNG.
- **Genuine copies** (should verify as their own original): ${GENUINE_KINDS.length} per original, see the
  first table.
- **Forgeries** (must not verify): ${FORGERY_KINDS.length} per original, the same template re-drawn with one
  field changed, saved as PNG. Letters and digits are replaced by look-alikes where one exists
  (e → c, i → l, 3 → 8, 1 → 7), the hardest case for OCR and fingerprint.
- **Decision** (\`bench/accuracy/decide.ts\`), the rule of \`supabase/functions/api/verification/service.ts\`
  against all ${run.count} registered originals: the same file hash verifies; otherwise the same
  content hash (SHA-256 of the normalised OCR text) is required, confirmed by
  \`compareFingerprints(...).sameDocument\` (distance ≤ ${run.threshold}) where both files have a fingerprint.
  A genuine copy counts as accepted only when it verifies as its own original.
- **Machine**: ${run.machine.cpu}, ${run.machine.cores} cores (shared with other work; load average
  ${run.machine.loadAverage.map((value) => value.toFixed(1)).join(' / ')} at the end), ${run.machine.memoryGb.toFixed(0)} GB,
  ${run.machine.os}, Deno ${run.machine.deno}, one process, files one after another. Run ${run.startedAt}: seed
  ${run.seed}, generation ${seconds(run.generatedMs)}, measurement ${seconds(run.measuredMs)}.

## Summary

| Decision | Files | Errors | Rate | 95 % Wilson interval |
| --- | --- | --- | --- | --- |
| Genuine copies (false rejects) | ${genuine.length} | ${falseRejects.length} | ${percent(falseRejects.length / genuine.length)} | ${interval(frr)} |
| Forgeries (false accepts) | ${forgeries.length} | **${forgeries.filter((outcome) => outcome.accepted).length}** | ${percent(forgeries.filter((outcome) => outcome.accepted).length / forgeries.length)} | ${interval(wilson(forgeries.filter((outcome) => outcome.accepted).length, forgeries.length))} |
| Any false accept (forgery, or copy verified as another certificate) | ${run.outcomes.length} | **${falseAccepts.length}** | ${percent(falseAccepts.length / run.outcomes.length)} | ${interval(far)} |

Fingerprint distances to the own original (threshold ${run.threshold}): genuine copies at most
${distanceOf(Math.max(...genuineDistances))}, forgeries at least ${distanceOf(Math.min(...forgeryDistances))}.
OCR missed the edit (same content hash as the original) on ${textBlind} of ${forgeries.length} forgeries; for those the
fingerprint was the only defence. ${pastFingerprint.length} forgeries were close enough for the fingerprint
to pass them (distance ≤ ${run.threshold}); OCR read the forged value in ${pastFingerprintRead} of them${
    pastFingerprint.length > pastFingerprintRead
      ? ", the others were refused only because their OCR text differed somewhere from the original's"
      : ''
  }. The ${run.count} originals have ${run.distinctContentHashes} distinct content hashes${
    run.originals.every((original) => original.hasText && original.hasFingerprint)
      ? ', and every one has text and a fingerprint'
      : '; some originals have no text or no fingerprint (see results.json)'
  }.

## Genuine copies per kind

${genuineSection(genuine, run.threshold)}

"Identical OCR text" compares the raw OCR output with the original's; "same content hash" compares it
after normalisation. "Distance > ${run.threshold}" counts copies the fingerprint alone would refuse.

## Forgeries per kind

${forgerySection(forgeries, run.threshold)}

"Field read as printed" counts the originals whose OCR text holds the edited field's true value
and the forgeries whose OCR text holds the forged value: where the forgery's value was read, the
text check refused the edit itself, not OCR noise elsewhere on the page. "Distance ≤ ${run.threshold}"
counts forgeries the fingerprint alone would let through; they are refused only by the text check.

## False accepts

${falseAcceptSection(falseAccepts)}

## Fingerprint distances to the own original

${distanceSection(run)}

Genuine copies should stay at or below ${run.threshold}, forgeries above it. ${
    Math.max(...genuineDistances) >= Math.min(...forgeryDistances)
      ? `**The two ranges overlap** (genuine up to ${distanceOf(Math.max(...genuineDistances))}, forgeries from ` +
        `${distanceOf(Math.min(...forgeryDistances))}): no threshold separates them, so for the overlapping edits the ` +
        'decision rests on OCR reading the edit.'
      : 'The two ranges do not overlap on this set.'
  }

## False rejects

${falseRejectSection(falseRejects, widths)}

What OCR read differently, most frequent first (tokens after normalisation; ∅ = nothing):

${ocrDifferenceSection(falseRejects)}

## Time per file (\`processCertificateFile\`, warm engine)

${timingSection(run)}

## What this says about "99.9 %"

${reading(genuine, forgeries, falseAccepts.length, run.threshold)}
`;
}
