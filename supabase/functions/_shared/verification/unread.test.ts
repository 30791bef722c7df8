import assert from 'node:assert/strict';
import { decide, textBlock } from './decide.ts';
import type { RegisteredLine } from './fields.ts';
import type { InkMasks } from './ink.ts';
import { unreadLines } from './unread.ts';

const WIDTH = 400;
const HEIGHT = 500;

function line(text: string, x: number, y: number, width: number, height: number): RegisteredLine {
  return { box: { x, y, width, height }, text, confidence: 0.95, field: null };
}

/** An ink mask with a filled rectangle per box (strokes are not needed: only where ink lies counts). */
function masks(boxes: { x: number; y: number; width: number; height: number }[]): InkMasks {
  const ink = new Uint8Array(WIDTH * HEIGHT);
  for (const box of boxes)
    for (let y = box.y; y < box.y + box.height; y++)
      ink.fill(1, y * WIDTH + box.x, y * WIDTH + box.x + box.width);
  return { width: WIDTH, height: HEIGHT, ink, near: new Uint8Array(ink) };
}

// The seed-7 `diploma`: a frame down both sides, lines OCR read, and between "hereby confers upon"
// and the title a script-font name that registration did not read as a line.
const lines = [
  line('Université de Montréal-Nord', 20, 40, 360, 14),
  line('hereby confers upon', 130, 90, 140, 12),
  line('Certificate of Achievement', 90, 200, 220, 16),
  line('Grade: 83%', 160, 260, 80, 12),
  line('No. UMN-2019-000271', 140, 440, 120, 10),
];
const frame = [
  { x: 25, y: 5, width: 3, height: 490 },
  { x: 372, y: 5, width: 3, height: 490 },
];
const name = { x: 120, y: 130, width: 160, height: 40 };

Deno.test('ink of the text block that no registered line covers is found as a line (a script name)', () => {
  const page = masks([...lines.map((entry) => entry.box), ...frame, name]);
  const found = unreadLines(page, lines, textBlock(lines));
  assert.equal(found.length, 1);
  assert.deepEqual(found[0]!.box, name);
  assert.equal(found[0]!.text, '');
  assert.equal(found[0]!.field, null);
});

Deno.test(
  'registered lines, a frame down the page and a seal much taller than text are not unread lines',
  () => {
    const seal = { x: 150, y: 300, width: 100, height: 110 };
    const page = masks([...lines.map((entry) => entry.box), ...frame, seal]);
    assert.deepEqual(unreadLines(page, lines, textBlock(lines)), []);
    // A border read as a tall "line" down the page pads by its glyphs' width, not its height.
    const border = line('PPP 0000000', 372, 5, 3, 490);
    assert.deepEqual(unreadLines(masks([...frame, name]), [...lines, border], textBlock(lines)), [
      { box: name, text: '', confidence: 0, field: null },
    ]);
  },
);

Deno.test(
  'ink on a dark ground (a seal cut to a text-sized piece by the lines around it) is no unread line',
  () => {
    // `g-screenshot-0004`: the part of a badge's green seal that no line's padding covers, 68 px high
    // under text 18 px high; its ring lettering, re-rendered at a viewer's scale, scored 0.125 against
    // the text flag and the genuine copy was unknown.
    const sealPiece = { x: 150, y: 300, width: 80, height: 50 };
    const page = masks([...lines.map((entry) => entry.box), sealPiece]);
    const dark = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 280; y < 420; y++) dark.fill(1, y * WIDTH + 130, y * WIDTH + 270);
    assert.deepEqual(unreadLines(page, lines, textBlock(lines), dark), []);
    // Without the dark ground the same ink is a band; and a script name on paper stays one beside it.
    assert.equal(unreadLines(page, lines, textBlock(lines)).length, 1);
    const withName = masks([...lines.map((entry) => entry.box), sealPiece, name]);
    assert.deepEqual(
      unreadLines(withName, lines, textBlock(lines), dark).map((found) => found.box),
      [name],
    );
  },
);

Deno.test('a rule across the block, with the glyph tips the padding left, is no unread line', () => {
  // `f-grade-sign-digital-0001`: a table's row rule between two rows, with descenders above it and
  // capitals' tops below, made a band that took the changed grade's tile from its row.
  const tips = [
    { x: 100, y: 172, width: 8, height: 3 },
    { x: 160, y: 172, width: 8, height: 3 },
    { x: 90, y: 182, width: 10, height: 3 },
    { x: 200, y: 182, width: 10, height: 3 },
  ];
  const rule = { x: 30, y: 177, width: 340, height: 2 };
  const page = masks([...lines.map((entry) => entry.box), ...tips, rule]);
  assert.deepEqual(unreadLines(page, lines, textBlock(lines)), []);
});

Deno.test("ink beside a registered line, on its rows, is that line's, not an unread line", () => {
  // A large initial OCR's box left out, left of "Certificate of Achievement" (x 90, 16 px high).
  const initial = { x: 50, y: 194, width: 28, height: 26 };
  const page = masks([...lines.map((entry) => entry.box), initial]);
  assert.deepEqual(unreadLines(page, lines, textBlock(lines)), []);
});

Deno.test('a flagged unread line that neither page reads surely is unknown, never authentic', () => {
  // Seed 7 `f-name-letter-photo-0002` (Rahman -> Rabman, photographed): the name's tile scored
  // 0.279, under the graphic flag; OCR read "Sci Ruban" (0.21) in the copy and nothing in the original.
  const unread: RegisteredLine = { box: name, text: '', confidence: 0, field: null };
  const decision = decide({
    inliers: 236,
    matches: 291,
    visibleInk: 1,
    hiddenLines: [],
    inkTiles: 200,
    flaggedTiles: 1,
    regions: [
      {
        box: name,
        score: 0.279,
        line: unread,
        reads: { text: 'Sci Ruban', confidence: 0.21 },
        originalReads: { text: '', confidence: 0 },
        unmatchedMarks: 0,
        readAnyway: false,
      },
    ],
  });
  assert.equal(decision.verdict, 'unknown');
  assert.match(decision.reasons.join(' '), /could not be compared with certainty: Region 1 of the page/);
});
