import assert from 'node:assert/strict';
import { compareTiles, EDGE_BAND, replicateEdge, unmatchedMarks, withoutEdge } from './compare.ts';
import type { InkMasks } from './ink.ts';

const SIDE = 280;

function masks(marks: [number, number, number, number][]): InkMasks {
  const ink = new Uint8Array(SIDE * SIDE);
  for (const [x, y, width, height] of marks)
    for (let row = y; row < y + height; row++) ink.fill(1, row * SIDE + x, row * SIDE + x + width);
  const near = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const sx = x + dx;
          const sy = y + dy;
          if (sx >= 0 && sy >= 0 && sx < SIDE && sy < SIDE && ink[sy * SIDE + sx]) near[y * SIDE + x] = 1;
        }
  return { width: SIDE, height: SIDE, ink, near };
}

const visible = { width: SIDE, height: SIDE, data: new Uint8Array(SIDE * SIDE).fill(255) };
/** A row of small "glyphs" across the page: vertical strokes 2 px wide. */
const text: [number, number, number, number][] = [];
for (let x = 10; x < SIDE - 10; x += 7) text.push([x, 120, 2, 12]);

Deno.test('identical ink scores zero everywhere', () => {
  const scores = compareTiles(masks(text), masks(text), visible).map((tile) => tile.score);
  assert.ok(scores.every((score) => score === 0));
});

Deno.test('a stroke moved by 3 px inside a line is not shifted away by its tile alone', () => {
  // One glyph's stroke moves 3 px: a tile free to pick its own best shift within 2 px, plus the
  // 1 px tolerance, could slide onto it; the shift the neighbourhood agrees on (none) cannot.
  const changed = text.map(([x, y, width, height]) =>
    x === 150
      ? ([x + 3, y, width, height] as [number, number, number, number])
      : ([x, y, width, height] as [number, number, number, number]),
  );
  const scores = compareTiles(masks(text), masks(changed), visible).map((tile) => tile.score);
  assert.ok(Math.max(...scores) > 0.05, `highest tile score ${Math.max(...scores)}`);
});

Deno.test('a small mark taken off a line (an accent) is found; the same marks, even shifted, are not', () => {
  const letters: [number, number, number, number][] = [
    [100, 120, 10, 16],
    [120, 120, 10, 16],
  ];
  const accent: [number, number, number, number] = [122, 113, 4, 3];
  const line = { x: 95, y: 108, width: 45, height: 34 };
  assert.equal(unmatchedMarks(masks([...letters, accent]), masks(letters), line).length, 1);
  assert.equal(unmatchedMarks(masks(letters), masks([...letters, accent]), line).length, 1);
  const shifted: [number, number, number, number][] = [...letters, accent].map(([x, y, w, h]) => [
    x + 1,
    y + 1,
    w,
    h,
  ]);
  assert.equal(unmatchedMarks(masks([...letters, accent]), masks(shifted), line).length, 0);
});

Deno.test('the page edge is left out: a margin sliver does not make a dark border band look like ink', () => {
  const page = { width: 20, height: 20, data: new Uint8Array(400).fill(60) };
  page.data.fill(240, 0, 20 * 2); // two rows of light margin brought in by the warp
  const replicated = replicateEdge(page);
  assert.ok(replicated.data.every((value) => value === 60));
  const edged = withoutEdge(masks([[0, 0, 40, 40]]));
  assert.equal(edged.ink[0], 0);
  assert.equal(edged.ink[EDGE_BAND * SIDE + EDGE_BAND], 1);
});
