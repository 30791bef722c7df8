import assert from 'node:assert/strict';
import {
  confusableKey,
  decide,
  type DecisionInput,
  droppedGlyphs,
  droppedLetters,
  inTextFlow,
  judgeCells,
  laidOver,
  LEGIBLE_LINE_HEIGHT,
  READ_DOUBT,
  type RegionEvidence,
  TEXT_FLAG,
  TEXT_FLAG_FLOOR,
  textBlock,
  textFlagFor,
} from './decide.ts';
import type { RegisteredLine } from './fields.ts';

/** A line as registration read it: its text, field, confidence and box. */
function registered(
  text: string,
  field: RegisteredLine['field'],
  confidence: number,
  box: RegisteredLine['box'],
): RegisteredLine {
  return { box, text, confidence, field };
}

const nameLine = registered('Jane Doe', 'recipient_name', 0.96, { x: 100, y: 200, width: 300, height: 40 });

function input(overrides: Partial<DecisionInput> = {}): DecisionInput {
  return {
    inliers: 400,
    matches: 500,
    visibleInk: 1,
    hiddenLines: [],
    inkTiles: 200,
    flaggedTiles: 0,
    regions: [],
    ...overrides,
  };
}

function region(overrides: Partial<RegionEvidence>): RegionEvidence {
  return { box: nameLine.box, score: 0.2, line: nameLine, reads: null, readAnyway: false, ...overrides };
}

type Reading = { text: string; confidence: number };
const reading = (text: string, confidence: number): Reading => ({ text, confidence });
const silent: Reading = { text: '', confidence: 0 };

/**
 * A line no tile flagged, read anyway (a critical field or a line in doubt) on the copy and on the
 * original read alike.
 */
function readOnBoth(
  line: RegisteredLine,
  copy: Reading,
  original: Reading,
  more: Partial<RegionEvidence> = {},
): Partial<RegionEvidence> {
  return {
    line,
    score: 0,
    readAnyway: true,
    unmatchedMarks: 0,
    reads: copy,
    originalReads: original,
    ...more,
  };
}

/** The decision on a well-aligned copy with one region. */
function decideOne(overrides: Partial<RegionEvidence>) {
  return decide(input({ regions: [region(overrides)] }));
}

Deno.test('a well-aligned copy with no differing region is authentic', () => {
  const decision = decide(input());
  assert.equal(decision.verdict, 'authentic');
  assert.ok(decision.confidence > 0.8);
});

Deno.test('a copy that cannot be laid over the original is unknown, never altered', () => {
  const decision = decide(input({ inliers: 12, matches: 300, regions: [region({ score: 0.9 })] }));
  assert.equal(decision.verdict, 'unknown');
  assert.equal(decision.differences.length, 0);
});

Deno.test(
  'a copy is laid over a candidate only with enough inliers, in number and in share of matches',
  () => {
    assert.ok(laidOver({ inliers: 40, matches: 100 }));
    // Another design: a few chance matches agree, or many matches of which few agree.
    assert.ok(!laidOver({ inliers: 15, matches: 16 }));
    assert.ok(!laidOver({ inliers: 40, matches: 400 }));
  },
);

Deno.test(
  'a strong difference on a named line is altered, with what the original says and the copy reads',
  () => {
    const decision = decideOne({ score: 0.6, reads: reading('Jane Dae', 0.95) });
    assert.equal(decision.verdict, 'altered');
    assert.deepEqual(decision.differences[0], {
      field: 'recipient_name',
      label: 'Recipient name',
      box: nameLine.box,
      registered: 'Jane Doe',
      reads: 'Jane Dae',
    });
  },
);

Deno.test('OCR reading the registered text dismisses a visual flag (noise), but never a sign change', () => {
  const same = decideOne({ score: 0.08, reads: reading('jane  doe', 0.9) });
  assert.equal(same.verdict, 'authentic');
  const gradeLine: RegisteredLine = { ...nameLine, text: 'Grade: A+', field: 'grade' };
  const sign = decideOne({
    line: gradeLine,
    score: 0.02,
    readAnyway: true,
    reads: reading('Grade: A-', 0.93),
  });
  assert.equal(sign.verdict, 'altered');
  assert.equal(sign.differences[0]?.field, 'grade');
});

Deno.test('a half-sure different reading of a critical field is unknown; a faint one is noise', () => {
  const doubt = decideOne({ score: 0, readAnyway: true, reads: reading('Jane Dae', 0.7) });
  assert.equal(doubt.verdict, 'unknown');
  const noise = decideOne({ score: 0, readAnyway: true, reads: reading('Jane Dae', 0.4) });
  assert.equal(noise.verdict, 'authentic');
});

Deno.test('a name OCR cannot read on either page, its ink agreeing, is judged by its ink', () => {
  // A diploma's recipient in a script face, as registered and read on a genuine scan and its original.
  const scriptName = registered('Elena Fowath', 'recipient_name', 0.63, {
    x: 335,
    y: 432,
    width: 330,
    height: 60,
  });
  const cells = { copy: [reading('Elena Howat', 0.7)], original: [reading('Elena Fowdth', 0.37)] };
  const genuine = decideOne(
    readOnBoth(scriptName, reading('Elena Howat', 0.68), reading('Elena Fowdth', 0.37), { cells }),
  );
  assert.equal(genuine.verdict, 'authentic');
  // A copy read confidently, an original read half-surely, a mark gone, or a line registered
  // confidently keep the doubt.
  const doubts: Partial<RegionEvidence>[] = [
    readOnBoth(scriptName, reading('Elena Howat', 0.85), reading('Elena Fowdth', 0.37)),
    readOnBoth(scriptName, reading('Elena Howat', 0.68), reading('Elena Fowdth', 0.65)),
    readOnBoth(scriptName, reading('Elena Howat', 0.68), reading('Elena Fowdth', 0.37), {
      unmatchedMarks: 1,
    }),
    readOnBoth(
      { ...scriptName, confidence: 0.85 },
      reading('Elena Howat', 0.68),
      reading('Elena Fowdth', 0.37),
    ),
    readOnBoth(scriptName, reading('Elena Howat', 0.68), reading('Elena Fowdth', 0.37), {
      cells: { copy: [reading('Elena Howat', 0.7)], original: [reading('Elena Fowdth', 0.62)] },
    }),
  ];
  for (const doubt of doubts) assert.equal(decideOne(doubt).verdict, 'unknown', JSON.stringify(doubt));
  // Never a grade or a number read as poorly: a one-stroke change (A+ -> A-, 0 -> 8) hides in ink
  // that agrees at the tiles' scale. Nor a name whose short cell's strokes changed.
  const values: Partial<RegionEvidence>[] = [
    readOnBoth(
      registered('Human Anatomy 5 A+', 'grade', 0.7, { x: 80, y: 640, width: 730, height: 16 }),
      reading('Human Anatomy 5 A-', 0.7),
      reading('Human Anatomy 5 A+', 0.5),
    ),
    readOnBoth(
      registered('TLC-2017-000716', 'certificate_number', 0.7, { x: 80, y: 320, width: 300, height: 16 }),
      reading('TLC-2017-800716', 0.75),
      reading('TLC-2017-000716', 0.55),
    ),
    readOnBoth(scriptName, reading('Elena Howat', 0.68), reading('Elena Fowdth', 0.37), {
      cells: { ...cells, shapes: [{ index: 0, changed: true }] },
    }),
  ];
  for (const value of values) assert.notEqual(decideOne(value).verdict, 'authentic', JSON.stringify(value));
});

Deno.test(
  'a flagged name OCR cannot read on either page is changed where a tile scores high and its tones are unlike',
  () => {
    const scriptName = registered('Elena Fowath', 'recipient_name', 0.63, {
      x: 335,
      y: 432,
      width: 330,
      height: 60,
    });
    // Elena -> Elene photographed: 0.224 at likeness 0.62, read at 0.28 against 0.37.
    const forged: Partial<RegionEvidence> = {
      line: scriptName,
      score: 0.224,
      unlikeTile: true,
      inTextFlow: true,
      reads: reading('Elene Howat', 0.28),
      originalReads: reading('Elena Fowdth', 0.37),
      cells: { copy: [reading('Elene Howat', 0.31)], original: [reading('Elena Fowdth', 0.37)] },
    };
    const altered = decideOne(forged);
    assert.equal(altered.verdict, 'altered');
    assert.equal(altered.differences[0]?.field, 'recipient_name');
    // The same line in a script face registered unnamed, in the text's flow, is changed too.
    assert.equal(
      decideOne({ ...forged, line: { ...scriptName, text: 'fo', confidence: 0.26, field: null } }).verdict,
      'altered',
    );
    // Tones alike, an original read half-surely, or a signature off the text's flow stay in doubt.
    const doubts: Partial<RegionEvidence>[] = [
      { ...forged, unlikeTile: false },
      { ...forged, originalReads: reading('Elena Fowdth', 0.65), cells: undefined },
      { ...forged, line: { ...scriptName, text: 'NAS', confidence: 0.31, field: null }, inTextFlow: false },
    ];
    for (const doubt of doubts) assert.equal(decideOne(doubt).verdict, 'unknown', JSON.stringify(doubt));
  },
);

Deno.test('a critical line the copy reads as nothing confirms nothing when the original reads it', () => {
  // Registered unsure and unnamed: judged by its identifiers.
  const numberLine: RegisteredLine = {
    ...nameLine,
    text: 'Award ID CIT-2021-000518',
    field: null,
    confidence: 0.5,
  };
  for (const line of [nameLine, numberLine]) {
    const originalReads = decideOne({
      line,
      score: 0,
      readAnyway: true,
      reads: silent,
      originalReads: reading(line.text, 0.9),
    });
    assert.equal(originalReads.verdict, 'unknown', line.text);
    // Read as nothing on both sides: the crop, not the copy, is silent; the ink agrees.
    const bothSilent = decideOne({ line, score: 0, readAnyway: true, reads: silent, originalReads: silent });
    assert.equal(bothSilent.verdict, 'authentic', line.text);
  }
});

Deno.test('a faint reading with another digit in a well-formed number is unknown; faint noise is not', () => {
  const numberLine: RegisteredLine = { ...nameLine, text: 'TLC-2017-000716', field: 'certificate_number' };
  const judged = (text: string) =>
    decideOne({
      line: numberLine,
      score: 0,
      readAnyway: true,
      reads: { text, confidence: 0.47 },
      originalReads: reading('TLC-2017-000716', 0.9),
    }).verdict;
  assert.equal(judged('TLC-2017-060716'), 'unknown');
  assert.equal(judged('TLC-2017-0OO716'), 'authentic');
  assert.equal(judged('TL 2017 ~ 07'), 'authentic');
  const dateLine: RegisteredLine = { ...nameLine, text: '2020-11-06 Prof. Tomas Novak', field: 'issue_date' };
  const scannedDate = decideOne(
    readOnBoth(
      dateLine,
      reading('CR — 2020-11-05 a Prof, Tomas Novak', 0.53),
      reading('NI4inL os TT SSS—— 2020-11-06 opp Prof. Tomas Novak', 0.43),
    ),
  );
  assert.equal(scannedDate.verdict, 'unknown');
});

Deno.test('a weak flag that OCR cannot settle is unknown, not authentic', () => {
  const decision = decideOne({ score: 0.1, reads: silent });
  assert.equal(decision.verdict, 'unknown');
  assert.match(decision.reasons.join(' '), /could not be compared with certainty/);
});

Deno.test('a hidden critical field makes a clean copy unknown and says which field', () => {
  const decision = decide(input({ hiddenLines: [nameLine], visibleInk: 0.9 }));
  assert.equal(decision.verdict, 'unknown');
  assert.match(decision.reasons.join(' '), /Recipient name/);
});

Deno.test('a copy flagged all over is too degraded to judge: unknown', () => {
  const decision = decide(input({ flaggedTiles: 120, regions: [region({ score: 0.5 })] }));
  assert.equal(decision.verdict, 'unknown');
});

Deno.test('another recipient and another number is another certificate of the same design: unknown', () => {
  const numberLine: RegisteredLine = { ...nameLine, text: 'No. CERT-00417', field: 'certificate_number' };
  const decision = decide(
    input({
      regions: [
        region({ score: 0.6, reads: reading('John Roe', 0.95) }),
        region({ line: numberLine, score: 0.4, reads: reading('No. CERT-00418', 0.95) }),
      ],
    }),
  );
  assert.equal(decision.verdict, 'unknown');
  assert.match(decision.reasons.join(' '), /design of a registered certificate/);
});

