import assert from 'node:assert/strict';
import { lineCells } from './reading.ts';

Deno.test('a table row splits into its cells at the rules and wide gaps; words of a sentence do not', () => {
  // A 16 px row on white: "glyphs" as dark blocks, a word space of 5 px, two vertical table rules.
  const width = 400;
  const height = 60;
  const data = new Uint8Array(width * height).fill(250);
  const fill = (x: number, y: number, w: number, h: number) => {
    for (let row = y; row < y + h; row++) data.fill(20, row * width + x, row * width + x + w);
  };
  fill(20, 22, 40, 16); // "Operating"
  fill(65, 22, 50, 16); // "Systems", one word space on
  fill(220, 0, 2, height); // a rule down the table
  fill(240, 25, 20, 13); // "10"
  fill(300, 0, 2, height);
  fill(320, 25, 18, 13); // "B-"
  const page = { width, height, data };
  const { cells, rules } = lineCells(page, { x: 20, y: 22, width: 320, height: 16 });
  assert.deepEqual(
    cells.map((cell) => [cell.x0, cell.x1]),
    [
      [20, 115],
      [240, 260],
      [320, 338],
    ],
  );
  // Each cell with its own glyphs' rows: the small ones are enlarged by their height, not the row's.
  assert.deepEqual(
    cells.map((cell) => cell.bottom - cell.top),
    [16, 13, 13],
  );
  assert.deepEqual(rules, [220, 221, 300, 301]);
});

Deno.test('grey table rules are found over the row itself when its box reaches past them', () => {
  // A row of 15 px glyphs whose registered box is twice as tall (30 px, as OCR boxed a transcript's
  // "Cryptography 15 B"): the padded frame reaches past the row's horizontal rules, where its grey
  // vertical rules end. Taken for glyphs, the rules made each cell as tall as the table row, and its
  // crop held the next row's text.
  const width = 400;
  const height = 80;
  const data = new Uint8Array(width * height).fill(250);
  const fill = (x: number, y: number, w: number, h: number, tone: number) => {
    for (let row = y; row < y + h; row++) data.fill(tone, row * width + x, row * width + x + w);
  };
  fill(0, 12, width, 1, 170); // the rule over the row
  fill(0, 52, width, 1, 170); // the rule under it
  fill(10, 0, 1, height, 170); // the table's left edge and its column rules, grey
  fill(220, 12, 1, 41, 170);
  fill(300, 12, 1, 41, 170);
  fill(20, 30, 90, 15, 20); // "Cryptography"
  fill(240, 30, 20, 15, 20); // "15"
  fill(320, 30, 10, 15, 20); // "B"
  const page = { width, height, data };
  const { cells, rules } = lineCells(page, { x: 20, y: 20, width: 310, height: 30 });
  assert.deepEqual(
    cells.map((cell) => [cell.x0, cell.x1, cell.top, cell.bottom]),
    [
      [20, 110, 30, 45],
      [240, 260, 30, 45],
      [320, 330, 30, 45],
    ],
  );
  assert.deepEqual(rules, [10, 220, 300]);
});
