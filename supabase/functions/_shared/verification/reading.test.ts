import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import { readRegion } from '../ocr/tesseract.ts';
import { matFromRaster, rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';
import {
  cellCrop,
  cut,
  cutForReading,
  forReading,
  greyLevelAt,
  lineCells,
  lineFrame,
  readingZoom,
} from './reading.ts';

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

Deno.test(
  'a cell past the reading budget is not cut: a border taken for a line made 11-megapixel crops',
  async () => {
    const width = 1200;
    const height = 1600;
    const page = { width, height, data: new Uint8Array(width * height).fill(240) };
    // A vertical ornament 1,400 px tall, as a line cell: its margins are one glyph height each side.
    assert.equal(await cellCrop(page, { x0: 100, x1: 140, top: 100, bottom: 1500 }, []), null);
    const small = await cellCrop(page, { x0: 100, x1: 140, top: 100, bottom: 116 }, []);
    assert.ok(small);
    assert.equal(small.crop.height, 16 + 2 * Math.round(16 * 0.35) + 2 * 16);
  },
);

Deno.test("the grey level under a share of the pixels is the sorted pixels' level at that rank", () => {
  let state = 7;
  const data = Uint8Array.from(
    { length: 10_001 },
    () => (state = (state * 1103515245 + 12345) % 2 ** 31) % 256,
  );
  const sorted = [...data].sort((a, b) => a - b);
  for (const share of [0, 0.1, 0.5, 0.9, 0.999])
    assert.equal(greyLevelAt(data, share), sorted[Math.floor(data.length * share)]);
  assert.equal(greyLevelAt(new Uint8Array([3, 3, 3]), 0.9), 3);
});

Deno.test('a column of ornaments OCR took for a line is framed by its width, not its length', () => {
  const page = { width: 990, height: 1400 };
  // A 16 px line of text: margins of 0.6 and 0.35 of its height.
  assert.deepEqual(lineFrame(page, { x: 400, y: 500, width: 200, height: 16 }), {
    left: 390,
    top: 494,
    right: 610,
    bottom: 522,
  });
  // A border down the page's left edge: before, its margins of 0.6 x 1356 px took in the whole page.
  assert.deepEqual(lineFrame(page, { x: 22, y: 22, width: 13, height: 1356 }), {
    left: 14,
    top: 17,
    right: 43,
    bottom: 1383,
  });
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

/**
 * A 16 px line of text on a page (paper 250, ink 30) lit by `light(x)` (0-1) and blurred as a photo
 * blurs, with its line box.
 */
async function photographedLine(text: string, light: (x: number) => number) {
  const cv = await openCv();
  const width = 480;
  const height = 90;
  const page = withMats((keep): GrayRaster => {
    const mat = keep(new cv.Mat(height, width, cv.CV_8UC1, new cv.Scalar(250)));
    cv.putText(
      mat,
      text,
      new cv.Point(30, 52),
      cv.FONT_HERSHEY_DUPLEX,
      0.7,
      new cv.Scalar(30),
      1,
      cv.LINE_AA,
    );
    const lit = rasterFromMat(mat);
    const data = lit.data.map((value, index) => Math.round(value * light(index % width)));
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(keep(matFromRaster(cv, { width, height, data })), blurred, new cv.Size(5, 5), 1.4);
    return rasterFromMat(blurred);
  });
  let [left, top, right, bottom] = [width, height, 0, 0];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (page.data[y * width + x]! < 0.6 * 250 * light(x)) {
        [left, top] = [Math.min(left, x), Math.min(top, y)];
        [right, bottom] = [Math.max(right, x + 1), Math.max(bottom, y + 1)];
      }
  return { page, box: { x: left, y: top, width: right - left, height: bottom - top } };
}

async function readLine(crop: GrayRaster, lineHeight: number): Promise<string> {
  return (await readRegion(await forReading(crop, readingZoom(crop, lineHeight)))).text;
}

Deno.test(
  "a line crossed by a shadow's edge reads on its shadowed side too; a line evenly lit is cut as it is",
  async () => {
    // g-photo-0003's transcript rows: paper 112 in the shadow, 190 lit, the edge over about 60 px
    // across the first word; cut as it is, the shadowed side read "[A&adenc Writing".
    const shadowEdge = (x: number) => 0.45 + 0.33 * Math.min(1, Math.max(0, (x - 40) / 60));
    const shadowed = await photographedLine('Academic Writing', shadowEdge);
    const evened = await cutForReading(shadowed.page, shadowed.box);
    assert.ok(evened.evened);
    assert.equal(await readLine(evened.crop, shadowed.box.height), 'Academic Writing');
    // The counterpart of a crop the copy left as it is is cut as it is, whatever its own ground.
    assert.deepEqual(
      (await cutForReading(shadowed.page, shadowed.box, 1, false)).crop,
      cut(shadowed.page, shadowed.box),
    );
    for (const light of [() => 1, () => 0.6, (x: number) => 0.9 - 0.1 * (x / 480)]) {
      const even = await photographedLine('Academic Writing', light);
      const { crop, evened } = await cutForReading(even.page, even.box);
      assert.equal(evened, false);
      assert.deepEqual(crop, cut(even.page, even.box));
    }
  },
);