Deno.test(
  'a name reissued to someone else, its ink spilling beside the line, is altered, not another certificate',
  () => {
    const name = nameLine.box;
    // A longer name flags a tile past each end of the registered line, on no line: its own ink.
    const besideName = (x: number) => ({ x, y: name.y - 10, width: 50, height: 50 });
    const spilled = decide(
      input({
        regions: [
          region({ score: 0.6, reads: reading('John Roe', 0.95) }),
          region({ line: null, score: 1, box: besideName(name.x - 60) }),
          region({ line: null, score: 1, box: besideName(name.x + name.width + 10) }),
        ],
      }),
    );
    assert.equal(spilled.verdict, 'altered');
    // Regions far from the name are more differences: another certificate of the design, unknown.
    const elsewhere = decide(
      input({
        regions: [
          region({ score: 0.6, reads: reading('John Roe', 0.95) }),
          region({ line: null, score: 1, box: { x: 100, y: 700, width: 50, height: 50 } }),
          region({ line: null, score: 1, box: { x: 500, y: 800, width: 50, height: 50 } }),
        ],
      }),
    );
    assert.equal(elsewhere.verdict, 'unknown');
  },
);

Deno.test(
  'where the ink agrees, glyphs OCR confuses are one; where the tiles differ, they are a change',
  () => {
    assert.equal(confusableKey('Jane D0e'), confusableKey('jane doe'));
    assert.notEqual(confusableKey('Tomás'), confusableKey('Tomas'));
    assert.notEqual(confusableKey('A+'), confusableKey('A-'));
    assert.equal(confusableKey('Valid until & February 2029'), confusableKey('Valid until 8 February 2029'));
    const inkAgrees = decideOne({
      score: 0,
      readAnyway: true,
      reads: reading('Jane D0e', 0.95),
    });
    assert.equal(inkAgrees.verdict, 'authentic');
    const inkDiffers = decideOne({ score: 0.2, reads: reading('Jane D0e', 0.95) });
    assert.equal(inkDiffers.verdict, 'altered');
  },
);

const rowLine: RegisteredLine = { ...nameLine, text: 'Cryptography 15 [', confidence: 0.88, field: null };

Deno.test(
  'a registration misread is not a difference when the original, read alike, reads as the copy',
  () => {
    const decision = decideOne(
      readOnBoth(rowLine, reading('Cryptography 15 C+', 0.95), reading('Cryptography 15 C+', 0.94)),
    );
    assert.equal(decision.verdict, 'authentic');
  },
);

Deno.test('a sure reading unlike the original read alike is a change; an unsure original only doubt', () => {
  const dateLine: RegisteredLine = { ...nameLine, text: 'Issued 24.09.2016', field: 'issue_date' };
  const sure = decideOne(
    readOnBoth(dateLine, reading('Issued 24.09.2015', 0.95), reading('Issued 24.09.2016', 0.95)),
  );
  assert.equal(sure.verdict, 'altered');
  assert.equal(sure.differences[0]?.field, 'issue_date');
  const unsureOriginal = decideOne(
    readOnBoth(dateLine, reading('Issued 24.09.2015', 0.95), reading('Issued 24.09.2O16 ~', 0.6)),
  );
  assert.equal(unsureOriginal.verdict, 'unknown');
  const flaggedUnsure = decideOne({
    line: dateLine,
    score: 0.04,
    reads: reading('24.09.2015 PAVN', 0.2),
    originalReads: reading('24.09.2016 ~NAM', 0.31),
  });
  assert.equal(flaggedUnsure.verdict, 'unknown');
});

Deno.test('glyphs OCR dropped from a line whose ink agrees are not a change; a changed one is', () => {
  assert.equal(droppedGlyphs('2.0/4.0', 'Result 2.0/4.0'), true);
  assert.equal(droppedGlyphs('Microeconomics', 'Microeconomics 7.5 C-'), true);
  assert.equal(droppedGlyphs('Signal Processing 15 +', 'Signal Processing 15 C+'), true);
  assert.equal(droppedGlyphs('Microeconomics 7.5 C+', 'Microeconomics 7.5 C-'), false);
  assert.equal(droppedGlyphs('Result 2.0/4.0', 'Result 2.0/4.0'), false);
  assert.equal(droppedGlyphs('C-', 'Microeconomics 7.5 C-'), false);
  const resultLine: RegisteredLine = { ...nameLine, text: 'Result 2.0/4.0', field: 'grade' };
  const dropped = decideOne(
    readOnBoth(resultLine, reading('2.0/4.0', 0.87), reading('Result 2.0/4.0', 0.93)),
  );
  assert.equal(dropped.verdict, 'authentic');
  // The same ink read with a glyph more on the copy than on the original read alike: OCR dropped it
  // from the original's reading (a signature's scribble on an issuer line), in a plain JPEG re-save.
  const issuerLine: RegisteredLine = {
    ...nameLine,
    text: 'Issued by Northwind Academy [D1 (RISE) [Rae',
    confidence: 0.59,
    field: 'issuer',
  };
  const droppedFromOriginal = decideOne(
    readOnBoth(
      issuerLine,
      reading('Issued by Northwind Academy ANd Dr Helen Park.', 0.71),
      reading('Issued by Northwind Academy Ad Dr Helen Park.', 0.68),
    ),
  );
  assert.equal(droppedFromOriginal.verdict, 'authentic');
  // A sign more on the copy is never a glyph the original's reading dropped: A- forged to A+, with
  // the original read alike as "A", stays in doubt.
  const gradeLine: RegisteredLine = { ...nameLine, text: 'Academic Writing A-', field: 'grade' };
  const signAdded = decideOne(
    readOnBoth(gradeLine, reading('Academic Writing A+', 0.85), reading('Academic Writing A', 0.85)),
  );
  assert.notEqual(signAdded.verdict, 'authentic');
  assert.equal(droppedLetters('Ad Dr Helen', 'ANd Dr Helen'), true);
  assert.equal(droppedLetters('Writing A', 'Writing A+'), false);
  assert.equal(droppedLetters('Grade 1', 'Grade 18'), false);
});

Deno.test('the text flag drops below TEXT_FLAG only on a copy whose tiles are otherwise clean', () => {
  assert.equal(textFlagFor([]), TEXT_FLAG);
  assert.equal(textFlagFor(new Array(200).fill(0)), TEXT_FLAG_FLOOR);
  const noisy = Array.from({ length: 200 }, (_, index) => (index % 10) * 0.01);
  assert.equal(textFlagFor(noisy), TEXT_FLAG);
});

Deno.test(
  'where the tiles saw a change, a reading that drops the changed glyph on both sides clears nothing',
  () => {
    const overall: RegisteredLine = { ...nameLine, text: 'Overall grade C', confidence: 0.84, field: null };
    const decision = decideOne({
      line: overall,
      score: 0.186,
      reads: reading('Overall grade', 0.96),
      originalReads: reading('Overall grade', 0.93),
    });
    assert.notEqual(decision.verdict, 'authentic');
    // A whole re-reading of the original that the copy matches still clears a noise flag.
    const misread: RegisteredLine = { ...overall, text: 'Cryptography 15 [' };
    const cleared = decideOne({
      line: misread,
      score: 0.08,
      reads: reading('Cryptography 15 C+', 0.95),
      originalReads: reading('Cryptography 15 C+', 0.94),
    });
    assert.equal(cleared.verdict, 'authentic');
  },
);

Deno.test('a critical line read alike is not confirmed while a whole mark is gone or added over it', () => {
  const reads = reading('Jane Doe', 0.96);
  const marked = decideOne({ score: 0, readAnyway: true, reads, unmatchedMarks: 1 });
  assert.equal(marked.verdict, 'unknown');
  const clean = decideOne({ score: 0, readAnyway: true, reads, unmatchedMarks: 0 });
  assert.equal(clean.verdict, 'authentic');
});

Deno.test('OCR reading alike clears a weak flag but leaves a strong one in doubt (a turned accent)', () => {
  const reads = reading('Jane Doe', 0.96);
  assert.equal(decideOne({ score: 0.08, reads }).verdict, 'authentic');
  const strong = decideOne({ score: 0.57, reads });
  assert.equal(strong.verdict, 'unknown');
  assert.match(strong.reasons.join(' '), /Recipient name/);
});

Deno.test("the text block is the box around the lines that read as text, not a frame's ornaments", () => {
  const line = (x: number, y: number, text: string, confidence = 0.9): RegisteredLine => ({
    box: { x, y, width: 200, height: 20 },
    text,
    confidence,
    field: null,
  });
  const lines = [
    line(300, 120, 'Certificate of Completion'),
    line(100, 700, 'Certificate No. NW-0042'),
    // OCR's readings of a border's ornaments: a sign, or letters read at low confidence.
    line(5, 5, '*'),
    line(1200, 900, 'LLL LL', 0.3),
  ];
  assert.deepEqual(textBlock(lines), { x: 100, y: 120, width: 400, height: 600 });
  assert.equal(textBlock([line(5, 5, '~~')]), null);
});

Deno.test("an altered copy shows a field's strongly flagged line in doubt beside its changes", () => {
  const graphic = region({ line: null, box: { x: 0, y: 500, width: 50, height: 50 }, score: 0.4 });
  const turnedAccent = region({ score: 0.84, reads: reading('Jane Doe', 0.97) });
  const altered = decide(input({ regions: [graphic, turnedAccent] }));
  assert.equal(altered.verdict, 'altered');
  assert.deepEqual(
    altered.differences.map((difference) => difference.label),
    ['Region 1 of the page', 'Recipient name'],
  );
  assert.match(altered.reasons.join(' '), /differs from the registered certificate in: Recipient name/);
  // A weak flag OCR cleared is no difference; the strong doubt alone still alters nothing.
  const weak = decide(input({ regions: [graphic, { ...turnedAccent, score: 0.08 }] }));
  assert.deepEqual(
    weak.differences.map((difference) => difference.label),
    ['Region 1 of the page'],
  );
  assert.equal(decide(input({ regions: [turnedAccent] })).verdict, 'unknown');
});

Deno.test('a strongly flagged line is not shown beside a change whose line its tiles also hold', () => {
  // Run 19 f-line-removed-photo-0000: the expiry line removed under the date; the page's 50 px tile row
  // held both lines and was given to the date, which read alike on both pages.
  const date = registered('24 October 2019', 'issue_date', 0.97, { x: 99, y: 802, width: 155, height: 14 });
  const expiry = registered('Valid until 24 October 2021', 'expiry_date', 0.96, {
    x: 98,
    y: 837,
    width: 194,
    height: 10,
  });
  const removed = region({
    line: expiry,
    box: expiry.box,
    score: 1,
    reads: reading('Valid until 24 October 2029', 0.97),
  });
  const dateBesideIt = region({
    line: date,
    box: date.box,
    flaggedBox: { x: 50, y: 800, width: 250, height: 50 },
    score: 1,
    reads: reading('24 October 2019', 0.96),
  });
  const labels = (regions: RegionEvidence[]) =>
    decide(input({ regions })).differences.map((difference) => difference.label);
  assert.deepEqual(labels([removed, dateBesideIt]), ['Expiry date']);
  // Its strong tiles apart from the change: shown beside it as before.
  const apart = { ...dateBesideIt, flaggedBox: { x: 50, y: 780, width: 250, height: 40 } };
  assert.deepEqual(labels([removed, apart]), ['Expiry date', 'Date of issue']);
});

Deno.test('a region named after the decision shows its name, and the name never changes the verdict', () => {
  const unnamed: RegisteredLine = { ...nameLine, text: 'Elena Fowath', field: null };
  const numberLine = registered('Certificate No. 2018-000118', 'certificate_number', 0.95, {
    x: 100,
    y: 300,
    width: 300,
    height: 30,
  });
  const regions = [
    region({
      line: unnamed,
      box: unnamed.box,
      score: 0.6,
      reads: reading('Fowath Elena', 0.95),
    }),
    region({
      line: numberLine,
      box: numberLine.box,
      score: 0.6,
      reads: reading('Certificate No. 2018-000119', 0.95),
    }),
    region({ line: null, box: { x: 500, y: 400, width: 120, height: 120 }, score: 0.8 }),
  ];
  const before = decide(input({ regions }));
  const after = decide(
    input({
      regions: [
        { ...regions[0]!, naming: { field: 'recipient_name', label: 'Recipient name' } },
        regions[1]!,
        { ...regions[2]!, naming: { field: 'seal', label: 'Seal' } },
      ],
    }),
  );
  // Recipient and number both changed would make it another certificate (unknown); the recipient
  // was named only after, from the line's context, so the verdict stays what the registration says.
  assert.equal(before.verdict, 'altered');
  assert.equal(after.verdict, before.verdict);
  assert.deepEqual(
    after.differences.map((difference) => [difference.field, difference.label]),
    [
      ['recipient_name', 'Recipient name'],
      ['certificate_number', 'Certificate number'],
      ['seal', 'Seal'],
    ],
  );
  assert.equal(before.differences[2]!.label, 'Region 3 of the page');
});

