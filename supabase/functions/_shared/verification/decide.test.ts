import assert from 'node:assert/strict';
import { decide, type DecisionInput, type RegionEvidence } from './decide.ts';
import type { RegisteredLine } from './fields.ts';

const nameLine: RegisteredLine = {
  box: { x: 100, y: 200, width: 300, height: 40 },
  text: 'Jane Doe',
  confidence: 0.96,
  field: 'recipient_name',
};

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
  'a strong difference on a named line is altered, with what the original says and the copy reads',
  () => {
    const decision = decide(
      input({ regions: [region({ score: 0.6, reads: { text: 'Jane Dae', confidence: 0.95 } })] }),
    );
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
  const same = decide(
    input({ regions: [region({ score: 0.08, reads: { text: 'jane  doe', confidence: 0.9 } })] }),
  );
  assert.equal(same.verdict, 'authentic');
  const gradeLine: RegisteredLine = { ...nameLine, text: 'Grade: A+', field: 'grade' };
  const sign = decide(
    input({
      regions: [
        region({
          line: gradeLine,
          score: 0.02,
          readAnyway: true,
          reads: { text: 'Grade: A-', confidence: 0.93 },
        }),
      ],
    }),
  );
  assert.equal(sign.verdict, 'altered');
  assert.equal(sign.differences[0]?.field, 'grade');
});

Deno.test('a half-sure different reading of a critical field is unknown; a faint one is noise', () => {
  const doubt = decide(
    input({
      regions: [region({ score: 0, readAnyway: true, reads: { text: 'Jane D0e', confidence: 0.7 } })],
    }),
  );
  assert.equal(doubt.verdict, 'unknown');
  const noise = decide(
    input({
      regions: [region({ score: 0, readAnyway: true, reads: { text: 'Jane D0e', confidence: 0.4 } })],
    }),
  );
  assert.equal(noise.verdict, 'authentic');
});

Deno.test('a weak flag that OCR cannot settle is unknown, not authentic', () => {
  const decision = decide(input({ regions: [region({ score: 0.1, reads: { text: '', confidence: 0 } })] }));
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
        region({ score: 0.6, reads: { text: 'John Roe', confidence: 0.95 } }),
        region({ line: numberLine, score: 0.4, reads: { text: 'No. CERT-00418', confidence: 0.95 } }),
      ],
    }),
  );
  assert.equal(decision.verdict, 'unknown');
  assert.match(decision.reasons.join(' '), /design of a registered certificate/);
});