Deno.test('a number registered unsure (light on a dark band) is compared by its identifiers alone', () => {
  const numberOnBand = registered('TLC-2025-001088', null, 0.32, { x: 1141, y: 82, width: 188, height: 16 });
  const read = (copy: string, confidence: number, original: string, originalConfidence: number) =>
    decideOne({
      line: numberOnBand,
      score: 0,
      readAnyway: true,
      reads: reading(copy, confidence),
      originalReads: reading(original, originalConfidence),
    }).verdict;
  // One digit changed, read fairly on both sides: never authentic.
  assert.equal(read('TLC-2025-001888', 0.75, 'TLC-2025-001088', 0.83), 'unknown');
  assert.equal(read('TLC-2025-001888', 0.93, 'TLC-2025-001088', 0.92), 'altered');
  // A genuine copy: the same number, whatever OCR makes of a scribble beside it.
  assert.equal(read('TLC-2025-001088', 0.7, 'TLC-2025-001088', 0.8), 'authentic');
  // OCR's dashes are one hyphen, a doubled one too; the digits still count.
  assert.equal(read('TLC—-2025-001088', 0.87, 'TLC—2025-001088', 0.89), 'authentic');
  assert.equal(read('TLC-2025-001088', 0.87, 'TLC–2025-001088', 0.89), 'authentic');
  assert.equal(read('TLC—-2025-001888', 0.75, 'TLC—2025-001088', 0.83), 'unknown');
  // Seed 7 f-number-digit-screenshot-0001 (001088 -> 001080): the whole line read with a glyph too
  // many, its cells read the registered shape with another digit, both unsure: never authentic.
  const cells = (copy: string) => ({
    copy: [{ text: copy, confidence: 0.45 }],
    original: [{ text: 'TLC-2025-001088', confidence: 0.69 }],
  });
  const byCells = (copy: string) =>
    decideOne({
      line: numberOnBand,
      score: 0,
      readAnyway: true,
      reads: { text: 'TLC-2025-0010860', confidence: 0.49 },
      originalReads: { text: 'TLC-2025-001088', confidence: 0.72 },
      cells: cells(copy),
    }).verdict;
  assert.equal(byCells('TLC-2025-001080'), 'unknown');
  // Cells that keep no such shape leave the unsure whole reading as noise.
  assert.equal(byCells('TLC-2025-0010860'), 'authentic');
  const dateBesideScribble = { ...numberOnBand, text: '11.01.2019 ANA', confidence: 0.45 };
  const decision = decideOne(
    readOnBoth(dateBesideScribble, reading('11.01.2019 Baa', 0.65), reading('11.01.2019 ANIA', 0.53)),
  );
  assert.equal(decision.verdict, 'authentic', decision.reasons.join('; '));
});

Deno.test("a line the copy shows too small to read is judged by its picture, never by OCR's guess", () => {
  const small = LEGIBLE_LINE_HEIGHT - 1;
  // Unflagged and read alike: at that size a changed digit keeps its ink, so this is no match.
  const unflagged = decideOne({
    score: 0,
    readAnyway: true,
    copyLineHeight: small,
    reads: reading('Jane Doe', 0.97),
  });
  assert.equal(unflagged.verdict, 'unknown');
  assert.ok(unflagged.reasons.some((reason) => reason.includes('upload the original file')));
  // A sure different reading is no change either: OCR guesses at that size.
  const misread = decideOne({
    score: 0,
    readAnyway: true,
    copyLineHeight: small,
    reads: reading('Jone Dae', 0.95),
  });
  assert.equal(misread.verdict, 'unknown');
  // A glyph of different ink at the copy's scale is a change whatever OCR reads.
  const strong = decideOne({ score: 0.6, copyLineHeight: small, reads: null });
  assert.equal(strong.verdict, 'altered');
  // The same line shown large enough is read as before.
  const legible = decideOne({
    score: 0,
    readAnyway: true,
    copyLineHeight: LEGIBLE_LINE_HEIGHT,
    reads: reading('Jane Doe', 0.97),
  });
  assert.equal(legible.verdict, 'authentic');
});

Deno.test(
  'a line in doubt read cell by cell alike on both pages is the same; a cell read otherwise is not',
  () => {
    // Accuracy run 9, g-webp-0004 (a badge's white-on-band number beside its heading): whole, the
    // original read "FSB-2624-001680" and the copy "FSB-2024-001080"; by cells both read the number
    // "No. FSB-2024-001080" (0.81 and 0.77).
    const numberLine = registered(
      'Certificate of Completion No. FSB-2024-001680',
      'certificate_number',
      0.86,
      { x: 71, y: 73, width: 1258, height: 32 },
    );
    const originalText = 'Certificate of Completion No. FSB-2624-001680';
    const doubt = readOnBoth(
      numberLine,
      reading('Certificate of Completion No. FSB-2024-001080', 0.92),
      reading(originalText, 0.84),
    );
    assert.equal(decideOne(doubt).verdict, 'unknown');
    const cells = (copy: [string, number][], original: [string, number][]) => ({
      copy: copy.map(([text, confidence]) => reading(text, confidence)),
      original: original.map(([text, confidence]) => reading(text, confidence)),
    });
    const alike = cells(
      [
        ['Certificate of Completion', 0.96],
        ['No. FSB-2024-001080', 0.77],
      ],
      [
        ['Certificate of Completion', 0.97],
        ['No. FSB-2024-001080', 0.81],
      ],
    );
    assert.equal(decideOne({ ...doubt, cells: alike }).verdict, 'authentic');
    // Read alike only faintly, or one cell read on one page only: still doubt.
    const faint = cells([['No. FSB-2024-001080', 0.5]], [['No. FSB-2024-001080', 0.81]]);
    assert.equal(decideOne({ ...doubt, cells: faint }).verdict, 'unknown');
    const oneSide = cells(
      [
        ['No. FSB-2024-001080', 0.9],
        ['', 0],
      ],
      [
        ['No. FSB-2024-001080', 0.9],
        ['A+', 0.96],
      ],
    );
    assert.equal(decideOne({ ...doubt, cells: oneSide }).verdict, 'unknown');
    // Cells never clear a mark gone or added, nor a strong tile.
    assert.equal(decideOne({ ...doubt, cells: alike, unmatchedMarks: 1 }).verdict, 'unknown');
    // A flagged line's cells clear it only read confidently and whole.
    const flagged = {
      ...doubt,
      readAnyway: false,
      score: 0.1,
      originalReads: reading(originalText, 0.7),
    };
    assert.equal(decideOne({ ...flagged, cells: alike }).verdict, 'unknown');
    // f-number-digit-digital-0001 (AWU-2018-000118 -> 000418): the cell read surely otherwise on both
    // pages is a change, named.
    const forged = decideOne({
      line: {
        ...numberLine,
        box: { x: 125, y: 507, width: 170, height: 15 },
        text: 'AWU-2018-000118',
        confidence: 0.76,
      },
      score: 0.125,
      unmatchedMarks: 0,
      reads: reading('AWU-2018-000418', 0.91),
      originalReads: reading('AWU-2018-000118', 0.77),
      cells: cells([['AWU-2018-000418', 0.92]], [['AWU-2018-000118', 0.93]]),
    });
    assert.equal(forged.verdict, 'altered');
    assert.equal(forged.differences[0]!.field, 'certificate_number');
  },
);

Deno.test(
  'cells: a sure other reading of one cell is different; look-alikes and doubt are no evidence',
  () => {
    assert.equal(
      judgeCells(
        {
          copy: [reading('Human Anatomy', 0.96), reading('A-', 0.95)],
          original: [reading('Human Anatomy', 0.96), reading('A+', 0.96)],
        },
        READ_DOUBT,
      ),
      'different',
    );
    assert.equal(
      judgeCells({ copy: [reading('10', 0.95)], original: [reading('1O', 0.95)] }, READ_DOUBT),
      null,
    );
    assert.equal(
      judgeCells({ copy: [reading('7.3', 0.75)], original: [reading('7.5', 0.96)] }, READ_DOUBT),
      null,
    );
    assert.equal(judgeCells({ copy: [silent], original: [silent] }, READ_DOUBT), null);
    assert.equal(
      judgeCells({ copy: [reading('| 15', 0.7)], original: [reading('15', 0.9)] }, READ_DOUBT),
      'same',
    );
    assert.equal(judgeCells({ copy: [reading('15', 0.7)], original: [reading('15', 0.9)] }, 0.8), null);
  },
);

Deno.test('a cell read otherwise at one scale only is judged by its reading at the other', () => {
  // Default seed, g-rotate-0003 (rotated 1.07 deg): the cell "7.5" read "1.3" (0.81) on the copy
  // enlarged 2.67 times, "7.5" (0.97) at 3/4 of that scale; the original "7.5" at both.
  const first = {
    copy: [reading('Operating Systems', 0.96), reading('1.3', 0.81)],
    original: [reading('Operating Systems', 0.96), reading('7.5', 0.96)],
  };
  assert.equal(judgeCells(first, READ_DOUBT), null);
  const again = (copy: string, confidence: number) => ({
    ...first,
    again: [{ index: 1, copy: reading(copy, confidence), original: reading('7.5', 0.96) }],
  });
  assert.equal(judgeCells(again('7.5', 0.97), READ_DOUBT), 'same');
  // Read otherwise surely at the other scale: a change (a forged 7.5 -> 1.5).
  assert.equal(judgeCells(again('1.5', 0.95), READ_DOUBT), 'different');
  // Read otherwise unsurely, or as nothing, at both scales: still no evidence.
  assert.equal(judgeCells(again('1.5', 0.7), READ_DOUBT), null);
  assert.equal(judgeCells(again('', 0), READ_DOUBT), null);
  // A flagged line's cells need a confident reading at the other scale too.
  assert.equal(judgeCells(again('7.5', 0.7), 0.8), null);
});

Deno.test(
  'a cell the original reads and the copy reads as nothing leaves a dropped-glyph reading in doubt',
  () => {
    // Seed 11 f-grade-sign-screenshot-0000 (C+ -> C-): the row read whole dropped the grade on both
    // pages ("Academic Writing" / "Academic Writing C+"), which counts as OCR dropping glyphs; its
    // cells read "C+" on the original (0.96) and nothing on the copy. It was accepted.
    const row = registered('Academic Writing 5 c+', null, 0.88, { x: 78, y: 554, width: 739, height: 17 });
    const evidence = readOnBoth(row, reading('Academic Writing', 0.96), reading('Academic Writing C+', 0.96));
    assert.equal(decideOne(evidence).verdict, 'authentic');
    const cells = {
      copy: [reading('Academic Writing', 0.96), silent, silent],
      original: [reading('Academic Writing', 0.97), silent, reading('C+', 0.96)],
    };
    assert.equal(decideOne({ ...evidence, cells }).verdict, 'unknown');
    assert.equal(judgeCells(cells, READ_DOUBT), 'uncertain');
  },
);

Deno.test('a line whose ink agrees is never altered on a reading that only lacks glyphs', () => {
  // Default seed, g-screenshot-0003: a transcript row read " 15" (0.96) where the original read
  // alike reads the whole row; its cells read "Ce" (0.81) for "C+" (0.97).
  const row = registered('Cryptography 15 C+', null, 0.87, { x: 78, y: 593, width: 739, height: 25 });
  const partial = readOnBoth(row, reading(' 15', 0.96), reading('Cryptography 15 C+ ', 0.95));
  assert.equal(decideOne(partial).verdict, 'unknown');
  // Another glyph read surely on both sides is still a change.
  assert.equal(decideOne({ ...partial, reads: reading('Cryptography 15 B+', 0.96) }).verdict, 'altered');
});

Deno.test(
  'a line whose ink agrees, read otherwise whole, is doubt when its own cells do not confirm it',
  () => {
    // Seed 11, g-crop-0003: "Human Anatomy 7.5 A-" read whole "Human Anatomy 1.5" (0.90), the original
    // "Human Anatomy 7.5" (0.96); by cells the copy read "71.5" (0.70) and the original "7.5" (0.96).
    const row = registered('Human Anatomy 7.5 A-', null, 0.95, { x: 79, y: 640, width: 736, height: 16 });
    const whole = readOnBoth(row, reading('Human Anatomy 1.5', 0.9), reading('Human Anatomy 7.5', 0.96));
    const cells = (copy: string, confidence: number) => ({
      copy: [reading('Human Anatomy', 0.96), reading(copy, confidence), silent],
      original: [reading('Human Anatomy', 0.96), reading('7.5', 0.96), silent],
    });
    assert.equal(decideOne({ ...whole, cells: cells('71.5', 0.7) }).verdict, 'unknown');
    // Read alike whole and by cells on the copy, a cell under READ_SURE on one page, it stays a change
    // (default seed, f-grade-character-scan-0000's forged "3.5/4.0", the original's cell at 0.87).
    assert.equal(decideOne({ ...whole, cells: cells('1.5', 0.85) }).verdict, 'altered');
    // Confirmed cell by cell, surely on both pages, it is a change.
    assert.equal(decideOne({ ...whole, cells: cells('1.5', 0.95) }).verdict, 'altered');
    // A mark gone or added is ink evidence: the sure reading stands.
    assert.equal(decideOne({ ...whole, cells: cells('71.5', 0.7), unmatchedMarks: 1 }).verdict, 'altered');
    // Cells read as nothing on both pages contradict nothing: full corpus
    // `f-name-letter-digital-0063`, "Inés Peña" forged to "Paña", read "Inés Pana" (0.93) against the
    // original's "Inés Pena" (0.94), its seven cells read as nothing on both pages.
    const name = registered('Inés Pena', 'recipient_name', 0.58, { x: 73, y: 321, width: 121, height: 19 });
    const forged = readOnBoth(name, reading('Inés Pana', 0.93), reading('Inés Pena', 0.94));
    const silentCells = { copy: [silent, silent, silent], original: [silent, silent, silent] };
    assert.equal(decideOne({ ...forged, cells: silentCells }).verdict, 'altered');
    // The copy's cells alone read as nothing, the original's read: the whole reading rests alone.
    const copySilent = {
      copy: [silent, silent],
      original: [reading('Inés', 0.95), reading('Pena', 0.94)],
    };
    assert.equal(decideOne({ ...forged, cells: copySilent }).verdict, 'unknown');
  },
);

Deno.test('ink OCR reads as no text on the original is judged by its tiles, from TEXT_FLAG', () => {
  // Default seed, g-rotate-0004 (badge rotated 4.89 degrees): a signature's scribble registered as
  // the line "NAS" (0.31), read as nothing on both pages, flagged at 0.038 under the lowered flag.
  const scribble = registered('NAS', null, 0.31, { x: 965, y: 695, width: 212, height: 48 });
  const signature = {
    line: scribble,
    score: 0.038,
    unmatchedMarks: 0,
    reads: silent,
    originalReads: silent,
  };
  assert.equal(decideOne(signature).verdict, 'authentic');
  // From the flag unread ink is held to, or with other text read on the copy, it stays in doubt.
  assert.equal(decideOne({ ...signature, score: TEXT_FLAG }).verdict, 'unknown');
  assert.equal(decideOne({ ...signature, reads: reading('NAS', 0.7) }).verdict, 'unknown');
  assert.equal(decideOne({ ...signature, unmatchedMarks: 1 }).verdict, 'unknown');
  // A line with digits or signs, or a named one, keeps the lowered flag whatever OCR made of it.
  assert.equal(decideOne({ ...signature, line: { ...scribble, text: 'N4S' } }).verdict, 'unknown');
  assert.equal(
    decideOne({ ...signature, line: { ...scribble, field: 'recipient_name' } }).verdict,
    'unknown',
  );

  // g-screenshot-0000 (classic template in a viewer at 57 %): page OCR joined the label "Date of
  // issue" and the signature beside it into one line (0.67); flagged at 0.041 over the signature.
  const joined = registered('Date of issue Q IaVAVAVAAN', null, 0.67, {
    x: 99,
    y: 738,
    width: 1194,
    height: 56,
  });
  const cells = {
    copy: [
      reading('Date of issue 22 April 20', 0.96),
      reading('', 0.95),
      reading('ANN A ——— Dr: Seren Lund', 0.58),
    ],
    original: [
      reading('Date of issue 22 April 20', 0.96),
      reading('', 0.95),
      reading('ISAVAVRAN IEE—— Dr. Seren Lund', 0.56),
    ],
  };
  const beside = {
    line: joined,
    score: 0.041,
    unmatchedMarks: 0,
    reads: reading('Date of issue  29 Anil 2024', 0.72),
    originalReads: reading('Date of issue 27 Anril 2024', 0.84),
    cells,
  };
  assert.equal(decideOne(beside).verdict, 'authentic');
  // Its text cell read otherwise, or unsure, on the copy; or the scribble's cell read as text there.
  const copyCells = (first: Reading, last = cells.copy[2]!) => ({
    ...cells,
    copy: [first, cells.copy[1]!, last],
  });
  assert.equal(
    decideOne({ ...beside, cells: copyCells(reading('Date of issue 27 April 20', 0.96)) }).verdict,
    'altered',
  );
  assert.equal(
    decideOne({ ...beside, cells: copyCells(reading('Date of issue 22 April 20', 0.7)) }).verdict,
    'unknown',
  );
  assert.equal(
    decideOne({
      ...beside,
      cells: copyCells(cells.copy[0]!, reading('Dr. Soren Lind', 0.8)),
    }).verdict,
    'unknown',
  );
  assert.equal(decideOne({ ...beside, score: 0.06 }).verdict, 'unknown');
});

Deno.test(
  "ink OCR reads as no text in the flow of the page's text is never cleared by its tiles alone",
  () => {
    // Seed 11 f-name-letter-digital-0002 (diploma, JPEG q92): the recipient's script name Ağa -> Ağu,
    // registered unnamed as "Liga EDvotdte" (0.16), read as no text on both pages, flagged at 0.045.
    const diploma = [
      registered('Fabrikam School of Business', 'issuer', 0.95, { x: 290, y: 262, width: 410, height: 21 }),
      registered('hereby confers upon', null, 0.96, { x: 400, y: 353, width: 189, height: 18 }),
      registered('Liga EDvotdte', null, 0.16, { x: 366, y: 433, width: 263, height: 67 }),
      registered('Certificate of Completion', 'title', 0.96, { x: 266, y: 597, width: 458, height: 32 }),
      registered('Business English C1', null, 0.96, { x: 359, y: 710, width: 271, height: 23 }),
      registered('Valid until 04.02.2026', 'expiry_date', 0.94, { x: 408, y: 922, width: 173, height: 12 }),
      registered('A -', null, 0.41, { x: 105, y: 1147, width: 787, height: 15 }),
      registered('Dr. Amelia Stone Registrar', null, 0.93, { x: 136, y: 1177, width: 692, height: 14 }),
      registered('No. FSB-2023-000869', 'certificate_number', 0.92, {
        x: 411,
        y: 1261,
        width: 168,
        height: 12,
      }),
    ];
    const name = diploma[2]!;
    assert.equal(inTextFlow(name.box, diploma), true);
    const forged = {
      line: name,
      score: 0.045,
      unmatchedMarks: 0,
      reads: reading('(lgu Deicke', 0),
      originalReads: reading('(ja Dede', 0.18),
      cells: { copy: [reading('(lgu Deicke', 0)], original: [reading('(ja Dede', 0.18)] },
      inTextFlow: inTextFlow(name.box, diploma),
    };
    assert.equal(decideOne(forged).verdict, 'unknown');
    // Default seed, the signatures registered as lines stand apart from the text above them: a modern
    // template's "MNNANNA~" 3 of its heights under "Valid until", a badge's "NAS" beside the labels.
    const modern = [
      registered('Final grade', 'grade', 0.91, { x: 492, y: 457, width: 82, height: 15 }),
      registered('Valid until 17.05.2022', 'issue_date', 0.96, { x: 491, y: 577, width: 159, height: 11 }),
      registered('MNNANNA~', null, 0, { x: 489, y: 703, width: 212, height: 38 }),
      registered('LLL LL', null, 0.29, { x: 520, y: 745, width: 181, height: 21 }),
      registered('Prof. Rafael Ortiz', null, 0.95, { x: 491, y: 773, width: 115, height: 11 }),
    ];
    assert.equal(inTextFlow(modern[2]!.box, modern), false);
    const badge = [
      registered('Name Omar Watanabe i“', null, 0.86, { x: 394, y: 228, width: 841, height: 62 }),
      registered('Issued by Fabrikam School of Business', 'issuer', 0.95, {
        x: 393,
        y: 630,
        width: 314,
        height: 18,
      }),
      registered('NAS', null, 0.31, { x: 965, y: 695, width: 212, height: 48 }),
      registered('sy', null, 0.24, { x: 977, y: 744, width: 200, height: 12 }),
      registered('Dr. Seren Lund', null, 0.96, { x: 1021, y: 772, width: 100, height: 12 }),
    ];
    assert.equal(inTextFlow(badge[2]!.box, badge), false);
    const signature = {
      line: badge[2]!,
      score: 0.038,
      unmatchedMarks: 0,
      reads: silent,
      originalReads: silent,
    };
    assert.equal(
      decideOne({ ...signature, inTextFlow: inTextFlow(badge[2]!.box, badge) }).verdict,
      'authentic',
    );
  },
);

Deno.test('a look-alike glyph read where the original read alike reads the registered text is doubt', () => {
  // Default seed f-name-letter-screenshot-0001 (José Silva -> José Sllva, a screenshot at 71 %): no
  // tile flagged; the copy read "José Sliva" (0.83), the original read alike "José Silva" (0.96).
  const name = registered('José Silva', 'recipient_name', 0.96, { x: 601, y: 258, width: 135, height: 28 });
  const evidence = readOnBoth(name, reading('José Sliva', 0.83), reading('José Silva', 0.96));
  assert.equal(decideOne(evidence).verdict, 'unknown');
  // The original read alike confusing the glyph too, or unsure, leaves the confusion to OCR.
  assert.equal(decideOne({ ...evidence, originalReads: reading('José Sliva', 0.96) }).verdict, 'authentic');
  assert.equal(decideOne({ ...evidence, originalReads: reading('José Silva', 0.7) }).verdict, 'authentic');
  assert.equal(decideOne({ ...evidence, reads: reading('José Silva', 0.83) }).verdict, 'authentic');
  // Read so again as the line's one cell (0.86), against the original's "José Silva" (0.96) twice:
  // the same reading every time is the forged letter, not OCR's confusion (readOtherwiseConsistently).
  const readTwice = decideOne({
    ...evidence,
    cells: {
      copy: [reading('José Sliva', 0.86)],
      original: [reading('José Silva', 0.96)],
    },
  });
  assert.equal(readTwice.verdict, 'altered');
  assert.deepEqual(
    readTwice.differences.map((difference) => difference.field),
    ['recipient_name'],
  );
});

Deno.test('a name or number read otherwise every time against an original read surely is a change', () => {
  // Default seed f-number-digit-scan-0000 (UMN-2021-000376 -> 000375, scanned): a flagged line of
  // name and number, the number's cell read alike at two scales on each page.
  const numberLine = registered('Ravi Ivanova UMN-2621-000376', 'certificate_number', 0.68, {
    x: 73,
    y: 322,
    width: 670,
    height: 18,
  });
  const scanned: Partial<RegionEvidence> = {
    line: numberLine,
    score: 0.057,
    unmatchedMarks: 0,
    reads: reading('Ravi Ivanova UMN-2021-000375', 0.85),
    originalReads: reading('Ravi Ivanova UMN-2021-000376', 0.76),
    cells: {
      copy: [reading('Ravi Ivanova', 0.78), reading('UMN-2021-000375', 0.87)],
      original: [reading('Ravi lvanova', 0.71), reading('UMN-2021-000376', 0.9)],
      again: [
        { index: 0, copy: reading('Ravi Ivanova', 0.83), original: reading('Ravi Ivanova', 0.77) },
        { index: 1, copy: reading('UMN-2021-000375', 0.89), original: reading('UMN-2021-000376', 0.91) },
      ],
    },
  };
  const altered = decideOne(scanned);
  assert.equal(altered.verdict, 'altered');
  assert.deepEqual(
    altered.differences.map((difference) => difference.field),
    ['certificate_number'],
  );
  const cells = scanned.cells!;
  const again = cells.again!;
  // The number's cell read `text` on one page, at the first scale and at the other.
  const numberCellReads = (side: 'copy' | 'original', text: string, first: number, other: number) => ({
    ...cells,
    [side]: [cells[side][0]!, reading(text, first)],
    again: [again[0]!, { ...again[1]!, [side]: reading(text, other) }],
  });
  // Read otherwise at the other scale: OCR's noise, not a glyph the copy shows.
  const flipped = { ...cells, again: [again[0]!, { ...again[1]!, copy: reading('UMN-2021-000376', 0.89) }] };
  assert.equal(decideOne({ ...scanned, cells: flipped }).verdict, 'unknown');
  // The original read alike never surely: doubt.
  const unsure = numberCellReads('original', 'UMN-2021-000376', 0.85, 0.85);
  assert.equal(decideOne({ ...scanned, cells: unsure }).verdict, 'unknown');
  // Never confidently read on the copy: doubt.
  const faint = numberCellReads('copy', 'UMN-2021-000375', 0.74, 0.7);
  assert.equal(decideOne({ ...scanned, cells: faint }).verdict, 'unknown');
  // More than two glyphs other, or another length: no forged glyph but OCR garbling the number.
  const garbled = numberCellReads('copy', 'UMN-2621-600375', 0.87, 0.89);
  assert.equal(decideOne({ ...scanned, cells: garbled }).verdict, 'unknown');
  // A grade row read so is left to the rules of grades (a genuine crop's "1.5" for "7.5").
  const gradeLine = { ...numberLine, text: 'Human Anatomy 7.5 B', field: 'grade' as const };
  const grade = decideOne({
    line: gradeLine,
    score: 0.057,
    unmatchedMarks: 0,
    reads: reading('Human Anatomy 1.5 B', 0.85),
    originalReads: reading('Human Anatomy 7.5 B', 0.76),
    cells: {
      copy: [reading('Human Anatomy', 0.95), reading('1.5 B', 0.87)],
      original: [reading('Human Anatomy', 0.95), reading('7.5 B', 0.9)],
      again: [{ index: 1, copy: reading('1.5 B', 0.89), original: reading('7.5 B', 0.91) }],
    },
  });
  assert.equal(grade.verdict, 'unknown');
  // Default seed f-number-digit-photo-0001 (TLC-2017-000716 -> 060716, photographed): a line of one
  // cell, read whole at 0.47, as its cell at 0.84 and at another scale at 0.78, all alike; the
  // original never surely (0.895, 0.88, 0.81) but every time as registration read it.
  const photo: Partial<RegionEvidence> = {
    line: { ...numberLine, text: 'TLC-2017-000716', confidence: 0.79 },
    score: 0,
    readAnyway: true,
    unmatchedMarks: 0,
    reads: reading('TLC-2017-060716', 0.47),
    originalReads: reading('TLC-2017-000716', 0.895),
    cells: {
      copy: [reading('TLC-2017-060716', 0.84)],
      original: [reading('TLC-2017-000716', 0.88)],
      again: [
        { index: 0, copy: reading('TLC-2017-060716', 0.78), original: reading('TLC-2017-000716', 0.81) },
      ],
    },
  };
  assert.equal(decideOne(photo).verdict, 'altered');
  // Registered otherwise (an OCR slip at registration), the original's half-sure readings are not enough.
  assert.equal(decideOne({ ...photo, line: { ...photo.line!, text: 'TLC-2017-000718' } }).verdict, 'unknown');
  // Default seed f-number-digit-screenshot-0000 (NWA-2016-000968 -> 000958, a viewer at 42 %): the
  // number's cell read "NWA-2016-000958" (0.87) and at the other scale "NVA -2016-000958" (0.00),
  // against the original's "NWA-2016-000968" (0.89, 0.90): the prefix is OCR's noise, the digit the
  // same every time.
  const screenshotLine = registered('Zofie Moreau NWA-2016-000968', 'certificate_number', 0.85, {
    x: 71,
    y: 318,
    width: 672,
    height: 22,
  });
  const screenshot: Partial<RegionEvidence> = {
    line: screenshotLine,
    score: 0,
    readAnyway: true,
    unmatchedMarks: 0,
    copyLineHeight: 12.4,
    reads: reading('Zofie Moreau NWA -2016-000958', 0.6),
    originalReads: reading('Zofie Moreau NWA-2016-000968', 0.91),
    cells: {
      copy: [reading('Zofie Moreau', 0.94), reading('NWA-2016-000958', 0.87)],
      original: [reading('Zofie Moreau', 0.94), reading('NWA-2016-000968', 0.89)],
      again: [{ index: 1, copy: reading('NVA -2016-000958', 0), original: reading('NWA-2016-000968', 0.9) }],
    },
  };
  const digit = decideOne(screenshot);
  assert.equal(digit.verdict, 'altered');
  assert.deepEqual(
    digit.differences.map((difference) => difference.field),
    ['certificate_number'],
  );
  // The digits read otherwise at the other scale too: noise, doubt.
  const noisy = {
    ...screenshot.cells!,
    again: [{ index: 1, copy: reading('NVA -2016-000968', 0), original: reading('NWA-2016-000968', 0.9) }],
  };
  assert.equal(decideOne({ ...screenshot, cells: noisy }).verdict, 'unknown');
});

Deno.test(
  'a number digit read otherwise at its place every time is a change, whatever OCR does to the other digits',
  () => {
    // Default seed f-number-digit-screenshot-0001 (a badge's FSB-2024-001080 -> 801080, light print on
    // its dark band, a viewer at 71 %): registration and the original's every reading flip 0 and 6
    // elsewhere, the forged first digit reads "8" every time on the copy and "0" every time on the original.
    const badgeLine = registered(
      'Certificate of Completion No. FSB-2024-001680',
      'certificate_number',
      0.86,
      {
        x: 71,
        y: 73,
        width: 1258,
        height: 32,
      },
    );
    const badge: Partial<RegionEvidence> = {
      line: badgeLine,
      score: 0,
      readAnyway: true,
      unmatchedMarks: 0,
      copyLineHeight: 28.8,
      reads: reading('Certificate of Completion No. FSB-2024-801080', 0.9),
      originalReads: reading('Certificate of Completion No. FSB-2624-001680', 0.84),
      cells: {
        copy: [reading('Certificate of Completion', 0.96), reading('No. FSB-2024-801680', 0.73)],
        original: [reading('Certificate of Completion', 0.97), reading('No. FSB-2024-001080', 0.81)],
        again: [
          {
            index: 1,
            copy: reading('No. FSB-2024-801680', 0.69),
            original: reading('No. FSB-2024-001680', 0.68),
          },
        ],
      },
    };
    const altered = decideOne(badge);
    assert.equal(altered.verdict, 'altered');
    assert.deepEqual(
      altered.differences.map((difference) => difference.field),
      ['certificate_number'],
    );
    const cells = badge.cells!;
    // One reading of the copy with the registered digit there: OCR's noise may be either, doubt.
    const once = { ...cells, copy: [cells.copy[0]!, reading('No. FSB-2024-001680', 0.73)] };
    assert.equal(decideOne({ ...badge, cells: once }).verdict, 'unknown');
    // One reading of the original with the copy's digit there: the glyph reads either way.
    const either = reading('Certificate of Completion No. FSB-2624-801680', 0.84);
    assert.equal(decideOne({ ...badge, originalReads: either }).verdict, 'unknown');
    // Never surely read on the copy: doubt.
    assert.equal(
      decideOne({ ...badge, reads: reading('Certificate of Completion No. FSB-2024-801080', 0.88) }).verdict,
      'unknown',
    );
    // A reading of the copy that loses the number's shape: OCR garbles it, no place to compare.
    assert.equal(
      decideOne({ ...badge, reads: reading('Certificate of Completion No. FSB-2024-8010800', 0.9) }).verdict,
      'unknown',
    );
    // Not a number: a date read so is left to its own rules.
    assert.equal(decideOne({ ...badge, line: { ...badgeLine, field: 'issue_date' } }).verdict, 'unknown');
  },
);

Deno.test(
  'a date read in the cells that fit beside a scribble past the budget: a change stands, an agreement clears nothing',
  () => {
    // Default seed f-date-digit-screenshot-0002 (24.09.2016 -> 21.09.2016, a viewer at 55 %): the date
    // registered unnamed and unsure, joined to the signature's scribble; the scribble's cell is past
    // OCR's pixel budget, the date's cell is read on both pages.
    const dateLine = registered('24.09.2016 ~NAMNN', null, 0.46, { x: 141, y: 1103, width: 757, height: 62 });
    const joined: Partial<RegionEvidence> = {
      line: dateLine,
      score: 0.045,
      unmatchedMarks: 0,
      copyLineHeight: 48.9,
      reads: reading('21.09.2016 EAVAVAAN', 0.35),
      originalReads: reading('24.09.2016 ~NAMNN', 0.31),
      cells: {
        copy: [reading('21.09.2016 Date', 0.96)],
        original: [reading('24.09.2016 Date', 0.97)],
        partial: true,
      },
    };
    assert.equal(decideOne(joined).verdict, 'altered');
    // The date's cell read alike: the scribble's cell was compared by no reading, so the line stays doubt.
    const alike = { copy: [reading('24.09.2016 Date', 0.96)], original: [reading('24.09.2016 Date', 0.97)] };
    assert.equal(decideOne({ ...joined, cells: { ...alike, partial: true } }).verdict, 'unknown');
    // Every cell read (none left out), the same agreement clears the line as before.
    assert.equal(decideOne({ ...joined, cells: alike }).verdict, 'authentic');
    // The caption under the date caught at the crop's edge on one page only is no change of the date
    // (a photo's cell read "24.09.2016" at 0.97, the original's "24.09.2016 Date" at 0.97).
    const edge = { copy: [reading('24.09.2016', 0.97)], original: [reading('24.09.2016 Date', 0.97)] };
    assert.equal(decideOne({ ...joined, cells: { ...edge, partial: true } }).verdict, 'unknown');
    // A forged digit beside a word one page alone read is still a change.
    const forgedBesideEdge = {
      copy: [reading('21.09.2016', 0.97)],
      original: [reading('24.09.2016 Date', 0.97)],
    };
    assert.equal(decideOne({ ...joined, cells: { ...forgedBesideEdge, partial: true } }).verdict, 'altered');
  },
);

Deno.test('a changed line no field names is labelled by its place on the page, never by its words', () => {
  const motto = registered('Honours awarded to Jane Doe', null, 0.95, {
    x: 100,
    y: 600,
    width: 500,
    height: 30,
  });
  const changed = decideOne({
    line: motto,
    lineNumber: 7,
    box: motto.box,
    score: 0.6,
    reads: reading('Honours awarded to John Roe', 0.95),
  });
  assert.equal(changed.verdict, 'altered');
  assert.equal(changed.differences[0]!.label, 'Text line 7');
  // The registered words go only where the api may withhold them.
  assert.equal(changed.differences[0]!.registered, 'Honours awarded to Jane Doe');
  assert.doesNotMatch(JSON.stringify(changed.reasons), /Jane/);
  // An unknown answer's reasons name the regions in doubt the same way.
  const doubtful = decideOne({ line: motto, lineNumber: 7, box: motto.box, score: 0.1, reads: silent });
  assert.equal(doubtful.verdict, 'unknown');
  assert.match(doubtful.reasons.join(' '), /could not be compared with certainty: Text line 7/);
  assert.doesNotMatch(JSON.stringify(doubtful), /Jane/);
});

Deno.test(
  'a line read whole among the lines a tall box cut into its crop is the same; a sign more is not',
  () => {
    // Registration joined a seal to the number line ("[)"), so its box and crop take in the lines
    // above and below; every tile alike.
    const numberLine = registered('Certificate No: E2E-V2-534CF0O [)', 'certificate_number', 0.64, {
      x: 113,
      y: 651,
      width: 632,
      height: 98,
    });
    const threeLines = reading(
      'Date of issue: 2026-11-25 Certificate No: E2E-V2-534CF0O Issued by Northwind Academy',
      0.91,
    );
    const aloneReread = reading(
      'Date of issue: 2026-11-25 Certificate No: E2E-V2-534CFO Issued by Northwind Academy',
      0.9,
    );
    assert.equal(decideOne(readOnBoth(numberLine, threeLines, aloneReread)).verdict, 'authentic');
    // The registered words must be read whole and in order: another digit, or a sign added, is not them.
    const otherDigit = reading('Date of issue: 2026-11-25 Certificate No: E2E-V2-534CF8O Issued by', 0.91);
    assert.notEqual(decideOne(readOnBoth(numberLine, otherDigit, aloneReread)).verdict, 'authentic');
    const gradeLine = registered('Grade: A', 'grade', 0.96, { x: 100, y: 400, width: 200, height: 30 });
    const signAdded = reading('Course: Law Grade: A+ Date 2020', 0.95);
    assert.notEqual(
      decideOne(readOnBoth(gradeLine, signAdded, reading('Grade: A', 0.95))).verdict,
      'authentic',
    );
  },
);

Deno.test(
  'a date line read with a signature between its registered words is the same; another digit is not',
  () => {
    // Seed 11, g-screenshot-0000: registration joined the issue date to the signature beside it and the
    // signatory's name past that; every tile alike, the scribble read as words of its own.
    const dateLine = registered('27.12.2024 Dr. Helen Park', 'issue_date', 0.96, {
      x: 99,
      y: 803,
      width: 1122,
      height: 20,
    });
    const original = reading('319 - 27.12.2024 Dr. Helen Park', 0.81);
    const scribbleBetween = reading(' 27.12.2024 at B vi Dr. Helen Park', 0.69);
    assert.equal(decideOne(readOnBoth(dateLine, scribbleBetween, original)).verdict, 'authentic');
    const otherDigit = reading(' 27.12.2025 at B vi Dr. Helen Park', 0.69);
    assert.notEqual(decideOne(readOnBoth(dateLine, otherDigit, original)).verdict, 'authentic');
    // The registered words in another order are no reading of the line.
    const reordered = reading('Dr. Helen Park at B vi 27.12.2024', 0.69);
    assert.notEqual(decideOne(readOnBoth(dateLine, reordered, original)).verdict, 'authentic');
  },
);

Deno.test('a weakly flagged line read with a comma for a point is the same; another digit is not', () => {
  // Seed 11, g-screenshot-0000: the number line flagged at 0.046 read "No," (0.90), the original read
  // alike "No." (0.93). It was answered altered.
  const number = registered('Certificate No. FSB-2024-000088', 'certificate_number', 0.9, {
    x: 99,
    y: 886,
    width: 212,
    height: 10,
  });
  const flagged = {
    line: number,
    score: 0.046,
    unmatchedMarks: 0,
    originalReads: reading('Certificate No. FSB-2024-000088', 0.93),
  };
  assert.equal(
    decideOne({ ...flagged, reads: reading('Certificate No, FSB-2024-000088', 0.9) }).verdict,
    'authentic',
  );
  assert.equal(
    decideOne({ ...flagged, reads: reading('Certificate No. FSB-2024-000089', 0.93) }).verdict,
    'altered',
  );
});

Deno.test('a flagged line OCR drops glyphs of on both pages is doubt, unless its cells say more', () => {
  // Seed 7, g-scan-0003: a transcript row flagged at 0.235 read "Microeconomics 15" (0.97), the
  // original read alike "Microeconomics" (0.95); the one-letter grade "C-" on neither. Answered altered.
  const row = registered('Microeconomics 15 C-', null, 0.84, { x: 79, y: 762, width: 736, height: 26 });
  const dropped = {
    line: row,
    score: 0.235,
    unmatchedMarks: 0,
    reads: reading('Microeconomics 15', 0.97),
    originalReads: reading('Microeconomics', 0.95),
  };
  assert.equal(decideOne(dropped).verdict, 'unknown');
  assert.equal(
    decideOne({ ...dropped, originalReads: reading('Microeconomics 15', 0.96) }).verdict,
    'unknown',
  );
  // The grade's cell read surely otherwise on both pages: a change (a forged "C-" -> "C").
  const cells = {
    copy: [reading('Microeconomics', 0.96), reading('15', 0.97), reading('C', 0.93)],
    original: [reading('Microeconomics', 0.96), reading('15', 0.97), reading('C-', 0.95)],
  };
  assert.equal(decideOne({ ...dropped, cells }).verdict, 'altered');
  // Where the original read alike reads glyphs the copy's reading lacks, the copy's lack is a change,
  // though both lack others (seed 11 f-grade-sign-screenshot-0000, C+ -> C-).
  assert.equal(
    decideOne({
      ...dropped,
      reads: reading('Microeconomics', 0.97),
      originalReads: reading('Microeconomics C-', 0.96),
    }).verdict,
    'altered',
  );
  // Where the original read alike reads the whole line, the copy's lack is a change (a sign removed).
  assert.equal(
    decideOne({
      ...dropped,
      reads: reading('Microeconomics 15 C', 0.95),
      originalReads: reading('Microeconomics 15 C-', 0.96),
    }).verdict,
    'altered',
  );
});

Deno.test(
  "a flagged row's value read surely otherwise in its cell, the original's cell silent, is a change",
  () => {
    // Seed 11, f-grade-sign-photo-0000: "Microeconomics 5 B-" (registered 0.94) forged to "B+", flagged at
    // 0.072; the copy's grade cell read "B+" (0.97), the original's cell read alike nothing.
    const row = registered('Microeconomics 5 B-', null, 0.94, { x: 79, y: 636, width: 736, height: 26 });
    const forged = {
      line: row,
      score: 0.072,
      unmatchedMarks: 0,
      reads: reading('Microeconomics ', 0.96),
      originalReads: reading('Microeconomics | ', 0.94),
      cells: {
        copy: [reading('Microeconomics', 0.96), silent, reading('B+', 0.97)],
        original: [reading('Microeconomics', 0.95), silent, silent],
      },
    };
    assert.equal(decideOne(forged).verdict, 'altered');
    const withCell = (text: string, confidence: number) => ({
      ...forged,
      cells: { ...forged.cells, copy: [forged.cells.copy[0]!, silent, reading(text, confidence)] },
    });
    // A look-alike glyph, the registered value, a half-sure reading, or a row registered unsure: doubt.
    assert.equal(decideOne(withCell('8-', 0.97)).verdict, 'unknown');
    assert.equal(decideOne(withCell('B-', 0.97)).verdict, 'unknown');
    assert.equal(decideOne(withCell('B+', 0.85)).verdict, 'unknown');
    assert.equal(decideOne({ ...forged, line: { ...row, confidence: 0.85 } }).verdict, 'unknown');
    // Words are not values: a letter read otherwise in one is OCR's.
    assert.equal(
      decideOne({
        ...forged,
        cells: {
          copy: [reading('Microecanomics', 0.95), silent, silent],
          original: [silent, silent, silent],
        },
      }).verdict,
      'unknown',
    );
  },
);

Deno.test('a weakly flagged line read otherwise whole, alike by cells that hold all of it, is doubt', () => {
  // Seed 7, g-scan-0004: "Result 3.3/4.0" flagged at 0.20 read "3.3/4.0" whole (0.91), the original
  // "Result 3.3/4.0" (0.96); by cells "Result" and "3.3/4.0" on both pages (the copy's 0.96, 0.71).
  const grade = registered('Result 3.3/4.0', 'grade', 0.93, { x: 394, y: 392, width: 300, height: 30 });
  const cells = (copy: string) => ({
    copy: [reading('Result', 0.96), reading(copy, 0.71)],
    original: [reading('Result', 0.95), reading('3.3/4.0', 0.96)],
  });
  const whole = {
    line: grade,
    score: 0.2,
    unmatchedMarks: 0,
    reads: reading('3.3/4.0', 0.91),
    originalReads: reading('Result 3.3/4.0', 0.96),
  };
  assert.equal(decideOne({ ...whole, cells: cells('3.3/4.0') }).verdict, 'unknown');
  // Without the cells, or with a cell read otherwise, or with a strong tile, it stays a change.
  assert.equal(decideOne(whole).verdict, 'altered');
  assert.equal(decideOne({ ...whole, cells: cells('3.8/4.0') }).verdict, 'altered');
  assert.equal(decideOne({ ...whole, score: 0.35, cells: cells('3.3/4.0') }).verdict, 'altered');
});

Deno.test('ink with no reading whose tones agree on both pages is doubt, never a change', () => {
  // Seed 7 g-scan-0004: a seal's lower edge among a dot pattern, ink unread by OCR, scored 0.48.
  const unreadInk = registered('', null, 0, { x: 97, y: 672, width: 495, height: 91 });
  const seal = { line: unreadInk, score: 0.48, unmatchedMarks: 0, reads: reading('he wining als oF', 0.4) };
  assert.equal(decideOne(seal).verdict, 'altered');
  assert.equal(decideOne({ ...seal, tonesAlike: true }).verdict, 'unknown');
  // Graphics off every line alike.
  assert.equal(decideOne({ line: null, score: 0.48 }).verdict, 'altered');
  assert.equal(decideOne({ line: null, score: 0.48, tonesAlike: true }).verdict, 'unknown');
  // A grade OCR registered (one letter and a sign, seed 11 f-grade-sign-scan-0002: A+ -> A-, 0.80, read
  // as nothing on both pages) stays a change whatever its tones.
  const sign = registered('A+', null, 0.97, { x: 497, y: 503, width: 38, height: 19 });
  assert.equal(
    decideOne({
      line: sign,
      score: 0.8,
      tonesAlike: true,
      unmatchedMarks: 1,
      reads: silent,
      originalReads: silent,
    }).verdict,
    'altered',
  );
  // A line that reads as text is judged by its reading, whatever its tones.
  const row = registered('Microeconomics 15 C-', null, 0.95, { x: 79, y: 762, width: 736, height: 26 });
  assert.equal(
    decideOne({
      line: row,
      score: 0.48,
      tonesAlike: true,
      unmatchedMarks: 0,
      reads: reading('Microeconomics 15 C+', 0.96),
      originalReads: reading('Microeconomics 15 C-', 0.96),
    }).verdict,
    'altered',
  );
});

Deno.test('an unnamed row whose ink agrees, read otherwise by one letter inside a word, is doubt', () => {
  // Seed 7, g-screenshot-0003: the unflagged row "Cryptography 7.5 C" read "Cryplography 7.5" whole
  // (0.92), the original "Cryptography T" (0.91); by cells "Cryplography" (0.90) against
  // "Cryptography" (0.97), "7.5" on both, the grade cell nothing on both.
  const row = registered('Cryptography 7.5 C', null, 0.83, { x: 78, y: 593, width: 729, height: 29 });
  const cells = (word: string, grade: string) => ({
    copy: [reading(word, 0.9), reading('7.5', 0.96), reading(grade, grade ? 0.95 : 0)],
    original: [reading('Cryptography', 0.97), reading('7.5', 0.97), reading('', 0)],
  });
  const read = {
    line: row,
    score: 0,
    readAnyway: true,
    unmatchedMarks: 0,
    reads: reading('Cryplography 7.5', 0.92),
    originalReads: reading('Cryptography T', 0.91),
  };
  assert.equal(decideOne({ ...read, cells: cells('Cryplography', '') }).verdict, 'unknown');
  // A mark gone, a field's line, a short word or a value read otherwise stays a change.
  assert.equal(
    decideOne({ ...read, unmatchedMarks: 1, cells: cells('Cryplography', '') }).verdict,
    'altered',
  );
  const named = { ...row, field: 'recipient_name' as const };
  assert.equal(decideOne({ ...read, line: named, cells: cells('Cryplography', '') }).verdict, 'altered');
  assert.equal(decideOne({ ...read, cells: cells('Cryplography', 'B') }).verdict, 'altered');
  assert.equal(decideOne({ ...read, cells: cells('Cryptology', '') }).verdict, 'altered');
});

Deno.test("a value's line whose ink agrees, its label read otherwise by one letter, is doubt", () => {
  // Seed 7 g-screenshot-0002 (genuine, 43 %): "Grade: 83%" read "Crade: 83%" (0.93) whole and in its
  // one cell, the original "Grade: 83%" (0.97), every tile alike.
  const grade = registered('Grade: 83%', 'grade', 0.96, { x: 421, y: 783, width: 130, height: 16 });
  const read = readOnBoth(grade, reading('Crade: 83%', 0.93), reading('Grade: 83%', 0.97));
  const cells = (copy: string) => ({ copy: [reading(copy, 0.93)], original: [reading('Grade: 83%', 0.97)] });
  assert.equal(decideOne({ ...read, cells: cells('Crade: 83%') }).verdict, 'unknown');
  // The value read otherwise stays a change; so does a name's letter.
  const forged = readOnBoth(grade, reading('Grade: 88%', 0.93), reading('Grade: 83%', 0.97));
  assert.equal(decideOne({ ...forged, cells: cells('Grade: 88%') }).verdict, 'altered');
  const name = registered('Grace Nguyen', 'recipient_name', 0.96, { x: 421, y: 383, width: 230, height: 40 });
  const renamed = readOnBoth(name, reading('Grace Nguyan', 0.93), reading('Grace Nguyen', 0.97));
  const nameCells = { copy: [reading('Grace Nguyan', 0.93)], original: [reading('Grace Nguyen', 0.97)] };
  assert.equal(decideOne({ ...renamed, cells: nameCells }).verdict, 'altered');
  // A month after its day is the value, not the label: "8 Juni 2029" -> "8 Juli 2029" stays a change.
  const expiry = registered('Valid until 8 Juni 2029', 'expiry_date', 0.96, {
    x: 98,
    y: 837,
    width: 180,
    height: 12,
  });
  const month = readOnBoth(
    expiry,
    reading('Valid until 8 Juli 2029', 0.93),
    reading('Valid until 8 Juni 2029', 0.97),
  );
  const monthCells = {
    copy: [reading('Valid until 8 Juli 2029', 0.93)],
    original: [reading('Valid until 8 Juni 2029', 0.97)],
  };
  assert.equal(decideOne({ ...month, cells: monthCells }).verdict, 'altered');
});

Deno.test('a look-alike read in a name stays in doubt when the original reads a comma for a point', () => {
  // The review's case: registered "Silva, Ana", the original read "Silva. Ana", a forged "Sllva" read "Sliva, Ana".
  const name = registered('Silva, Ana', 'recipient_name', 0.96, { x: 400, y: 380, width: 230, height: 40 });
  const evidence = readOnBoth(name, reading('Sliva, Ana', 0.83), reading('Silva. Ana', 0.96));
  assert.notEqual(decideOne(evidence).verdict, 'authentic');
});

Deno.test(
  'a strongly flagged row the copy reads as nothing whole is doubt where its cells and strokes agree',
  () => {
    // Seed 23, g-screenshot-0003 (genuine, 42 %): "Cryptography 5 A-" flagged at 0.333 by a faint table
    // rule the blur thickened; read whole as nothing on the copy; the cells "Cryptography" alike, the
    // credits and the grade read on neither page, their strokes laid over unchanged.
    const row = registered('Cryptography 5 A-', null, 0.94, { x: 78, y: 593, width: 737, height: 25 });
    const genuine: Partial<RegionEvidence> = {
      line: row,
      score: 0.333,
      unmatchedMarks: 0,
      reads: reading('', 0),
      originalReads: reading('Cryptography ', 0.96),
      cells: {
        copy: [reading('Cryptography', 0.94), silent, silent],
        original: [reading('Cryptography', 0.97), silent, silent],
        shapes: [
          { index: 1, changed: false },
          { index: 2, changed: false },
        ],
      },
    };
    assert.equal(decideOne(genuine).verdict, 'unknown');
    // A changed stroke, a silent cell whose strokes were not compared, a cell read half-surely or a
    // mark gone keep the tiles' change.
    const changes: Partial<RegionEvidence>[] = [
      {
        ...genuine,
        cells: {
          ...genuine.cells!,
          shapes: [
            { index: 1, changed: false },
            { index: 2, changed: true },
          ],
        },
      },
      { ...genuine, cells: { ...genuine.cells!, shapes: [{ index: 1, changed: false }] } },
      {
        ...genuine,
        cells: { ...genuine.cells!, copy: [reading('Cryptography', 0.7), silent, silent] },
      },
      { ...genuine, unmatchedMarks: 1 },
    ];
    for (const change of changes) assert.equal(decideOne(change).verdict, 'altered', JSON.stringify(change));
  },
);

Deno.test(
  'a short cell OCR reads as nothing whose strokes changed is a change; read alike, its strokes are not weighed',
  () => {
    // Default seed, f-grade-sign-screenshot-0000: "Human Anatomy 5 A+" forged to "A-" at 42 %, flagged;
    // read whole, both pages drop the grade; the copy's grade cell read nothing, the original's "A+"
    // (0.96); a plus's bar 8 px of a 12 px capital
    // alone on the original's side (glyphs.ts).
    const row = registered('Human Anatomy 5 A+', null, 0.95, { x: 79, y: 600, width: 736, height: 26 });
    const forged = {
      line: row,
      score: 0.06,
      unmatchedMarks: 0,
      reads: reading('Human Anatomy 5', 0.93),
      originalReads: reading('Human Anatomy 5', 0.95),
      cells: {
        copy: [reading('Human Anatomy', 0.95), reading('5', 0.9), silent],
        original: [reading('Human Anatomy', 0.96), reading('5', 0.91), reading('A+', 0.96)],
        shapes: [
          { index: 1, changed: false },
          { index: 2, changed: true },
        ],
      },
    };
    assert.equal(decideOne(forged).verdict, 'altered');
    // A date line's short cells are not weighed so (seed 7 g-photo-0001: a photo's stamp in an expiry line).
    assert.equal(
      decideOne({ ...forged, line: { ...row, field: 'expiry_date' } }).verdict === 'altered',
      false,
    );
    // Strokes alike leave the doubt OCR's silence left; a cell read alike on both pages is not weighed.
    assert.equal(
      decideOne({ ...forged, cells: { ...forged.cells, shapes: [{ index: 2, changed: false }] } }).verdict,
      'unknown',
    );
    assert.equal(
      decideOne({
        ...forged,
        cells: {
          ...forged.cells,
          copy: [...forged.cells.copy.slice(0, 2), reading('A+', 0.95)],
        },
      }).verdict === 'altered',
      false,
    );
  },
);

Deno.test(
  'a weakly flagged row read otherwise only in cells whose strokes agree is doubt, not a change',
  () => {
    // Default seed, f-name-letter-screenshot-0000 (39 %): the transcript row "Signal Processing 15 C+",
    // unchanged, flagged at 0.296; its credits cell read "13" (0.90) against the original's "15" (0.97),
    // its grade "Ch" against "C+"; both cells' strokes laid over unchanged.
    const row = registered('Signal Processing 15 C+', null, 0.9, { x: 79, y: 554, width: 738, height: 17 });
    const misread: Partial<RegionEvidence> = {
      line: row,
      score: 0.296,
      unmatchedMarks: 0,
      reads: reading('Signal Processing 15 Cr', 0.67),
      originalReads: reading('Signal Processing C+', 0.96),
      cells: {
        copy: [reading('Signal Processing', 0.95), reading('13', 0.9), reading('Ch', 0.4)],
        original: [reading('Signal Processing', 0.96), reading('15', 0.97), reading('C+', 0.96)],
        shapes: [
          { index: 1, changed: false },
          { index: 2, changed: false },
        ],
      },
    };
    assert.equal(decideOne(misread).verdict, 'unknown');
    // A changed stroke, a cell read otherwise whose strokes were not compared, a strong tile or a mark
    // gone keep the change.
    const changes: Partial<RegionEvidence>[] = [
      {
        ...misread,
        cells: {
          ...misread.cells!,
          shapes: [
            { index: 1, changed: true },
            { index: 2, changed: false },
          ],
        },
      },
      { ...misread, cells: { ...misread.cells!, shapes: [{ index: 2, changed: false }] } },
      // A cell read alike by its signs whose strokes changed (a comma for a point) is no agreement.
      {
        ...misread,
        cells: {
          copy: [reading('Signal Processing', 0.95), reading('13', 0.9), reading('7,5', 0.9)],
          original: [reading('Signal Processing', 0.96), reading('15', 0.97), reading('7.5', 0.97)],
          shapes: [
            { index: 1, changed: false },
            { index: 2, changed: true },
          ],
        },
      },
      { ...misread, score: 0.35 },
      { ...misread, unmatchedMarks: 1 },
    ];
    for (const change of changes) assert.equal(decideOne(change).verdict, 'altered', JSON.stringify(change));
  },
);

Deno.test('fine print whose ink agrees is doubt however OCR or the strokes read it, never a change', () => {
  // Full corpus g-screenshot-0021 (genuine, 41 %): a transcript's row at 8.8 px read otherwise at 0.92.
  const row = registered('Corporate Law 7.5 C+', null, 0.9, { x: 78, y: 725, width: 739, height: 16 });
  const misread = readOnBoth(row, reading('Corporate Low Ce', 0.92), reading('Corporate Law 7.5 C+', 0.96), {
    copyLineHeight: 8.8,
  });
  const fine = decideOne(misread);
  assert.equal(fine.verdict, 'unknown');
  assert.match(fine.reasons.join(' '), /too small to compare its text/);
  // Printed larger, the same reading is a change; so is fine print a tile or a mark saw.
  assert.equal(decideOne({ ...misread, copyLineHeight: 12 }).verdict, 'altered');
  assert.equal(decideOne({ ...misread, unmatchedMarks: 1 }).verdict, 'altered');
  // Full corpus g-screenshot-0065 (genuine, 37 %): an issuer's line at 8.3 px cut into letters, two of
  // whose strokes were judged changed where neither page read a glyph.
  const issuer = registered('Université de Montréal-Nord', null, 0.93, {
    x: 367,
    y: 964,
    width: 316,
    height: 16,
  });
  const letters = readOnBoth(
    issuer,
    reading('Universilé de Monlréal-Nord', 0.55),
    reading(issuer.text, 0.93),
    {
      copyLineHeight: 8.3,
      cells: {
        copy: [silent, silent],
        original: [silent, reading('vi', 0.53)],
        shapes: [{ index: 0, changed: true }],
      },
    },
  );
  assert.equal(decideOne(letters).verdict, 'unknown');
  // A value's cell whose strokes changed (the original's reads "A+") still stands at that size.
  const grade = registered('Linear Algebra 15 A+', null, 0.95, { x: 79, y: 554, width: 736, height: 17 });
  const sign = readOnBoth(grade, reading('Linear Algebra 15', 0.9), reading('Linear Algebra 15 A+', 0.96), {
    copyLineHeight: 8.6,
    cells: {
      copy: [reading('Linear Algebra', 0.95), reading('15', 0.95), silent],
      original: [reading('Linear Algebra', 0.96), reading('15', 0.96), reading('A+', 0.96)],
      shapes: [{ index: 2, changed: true }],
    },
  });
  assert.equal(decideOne(sign).verdict, 'altered');
});

Deno.test(
  "a value's label OCR left out under weak tiles is doubt; the value read otherwise stays a change",
  () => {
    // Full corpus g-screenshot-0045 (genuine, 38 %): a shaded table header flagged at 0.108, its last
    // word read as nothing on the copy.
    const header = registered('Module Credits Grade', 'grade', 0.95, {
      x: 79,
      y: 508,
      width: 773,
      height: 26,
    });
    const dropped: Partial<RegionEvidence> = {
      line: header,
      score: 0.108,
      unmatchedMarks: 0,
      copyLineHeight: 13.2,
      reads: reading('Module Credits', 0.95),
      originalReads: reading('Module Credits Grade', 0.96),
      cells: {
        copy: [reading('Module', 0.95), reading('Credits', 0.96), silent],
        original: [reading('Module', 0.96), reading('Credits', 0.96), reading('Grade', 0.97)],
      },
    };
    assert.equal(decideOne(dropped).verdict, 'unknown');
    // A strong tile, a sign left out, a line with a value, or a name's line keeps the change.
    const honours = registered(
      'Classification Second Class Honours Lower Division',
      'grade',
      0.95,
      header.box,
    );
    assert.equal(
      decideOne({
        ...dropped,
        line: honours,
        reads: reading('Classification Second Class Honours', 0.95),
        originalReads: reading(honours.text, 0.96),
        cells: undefined,
      }).verdict,
      'altered',
    );
    assert.equal(decideOne({ ...dropped, score: 0.4 }).verdict, 'altered');
    const sign = registered('Result A+', 'grade', 0.95, header.box);
    assert.equal(
      decideOne({
        ...dropped,
        line: sign,
        reads: reading('Result A', 0.95),
        originalReads: reading(sign.text, 0.96),
        cells: undefined,
      }).verdict,
      'altered',
    );
    const name = registered('Omar Watanabe', 'recipient_name', 0.95, header.box);
    assert.equal(
      decideOne({
        ...dropped,
        line: name,
        reads: reading('Omar', 0.95),
        originalReads: reading(name.text, 0.96),
        cells: undefined,
      }).verdict,
      'altered',
    );
  },
);

Deno.test(
  "a date's line read with its registered dates and no other clears what else OCR read beside them",
  () => {
    // Full corpus g-webp-0102 (genuine, WebP q40): the date and the signatory's name share a row; the
    // name's cell read on the copy only, the date alike in its cell on both pages.
    const date = registered('20 May 2017 PTT Fael Ortiz', 'issue_date', 0.71, {
      x: 99,
      y: 797,
      width: 1131,
      height: 26,
    });
    const beside = readOnBoth(
      date,
      reading('20 May 2017 ho Prof. Rafael Ortiz', 0.67),
      reading('20 May 2017 afael Ortiz', 0.86),
      {
        copyLineHeight: 33.4,
        cells: {
          copy: [reading('20 May 2017', 0.96), reading('Prof” Rafael Ortiz', 0.6)],
          original: [reading('20 May 2017', 0.96), reading('', 0.95)],
        },
      },
    );
    assert.equal(decideOne(beside).verdict, 'authentic');
    // Another date read anywhere, the date read only unsurely, or a mark gone or added keeps the doubt.
    const otherDate = {
      ...beside.cells!,
      copy: [reading('20 May 2011', 0.96), reading('Prof” Rafael Ortiz', 0.6)],
    };
    assert.notEqual(decideOne({ ...beside, cells: otherDate }).verdict, 'authentic');
    const unsure = {
      ...beside.cells!,
      copy: [reading('20 May 2017', 0.7), reading('Prof” Rafael Ortiz', 0.6)],
    };
    assert.equal(decideOne({ ...beside, cells: unsure }).verdict, 'unknown');
    assert.notEqual(decideOne({ ...beside, unmatchedMarks: 1 }).verdict, 'authentic');
    // Digits no date holds ("Dated20 May 2011" states no date), or a value beside the date read otherwise.
    const glued = {
      ...beside.cells!,
      copy: [reading('Dated20 May 2011', 0.96), reading('Prof” Rafael Ortiz', 0.6)],
    };
    assert.notEqual(decideOne({ ...beside, cells: glued }).verdict, 'authentic');
    const graded = registered('Issued 20 May 2017 Grade A+', 'issue_date', 0.96, date.box);
    const withGrade = readOnBoth(
      graded,
      reading('Issued 20 May 2017 Grade A-', 0.85),
      reading(graded.text, 0.96),
      {
        copyLineHeight: 33.4,
      },
    );
    assert.notEqual(decideOne(withGrade).verdict, 'authentic');
  },
);

Deno.test(
  "a cell the original cannot read beside a line's whole text says nothing; a changed name still does",
  () => {
    // Quick corpus g-webp-0004 (genuine): a badge's name line holds the logo's letters, registered "i“".
    const name = registered('Name Omar Watanabe i“', 'recipient_name', 0.86, {
      x: 394,
      y: 228,
      width: 841,
      height: 62,
    });
    const cells = (copyName: string) => ({
      copy: [reading('Name', 0.96), reading(copyName, 0.96), reading('FSB)', 0.51)],
      original: [reading('Name', 0.96), reading('Omar Watanabe', 0.96), reading('‘FSB', 0.24)],
    });
    const genuine = readOnBoth(
      name,
      reading("Omar Watanabe 'FS}", 0.7),
      reading('Name Omar Watanabe', 0.96),
      {
        copyLineHeight: 79.8,
        cells: cells('Omar Watanabe'),
      },
    );
    assert.equal(decideOne(genuine).verdict, 'authentic');
    // Full corpus f-name-letter-photo-0052: "Watanabe" -> "Watanade" in the name's cell.
    const forged = decideOne({
      ...genuine,
      reads: reading('Omar Watanade ‘FSI', 0.79),
      cells: cells('Omar Watanade'),
    });
    assert.equal(forged.verdict, 'altered');
    assert.deepEqual(
      forged.differences.map((difference) => difference.field),
      ['recipient_name'],
    );
    // The name's own cell unreadable on the original: the others lack the text, nothing is set aside.
    const unreadName = {
      copy: [reading('Name', 0.96), reading('Omar Watanade', 0.7), reading('FSB)', 0.51)],
      original: [reading('Name', 0.96), reading('Omar Watanabe', 0.4), reading('‘FSB', 0.24)],
    };
    assert.notEqual(decideOne({ ...genuine, cells: unreadName }).verdict, 'authentic');
    // A grade's sign read unsurely on both pages is never set aside, nor taken for an edge mark.
    const row = registered('Linear Algebra 15 A+', 'grade', 0.95, { x: 79, y: 554, width: 736, height: 17 });
    const sign = readOnBoth(row, reading('Linear Algebra 15 A-', 0.7), reading('Linear Algebra 15 A+', 0.9), {
      copyLineHeight: 20,
      cells: {
        copy: [reading('Linear Algebra', 0.95), reading('15', 0.95), reading('A-', 0.5)],
        original: [reading('Linear Algebra', 0.96), reading('15', 0.96), reading('A+', 0.5)],
      },
    });
    assert.notEqual(decideOne(sign).verdict, 'authentic');
    // Set aside first, the cells after it keep their readings at the other scale: the name read too
    // unsurely in its cell, alike at the other scale, agrees.
    const logoFirst = readOnBoth(
      registered('Name Omar Watanabe', 'recipient_name', 0.86, name.box),
      reading('FSB Omar Watanabe', 0.7),
      reading('Name Omar Watanabe', 0.96),
      {
        copyLineHeight: 79.8,
        cells: {
          copy: [reading('FSB)', 0.51), reading('Name', 0.96), reading('Omar Watanabe', 0.55)],
          original: [reading('‘FSB', 0.24), reading('Name', 0.96), reading('Omar Watanabe', 0.96)],
          again: [
            { index: 2, copy: reading('Omar Watanabe', 0.95), original: reading('Omar Watanabe', 0.96) },
          ],
        },
      },
    );
    assert.equal(decideOne(logoFirst).verdict, 'authentic');
  },
);

Deno.test(
  'unread ink flagged weakly with its tones alike is clean; read otherwise or in the flow, it is not',
  () => {
    // Full corpus g-pdf-0208 (genuine, a badge in a JPEG q90 PDF): its seal, unread, 0.080 at likeness 0.967.
    const unread = registered('', null, 0, { x: 134, y: 672, width: 124, height: 89 });
    const seal = { line: unread, score: 0.08, tonesAlike: true, unmatchedMarks: 0, reads: reading('', 0.95) };
    assert.equal(decideOne(seal).verdict, 'authentic');
    assert.equal(decideOne({ ...seal, tonesAlike: false }).verdict, 'unknown');
    assert.equal(decideOne({ ...seal, unlikeTile: true }).verdict, 'unknown');
    assert.equal(decideOne({ ...seal, unmatchedMarks: 1 }).verdict, 'unknown');
    // A script name unread at registration, its forged letter read on the copy (Rahman -> Rabman, 0.279),
    // or any such ink in the text's flow, stays in doubt.
    const script = {
      ...seal,
      score: 0.279,
      reads: reading('Rabman', 0.75),
      originalReads: reading('Rahman', 0.75),
    };
    assert.notEqual(decideOne(script).verdict, 'authentic');
    assert.notEqual(
      decideOne({
        ...seal,
        score: 0.12,
        reads: reading('Rabman', 0.75),
        originalReads: reading('Rahman', 0.75),
      }).verdict,
      'authentic',
    );
    assert.notEqual(decideOne({ ...seal, inTextFlow: true }).verdict, 'authentic');
  },
);

Deno.test('values on a date line, and names read unsurely over weakly flagged ink, keep their doubt', () => {
  // A second review's counter-examples: each was answered authentic by a first version of the rules.
  const box = { x: 99, y: 797, width: 1131, height: 26 };
  for (const [text, forged] of [
    ['Issued 20 May 2017 Grade B', 'Issued 20 May 2017 Grade C'],
    ['Awarded 20 May 2017 with Distinction', 'Awarded 20 May 2017 with Merit'],
    ['Awarded to Maria Costa on 20 May 2017', 'Awarded to Maria Casta on 20 May 2017'],
    ['Valid until 20 May 2027 Grade B', 'Valid until 20 May 2027 Grade A'],
  ] as const) {
    const line = registered(text, 'issue_date', 0.96, box);
    const region = readOnBoth(line, reading(forged, 0.85), reading(text, 0.96), { copyLineHeight: 33.4 });
    assert.notEqual(decideOne(region).verdict, 'authentic', forged);
  }
  const unread = registered('Rahrnan', null, 0.45, { x: 300, y: 400, width: 300, height: 40 });
  const weak = { line: unread, score: 0.12, tonesAlike: true, unmatchedMarks: 0 };
  assert.notEqual(
    decideOne({ ...weak, reads: reading('Rabman', 0.55), originalReads: reading('Rahman', 0.55) }).verdict,
    'authentic',
  );
  assert.notEqual(
    decideOne({ ...weak, reads: reading('', 0), originalReads: reading('Rahman', 0.55) }).verdict,
    'authentic',
  );
  const badge = registered('Name Omar Watanabe', null, 0.86, { x: 394, y: 228, width: 841, height: 62 });
  const cells = {
    copy: [reading('Name', 0.96), reading('Omar Watanade', 0.5)],
    original: [reading('Name', 0.96), reading('Omar Watanabe', 0.5)],
  };
  assert.notEqual(decideOne({ ...weak, line: badge, cells }).verdict, 'authentic');
});

Deno.test(
  "words beside a date the original's own readings settle, and a surname taken for a mark, keep their doubt",
  () => {
    // A third review's counter-examples, each answered authentic by the second version of the rules.
    const box = { x: 99, y: 797, width: 1131, height: 26 };
    const cases: [string, number, string, string][] = [
      [
        '20 May 2017 PTT Fael Ortiz',
        0.71,
        '20 May 2017 Prof. Rafael Ortez',
        '20 May 2017 Prof. Rafael Ortiz',
      ],
      ['20 May 2017 Prof. Rafael Ortiz', 0.9, '20 May 2017 Prof. Rafael Ortez', '20 May 2017'],
      [
        'Awarded to Maria Costa on 20 May 2017',
        0.7,
        'Awarded to Daniel Castillo on 20 May 2017',
        'Awarded to Maria Costa 20 May 2017',
      ],
      ['Issued 20 May 2017 Grade A +', 0.7, 'Issued 20 May 2017 Grade A -', 'Issued 20 May 2017 Grade A'],
      ['Grade B, issued 20 May 2017', 0.7, 'Grade A, issued 20 May 2017', 'Grade B, issucd 20 May 2017'],
    ];
    for (const [text, confidence, copy, original] of cases) {
      const line = registered(text, 'issue_date', confidence, box);
      const region = readOnBoth(line, reading(copy, 0.85), reading(original, 0.9), { copyLineHeight: 33 });
      assert.notEqual(decideOne(region).verdict, 'authentic', copy);
    }
    const name = registered('Name Omar i“', 'recipient_name', 0.7, {
      x: 394,
      y: 228,
      width: 841,
      height: 62,
    });
    const surname = readOnBoth(name, reading('Nane Omar Watanade', 0.7), reading('Name Omar Watanabe', 0.7), {
      copyLineHeight: 33,
      cells: {
        copy: [reading('Name', 0.96), reading('Omar', 0.96), reading('Watanade', 0.5)],
        original: [reading('Name', 0.96), reading('Omar', 0.96), reading('Watanabe', 0.5)],
      },
    });
    assert.notEqual(decideOne(surname).verdict, 'authentic');
  },
);

Deno.test(
  "a word beside a date the original's readings agree on must be read on the copy, and short names are kept",
  () => {
    // A fourth review's counter-examples, each answered authentic by the third version of the rules.
    const date = registered('20 May 2017 PTT Fael Ortiz', 'issue_date', 0.71, {
      x: 99,
      y: 797,
      width: 1131,
      height: 26,
    });
    for (const cell of [reading('Prof. Rafael Ortez', 0.85), reading('', 0)]) {
      const region = readOnBoth(
        date,
        reading('20 May 2017', 0.9),
        reading('20 May 2017 Prof. Rafael Ortiz', 0.9),
        {
          copyLineHeight: 33,
          cells: {
            copy: [reading('20 May 2017', 0.96), cell],
            original: [reading('20 May 2017', 0.96), reading('Prof. Rafael Ortiz', 0.95)],
          },
        },
      );
      assert.notEqual(decideOne(region).verdict, 'authentic', cell.text);
    }
    const name = registered('Name Wei i“', 'recipient_name', 0.7, { x: 394, y: 228, width: 841, height: 62 });
    const short = readOnBoth(name, reading('Name Wei Lu', 0.7), reading('Name Wei Li', 0.7), {
      copyLineHeight: 33,
      cells: {
        copy: [reading('Name', 0.96), reading('Wei', 0.96), reading('Lu', 0.5)],
        original: [reading('Name', 0.96), reading('Wei', 0.96), reading('Li', 0.5)],
      },
    });
    assert.notEqual(decideOne(short).verdict, 'authentic');
    const unread = registered('Rahrnan', null, 0.45, { x: 300, y: 400, width: 300, height: 40 });
    const blank = {
      line: unread,
      score: 0.12,
      tonesAlike: true,
      unmatchedMarks: 0,
      reads: reading('', 0.9),
      originalReads: reading('', 0.9),
    };
    assert.notEqual(decideOne(blank).verdict, 'authentic');
  },
);

Deno.test('words added or lengthened after those the original reads beside a date keep their doubt', () => {
  // A fifth review's counter-examples, each answered authentic by the fourth version of the rules.
  const box = { x: 99, y: 797, width: 1131, height: 26 };
  const line = registered('Awarded to Maria Cosia on 20 May 2017', 'issue_date', 0.7, box);
  for (const copy of [
    'Awarded to Maria Costa Ruiz on 20 May 2017',
    'Awarded to Maria Costas on 20 May 2017',
  ]) {
    const region = readOnBoth(
      line,
      reading(copy, 0.85),
      reading('Awarded to Maria Costa on 20 May 2017', 0.9),
      {
        copyLineHeight: 33,
      },
    );
    assert.notEqual(decideOne(region).verdict, 'authentic', copy);
  }
});

Deno.test("a name in a date's own sentence keeps its doubt however OCR reads the words around it", () => {
  // A sixth review's counter-examples: a name shaped like a pen stroke, and words ahead of where the
  // original's re-reading began, each answered authentic by the fifth version of the rules.
  const box = { x: 99, y: 797, width: 1131, height: 26 };
  const cases: [string, string, string][] = [
    [
      'Awarded to Minami Ito an 20 May 2017',
      'Awarded to Nanami Ito on 20 May 2017',
      'Awarded to Minami Ito on 20 May 2017',
    ],
    [
      'Awarded to Maria Cosia on 20 May 2017',
      'Awarded to Mario Costa on 20 May 2017',
      'Costa on 20 May 2017',
    ],
  ];
  for (const [text, copy, original] of cases) {
    const line = registered(text, 'issue_date', 0.7, box);
    for (const cells of [undefined, { copy: [reading(copy, 0.85)], original: [reading(original, 0.9)] }]) {
      const region = readOnBoth(line, reading(copy, 0.85), reading(original, 0.9), {
        copyLineHeight: 33,
        cells,
      });
      assert.notEqual(decideOne(region).verdict, 'authentic', copy);
    }
  }
});

Deno.test(
  'a cell beside the date both pages read as other letters keeps its doubt, however unsurely read',
  () => {
    // A seventh review's counter-examples, each answered authentic by the sixth version of the rules.
    const box = { x: 99, y: 797, width: 1131, height: 26 };
    const cases: [string, string, string, Reading[], Reading[]][] = [
      [
        'Nanami Ita 20 May 2017',
        'Minami Ito 20 May 2017',
        'Nanami Ito 20 May 2017',
        [reading('Minami Ito', 0.75), reading('20 May 2017', 0.96)],
        [reading('Nanami Ito', 0.75), reading('20 May 2017', 0.96)],
      ],
      [
        '20 May 2017 PTT Fael Ortiz',
        '20 May 2017',
        '20 May 2017 afael Ortiz',
        [reading('20 May 2017', 0.96), reading('Prof. Raphael Ortiz', 0.7)],
        [reading('20 May 2017', 0.96), reading('Prof. Rafael Ortiz', 0.7)],
      ],
      // An eighth review's: look-alike letters are letters too ("Neilson" for "Nelson").
      [
        '20 May 2017 PTT Fael Nelsn',
        '20 May 2017',
        '20 May 2017 afael Nelsen',
        [reading('20 May 2017', 0.96), reading('Prof. Rafael Neilson', 0.7)],
        [reading('20 May 2017', 0.96), reading('Prof. Rafael Nelson', 0.7)],
      ],
    ];
    for (const [text, copy, original, copyCells, originalCells] of cases) {
      const line = registered(text, 'issue_date', 0.7, box);
      const region = readOnBoth(line, reading(copy, 0.85), reading(original, 0.88), {
        copyLineHeight: 33,
        cells: { copy: copyCells, original: originalCells },
      });
      assert.notEqual(decideOne(region).verdict, 'authentic', copy);
    }
  },
);
