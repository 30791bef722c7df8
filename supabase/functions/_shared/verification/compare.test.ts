import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import type { Box } from '../ocr/protocol.ts';
import {
  comparedArea,
  compareTiles,
  comparePages,
  EDGE_BAND,
  inkDepth,
  judgedByTones,
  replicateEdge,
  rescoreWithout,
  STRUCTURE_FROM,
  structureLikeness,
  unmatchedMarks,
  withoutEdge,
} from './compare.ts';
import {
  decide,
  GRAPHIC_LIKENESS,
  type RegionEvidence,
  TEXT_FLAG,
  TEXT_FLAG_FLOOR,
  textBlock,
  textFlagFor,
  TILE_STRONG,
} from './decide.ts';
import type { RegisteredLine } from './fields.ts';
import { inkMasks, type InkMasks } from './ink.ts';
import { matFromRaster, rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';
import { tableRules } from './unread.ts';

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

Deno.test('a stroke added on a blank tile is one lone piece; specks of the same ink are not', () => {
  // Tiles are 24 px here: the tiles at y 96 are blank on the original, its text row starts below.
  const ascender: [number, number, number, number] = [100, 98, 2, 20];
  // 40 one-pixel specks, 2-4 px apart, in the tile at (168, 96).
  const specks: [number, number, number, number][] = [];
  for (let row = 0; row < 8; row++)
    for (let column = 0; column < 5; column++) specks.push([170 + 4 * column, 98 + 2 * row, 1, 1]);
  const tiles = compareTiles(masks(text), masks([...text, ascender, ...specks]), visible);
  const at = (x: number, y: number) => tiles.find((tile) => tile.box.x === x && tile.box.y === y)!;
  assert.equal(at(96, 96).lonePiece, 40);
  assert.equal(at(168, 96).copyInk, 40);
  assert.equal(at(168, 96).lonePiece, 1);
  // The same ink on both pages leaves no lone piece.
  const same = compareTiles(masks([...text, ascender]), masks([...text, ascender]), visible);
  assert.ok(same.every((tile) => (tile.lonePiece ?? 0) === 0));
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

Deno.test("the least mark is sized by the line's own height, not by the margin searched around it", () => {
  // Full corpus f-name-letter-digital-0011: LÉA -> LEA, a 24 px accent over 38 px capitals, looked
  // for in the line's box padded to 54 px: sized by the padded box the least piece was 29 px.
  const capital: [number, number, number, number] = [30, 40, 22, 27];
  const accent: [number, number, number, number] = [40, 32, 6, 4];
  const padded = { x: 15, y: 20, width: 100, height: 54 };
  assert.equal(unmatchedMarks(masks([capital, accent]), masks([capital]), padded).length, 0);
  assert.equal(unmatchedMarks(masks([capital, accent]), masks([capital]), padded, 38).length, 1);
  // A piece under the least a copy's pixels allow (a speck of a screenshot at 40 %) is not judged.
  assert.equal(unmatchedMarks(masks([capital, accent]), masks([capital]), padded, 38, 25).length, 0);
});

Deno.test('a missing mark is a whole piece, however it winds; pieces the box cuts are not judged', () => {
  // A "U" (its two arms meet only at the bottom), a ring around a hole and a dot: 4-connected
  // pieces found whole, their boxes exact. A stroke crossing the box's edge belongs to ink outside.
  const u: [number, number, number, number][] = [
    [40, 40, 3, 20],
    [52, 40, 3, 20],
    [40, 57, 15, 3],
  ];
  const ring: [number, number, number, number][] = [
    [80, 40, 14, 3],
    [80, 53, 14, 3],
    [80, 40, 3, 16],
    [91, 40, 3, 16],
  ];
  const dot: [number, number, number, number] = [110, 45, 4, 4];
  const crossing: [number, number, number, number] = [125, 50, 30, 3];
  const line = { x: 30, y: 30, width: 110, height: 40 };
  const marks = unmatchedMarks(masks([...u, ...ring, dot, crossing]), masks([]), line);
  assert.deepEqual(marks, [
    { x: 40, y: 40, width: 15, height: 20 },
    { x: 80, y: 40, width: 14, height: 16 },
    { x: 110, y: 45, width: 4, height: 4 },
  ]);
  // A box reaching past the page is cut at its edge, and a piece along that edge touches it.
  const corner = unmatchedMarks(
    masks([
      [0, 0, 5, 5],
      [20, 20, 5, 5],
    ]),
    masks([]),
    {
      x: -10,
      y: -10,
      width: 50,
      height: 50,
    },
  );
  assert.deepEqual(corner, [{ x: 20, y: 20, width: 5, height: 5 }]);
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

// Pages drawn pixel by pixel: a dark band carrying a number in light seven-segment digits (the
// `modern` template's band), and a name with an accent in dark ink on light paper.
const PAGE_WIDTH = 600;
const PAGE_HEIGHT = 300;
/** Segments a..g of a seven-segment digit, as [x, y, width, height] in a 22 x 40 cell. */
const SEGMENTS: Record<string, [number, number, number, number]> = {
  a: [2, 0, 18, 4],
  b: [18, 2, 4, 18],
  c: [18, 20, 4, 18],
  d: [2, 36, 18, 4],
  e: [0, 20, 4, 18],
  f: [0, 2, 4, 18],
  g: [2, 18, 18, 4],
};
const DIGITS: Record<string, string> = { '0': 'abcdef', '1': 'bc', '8': 'abcdefg' };
const NUMBER_BOX = { x: 140, y: 36, width: 200, height: 48 };

interface Tones {
  paper: number;
  band: number;
  light: number;
  dark: number;
}
const CLEAN: Tones = { paper: 245, band: 30, light: 240, dark: 25 };
/** A scan: greyer paper, a lighter band, duller white. */
const SCANNED: Tones = { paper: 232, band: 58, light: 214, dark: 45 };

function drawPage(number: string, accent: 'acute' | 'grave', tones: Tones) {
  const data = new Uint8Array(PAGE_WIDTH * PAGE_HEIGHT).fill(tones.paper);
  const fill = (x: number, y: number, width: number, height: number, value: number) => {
    for (let row = y; row < y + height; row++)
      data.fill(value, row * PAGE_WIDTH + x, row * PAGE_WIDTH + x + width);
  };
  fill(0, 0, PAGE_WIDTH, 120, tones.band);
  [...number].forEach((digit, index) => {
    for (const segment of DIGITS[digit]!) {
      const [x, y, width, height] = SEGMENTS[segment]!;
      fill(150 + index * 32 + x, 40 + y, width, height, tones.light);
    }
  });
  // A "name": six letter blocks with an accent 2 px thick over the fifth.
  for (let index = 0; index < 6; index++) fill(150 + index * 24, 200, 16, 26, tones.dark);
  for (let step = 0; step < 9; step++) {
    const x = 249 + step;
    const y = accent === 'acute' ? 195 - step : 187 + step;
    fill(x, y, 2, 2, tones.dark);
  }
  return { width: PAGE_WIDTH, height: PAGE_HEIGHT, data };
}

const pageVisible = {
  width: PAGE_WIDTH,
  height: PAGE_HEIGHT,
  data: new Uint8Array(PAGE_WIDTH * PAGE_HEIGHT).fill(255),
};
const NAME_BOX = { x: 146, y: 182, width: 150, height: 48 };
const numberLine: RegisteredLine = {
  box: NUMBER_BOX,
  text: '000118',
  confidence: 0.95,
  field: 'certificate_number',
};
const nameLine: RegisteredLine = { box: NAME_BOX, text: 'Dvorak', confidence: 0.95, field: 'recipient_name' };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The evidence the engine gathers over one critical line from a real comparison: flagged when a
 * tile over it reaches the page's text flag, else read anyway with its marks checked. `reads` is
 * what OCR reads on both pages (the same: OCR reads neither a turned accent nor, here, anything).
 */
async function judgeLine(
  original: GrayRaster,
  copy: GrayRaster,
  line: RegisteredLine,
  reads: { text: string; confidence: number } | null,
) {
  const { originalInk, copyInk, tiles } = await comparePages(original, copy, pageVisible);
  const textFlag = textFlagFor(tiles.filter((tile) => tile.ink > 0).map((tile) => tile.score));
  const score = Math.max(...tiles.filter((tile) => overlaps(tile.box, line.box)).map((tile) => tile.score));
  const region: RegionEvidence = {
    box: line.box,
    score: score >= textFlag ? score : 0,
    line,
    reads,
    originalReads: reads,
    unmatchedMarks: unmatchedMarks(originalInk, copyInk, line.box).length,
    readAnyway: score < textFlag,
  };
  const decision = decide({
    inliers: 400,
    matches: 450,
    visibleInk: 1,
    hiddenLines: [],
    inkTiles: tiles.filter((tile) => tile.ink > 0).length,
    flaggedTiles: score >= textFlag ? 1 : 0,
    regions: [region],
  });
  return { score, decision };
}

Deno.test(
  'light digits on a dark band: a changed digit is seen once the band is turned, never authentic',
  async () => {
    const original = drawPage('000118', 'acute', CLEAN);
    const forged = await judgeLine(original, drawPage('000110', 'acute', SCANNED), numberLine, null);
    assert.ok(forged.score >= TEXT_FLAG, `score over the number ${forged.score}`);
    assert.notEqual(forged.decision.verdict, 'authentic');
    // The band alone, as the ink, hid the change: the digits are a small share of its ink.
    const bandInk = compareTiles(
      await inkMasks(original),
      await inkMasks(drawPage('000110', 'acute', SCANNED)),
      pageVisible,
    ).filter((tile) => overlaps(tile.box, NUMBER_BOX));
    assert.ok(Math.max(...bandInk.map((tile) => tile.score)) < forged.score);
  },
);

Deno.test('light digits on a dark band: a scanned genuine copy is authentic', async () => {
  const original = drawPage('000118', 'acute', CLEAN);
  const genuine = await judgeLine(original, drawPage('000118', 'acute', SCANNED), numberLine, null);
  assert.ok(genuine.score < TEXT_FLAG_FLOOR, `score over the number ${genuine.score}`);
  assert.equal(genuine.decision.verdict, 'authentic', genuine.decision.reasons.join('; '));
});

Deno.test(
  'an accent turned in a critical field (á -> à) is not authentic though OCR reads alike',
  async () => {
    const original = drawPage('000118', 'acute', CLEAN);
    const sameReading = { text: 'Dvorak', confidence: 0.96 };
    const forged = await judgeLine(original, drawPage('000118', 'grave', CLEAN), nameLine, sameReading);
    assert.notEqual(forged.decision.verdict, 'authentic', `score ${forged.score}`);
    const genuine = await judgeLine(original, drawPage('000118', 'acute', SCANNED), nameLine, sameReading);
    assert.equal(genuine.decision.verdict, 'authentic', genuine.decision.reasons.join('; '));
  },
);

/** The page under a photo's shadow: darker by `depth` beyond a straight edge, softened over 6 px. */
function shadowed(page: GrayRaster, depth: number): GrayRaster {
  const data = new Uint8Array(page.data);
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      // The edge runs from (400, 300) to (600, 140): the bottom-right corner, where nothing is printed.
      const side = ((x - 400) * 160 + (y - 300) * 200) / Math.hypot(160, 200);
      const shade = Math.min(1, Math.max(0, (side + 3) / 6));
      data[y * page.width + x] = Math.round(page.data[y * page.width + x]! * (1 - depth * shade));
    }
  }
  return { width: page.width, height: page.height, data };
}

Deno.test(
  'a shadow edge across a blank corner is lighting, not a mark; a changed field is still seen',
  async () => {
    const original = drawPage('000118', 'acute', CLEAN);
    const corner = { x: 480, y: 200, width: 120, height: 100 };
    const { tiles } = await comparePages(
      original,
      shadowed(drawPage('000118', 'acute', SCANNED), 0.4),
      pageVisible,
    );
    const cornerScore = Math.max(
      ...tiles.filter((tile) => overlaps(tile.box, corner)).map((tile) => tile.score),
    );
    assert.equal(cornerScore, 0, `corner tiles score ${cornerScore}`);
    const sameReading = { text: 'Dvorak', confidence: 0.96 };
    const genuine = await judgeLine(
      original,
      shadowed(drawPage('000118', 'acute', SCANNED), 0.4),
      nameLine,
      sameReading,
    );
    assert.equal(genuine.decision.verdict, 'authentic', genuine.decision.reasons.join('; '));
    const forged = await judgeLine(
      original,
      shadowed(drawPage('000118', 'grave', SCANNED), 0.4),
      nameLine,
      sameReading,
    );
    assert.notEqual(forged.decision.verdict, 'authentic', `score ${forged.score}`);
  },
);

Deno.test(
  'ink a copy adds in a blank corner, with stroke structure, is still a mark under a shadow',
  async () => {
    const original = drawPage('000118', 'acute', CLEAN);
    const marked = drawPage('000118', 'acute', SCANNED);
    // A short dash, 3 px thick, in the shadowed corner: a sign added where nothing was printed.
    for (let row = 262; row < 265; row++)
      marked.data.fill(CLEAN.dark, row * PAGE_WIDTH + 540, row * PAGE_WIDTH + 556);
    const { tiles } = await comparePages(original, shadowed(marked, 0.4), pageVisible);
    const dashScore = Math.max(
      ...tiles
        .filter((tile) => overlaps(tile.box, { x: 540, y: 262, width: 16, height: 3 }))
        .map((tile) => tile.score),
    );
    assert.ok(dashScore >= TILE_STRONG, `dash tile scores ${dashScore}`);
  },
);

Deno.test(
  'a strip the copy does not show is left out of the comparison, with the threshold reach beside it',
  () => {
    assert.equal(comparedArea(pageVisible, 10), null);
    const cut = { width: PAGE_WIDTH, height: PAGE_HEIGHT, data: new Uint8Array(pageVisible.data) };
    for (let y = 0; y < PAGE_HEIGHT; y++)
      cut.data.fill(0, y * PAGE_WIDTH + PAGE_WIDTH - 2, (y + 1) * PAGE_WIDTH);
    const compared = comparedArea(cut, 10)!;
    assert.equal(compared[100 * PAGE_WIDTH + PAGE_WIDTH - 12], 0);
    assert.ok(compared[100 * PAGE_WIDTH + PAGE_WIDTH - 14]! > 0);
    // The page's own border is no cut: the left side, which the copy shows, stays compared.
    assert.ok(compared[100 * PAGE_WIDTH]! > 0);
  },
);

// A seal drawn pixel by pixel: a toothed rim, a ring and a star of spokes, light on a dark disc.
const SEAL_SIDE = 240;

function sealPage(spokes: number, turn: number, tones: { paper: number; disc: number; light: number }) {
  const data = new Uint8Array(SEAL_SIDE * SEAL_SIDE).fill(tones.paper);
  const [cx, cy] = [120, 120];
  for (let y = 0; y < SEAL_SIDE; y++)
    for (let x = 0; x < SEAL_SIDE; x++) {
      const r = Math.hypot(x - cx, y - cy);
      const t = Math.atan2(y - cy, x - cx);
      const rim = 78 + 6 * Math.sign(Math.sin(24 * t));
      if (r > rim) continue;
      // Spokes: thin light wedges from the centre to the inner ring.
      const phase = (((t - turn) * spokes) / (2 * Math.PI)) % 1;
      const spoke = r > 8 && r < 50 && Math.abs(phase < 0 ? phase + 1 : phase) < 0.12;
      const ring = Math.abs(r - 60) < 2;
      data[y * SEAL_SIDE + x] = spoke || ring ? tones.light : tones.disc;
    }
  return { width: SEAL_SIDE, height: SEAL_SIDE, data };
}

/** A scan's softening: a 3 x 3 box blur. */
function softened(page: GrayRaster): GrayRaster {
  const data = new Uint8Array(page.data);
  for (let y = 1; y < page.height - 1; y++)
    for (let x = 1; x < page.width - 1; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) sum += page.data[(y + dy) * page.width + x + dx]!;
      data[y * page.width + x] = Math.round(sum / 9);
    }
  return { width: page.width, height: page.height, data };
}

const sealVisible = {
  width: SEAL_SIDE,
  height: SEAL_SIDE,
  data: new Uint8Array(SEAL_SIDE * SEAL_SIDE).fill(255),
};
const SEAL_TONES = { paper: 245, disc: 120, light: 235 };

async function lowestLikeness(original: GrayRaster, copy: GrayRaster) {
  const { tiles } = await comparePages(original, copy, sealVisible);
  const measured = tiles.filter((tile) => tile.score >= STRUCTURE_FROM);
  return { measured: measured.length, likeness: Math.min(1, ...measured.map((tile) => tile.likeness ?? 1)) };
}

Deno.test('a seal swapped for another of about the same ink no longer correlates in tone', async () => {
  const original = sealPage(8, 0, SEAL_TONES);
  const swapped = await lowestLikeness(original, sealPage(8, Math.PI / 8, SEAL_TONES));
  assert.ok(swapped.measured > 0, 'some tile over the seal scores');
  assert.ok(swapped.likeness < GRAPHIC_LIKENESS, `lowest likeness ${swapped.likeness}`);
});

Deno.test('the same seal, scanned (greyer, softer), still correlates in tone', async () => {
  const original = sealPage(8, 0, SEAL_TONES);
  const scanned = softened(sealPage(8, 0, { paper: 228, disc: 135, light: 215 }));
  const genuine = await lowestLikeness(original, scanned);
  assert.ok(genuine.likeness >= GRAPHIC_LIKENESS, `lowest likeness ${genuine.likeness}`);
});

Deno.test(
  'likeness measured on cuts around its tiles equals the one of both whole pages blurred',
  async () => {
    // A disc lighter than a dark ground: no outline band, so only the tiles the ink scores are measured.
    const tones = { ...SEAL_TONES, disc: 140 };
    const original = sealPage(8, 0, tones);
    const copy = sealPage(8, Math.PI / 8, tones);
    const { tiles } = await comparePages(original, copy, sealVisible);
    const measured = tiles.filter((tile) => tile.likeness !== undefined);
    // Under 30 tiles of 24 px on a 240 px page, their cuts cover less than the page: cuts are blurred.
    assert.ok(measured.length > 0 && measured.length < 30, `${measured.length} tiles measured`);
    const cv = await openCv();
    const [originalSmooth, copySmooth] = withMats((keep) =>
      [original, copy].map((page) => {
        const blurred = keep(new cv.Mat());
        cv.GaussianBlur(keep(matFromRaster(cv, page)), blurred, new cv.Size(0, 0), 1.5);
        return rasterFromMat(blurred);
      }),
    );
    for (const tile of measured)
      assert.equal(
        tile.likeness,
        structureLikeness(originalSmooth!, copySmooth!, tile.box, tile.shift ?? [0, 0]),
      );
  },
);

/**
 * A transcript's table: a header row filled light grey, grey rules 2 px wide, dark glyphs, and a
 * grade "+" (or "-") in the last cell; lit by `light` (x): every tone scaled, as light falling on a photo.
 */
function drawTable(sign: '+' | '-', light: (x: number) => number): GrayRaster {
  const data = new Uint8Array(PAGE_WIDTH * PAGE_HEIGHT).fill(255);
  const fill = (x: number, y: number, width: number, height: number, value: number) => {
    for (let row = y; row < y + height; row++)
      data.fill(value, row * PAGE_WIDTH + x, row * PAGE_WIDTH + x + width);
  };
  fill(40, 60, 520, 26, 231);
  for (const y of [60, 86, 112, 138]) fill(40, y, 520, 2, 186);
  for (const x of [40, 300, 420, 558]) fill(x, 60, 2, 80, 186);
  for (const top of [67, 93, 119]) for (let x = 50; x < 280; x += 9) fill(x, top, 2, 12, 40);
  fill(440, 124, 10, 2, 40);
  if (sign === '+') fill(444, 120, 2, 10, 40);
  return {
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    data: data.map((value, index) => Math.round(value * light(index % PAGE_WIDTH))),
  };
}

/** A photo's blur: the mean of each pixel's 3 x 3 neighbourhood (clamped at the border). */
function blurred(page: GrayRaster): GrayRaster {
  const data = new Uint8Array(page.data.length);
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const sx = Math.min(page.width - 1, Math.max(0, x + dx));
          const sy = Math.min(page.height - 1, Math.max(0, y + dy));
          sum += page.data[sy * page.width + sx]!;
        }
      data[y * page.width + x] = Math.round(sum / 9);
    }
  }
  return { width: page.width, height: page.height, data };
}

Deno.test(
  'a table photographed in shadow: its grey rules and shaded row match; a grade sign changed does not',
  async () => {
    const original = drawTable('+', () => 1);
    // The page's paper lit at 85 % on the left, a shadow's soft edge, 45 % on the right: there a rule
    // 69 levels under the paper is 31 under the shadowed paper and about 16 once blurred
    // (g-photo-0003: paper 115, rule 99), under the fixed threshold of 18.
    const photoLight = (x: number) => 0.85 - 0.4 * Math.min(1, Math.max(0, (x - 200) / 200));
    const genuine = await comparePages(original, blurred(drawTable('+', photoLight)), pageVisible);
    const worst = Math.max(...genuine.tiles.map((tile) => tile.score));
    assert.ok(worst < TEXT_FLAG_FLOOR, `genuine table in shadow: worst tile ${worst.toFixed(3)}`);
    const forged = await comparePages(original, blurred(drawTable('-', photoLight)), pageVisible);
    const sign = Math.max(
      ...forged.tiles
        .filter((tile) => overlaps(tile.box, { x: 444, y: 120, width: 2, height: 10 }))
        .map((tile) => tile.score),
    );
    assert.ok(sign >= TEXT_FLAG, `grade sign tile scores ${sign.toFixed(3)}`);
  },
);

/**
 * A dark seal as a page compared small shows it: disc and rim dark, a light ring, a star of `spokes`,
 * and, with `ribbons`, two dark ribbons hanging below it.
 */
function darkSealPage(spokes: number, ribbons: boolean): GrayRaster {
  const side = 160;
  const data = new Uint8Array(side * side).fill(248);
  const [cx, cy] = [80, 60];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const r = Math.hypot(x - cx, y - cy);
      const t = Math.atan2(y - cy, x - cx);
      const ribbon = ribbons && y > cy && y < cy + 44 && Math.abs(Math.abs(x - cx) - 13) < 7;
      if (r > 22 + 2 * Math.sign(Math.sin(20 * t)) && !ribbon) continue;
      const phase = ((((t * spokes) / (2 * Math.PI)) % 1) + 1) % 1;
      const light = (r > 3 && r < 12 && phase < 0.2) || Math.abs(r - 16) < 1.2;
      data[y * side + x] = light ? 240 : 70;
    }
  return { width: side, height: side, data };
}

Deno.test(
  'a dark seal swapped for another is unlike in tone where its outline band leaves no ink to compare',
  async () => {
    const original = darkSealPage(8, true);
    const visibleAll = { width: 160, height: 160, data: new Uint8Array(160 * 160).fill(255) };
    const { tiles } = await comparePages(original, darkSealPage(6, false), visibleAll);
    // The blind spot: the ink comparison leaves the seal out along its outline and scores nothing.
    assert.ok(
      tiles.every((tile) => tile.score < STRUCTURE_FROM),
      'the ink comparison scores the seal',
    );
    const unlike = tiles.filter((tile) => judgedByTones(tile) && (tile.likeness ?? 1) < GRAPHIC_LIKENESS);
    assert.ok(unlike.length > 0, 'no tile over the swapped seal is unlike');
    const genuine = await comparePages(original, softened(darkSealPage(8, true)), visibleAll);
    const lowest = Math.min(
      ...genuine.tiles.filter((tile) => judgedByTones(tile)).map((tile) => tile.likeness ?? 1),
    );
    assert.ok(lowest >= GRAPHIC_LIKENESS, `the same seal softened: lowest likeness ${lowest}`);
  },
);

Deno.test(
  'a dark band along the page edge is not judged by its tones where a photo shows the desk',
  async () => {
    const side = 240;
    const original = { width: side, height: side, data: new Uint8Array(side * side).fill(248) };
    for (let y = 222; y < side; y++) original.data.fill(40, y * side, (y + 1) * side);
    // The photo's page edge 8 px early: the desk's mottled grey beyond it.
    const photo = { width: side, height: side, data: new Uint8Array(original.data) };
    for (let y = 232; y < side; y++)
      for (let x = 0; x < side; x++) photo.data[y * side + x] = 110 + ((x * 7 + y * 13) % 5) * 20;
    const { tiles } = await comparePages(original, photo, sealVisible);
    const unlike = tiles.filter((tile) => judgedByTones(tile) && (tile.likeness ?? 1) < GRAPHIC_LIKENESS);
    assert.deepEqual(
      unlike.map((tile) => tile.box),
      [],
    );
  },
);

Deno.test("a tile's ink depth is how far its inked pixels lie under the tile's paper", async () => {
  // A light rule (200 on 245 paper) and a dark stroke (40) on one page, each in its own tile, found
  // as ink by the page's own ink masks.
  const width = 100;
  const height = 50;
  const data = new Uint8Array(width * height).fill(245);
  for (let y = 5; y < 45; y++) {
    data[y * width + 25] = 200;
    for (let x = 70; x < 73; x++) data[y * width + x] = 40;
  }
  const page: GrayRaster = { width, height, data };
  const masks = await inkMasks(page);
  const light = inkDepth(page, masks, { x: 0, y: 0, width: 50, height: 50 });
  const dark = inkDepth(page, masks, { x: 50, y: 0, width: 50, height: 50 });
  assert.ok(light > 0 && light < 54, `light rule ${light}`);
  assert.ok(dark > 150, `dark stroke ${dark}`);
  assert.equal(inkDepth(page, masks, { x: 0, y: 0, width: 20, height: 50 }), 0);
});

/**
 * A transcript's rows of small dark glyphs between light table rules (`ruleTone`, 255 for none) that
 * the columns' darker rules cross, a line above and under the table, and a grade sign "+" (or "-") in
 * the last cell of the table's last row.
 */
function ruledRows(ruleTone: number, sign: '+' | '-'): GrayRaster {
  const data = new Uint8Array(PAGE_WIDTH * PAGE_HEIGHT).fill(255);
  const fill = (x: number, y: number, width: number, height: number, value: number) => {
    for (let row = y; row < y + height; row++)
      data.fill(value, row * PAGE_WIDTH + x, row * PAGE_WIDTH + x + width);
  };
  for (const y of [62, 88, 114, 140]) fill(40, y, 520, 2, ruleTone);
  for (const x of [40, 300, 420, 558]) fill(x, 62, 2, 80, 120);
  for (const top of [20, 69, 95, 121, 200]) for (let x = 50; x < 280; x += 9) fill(x, top, 2, 12, 40);
  fill(440, 126, 10, 2, 40);
  if (sign === '+') fill(444, 122, 2, 10, 40);
  return { width: PAGE_WIDTH, height: PAGE_HEIGHT, data };
}

Deno.test(
  'a light table rule a copy lost is no change to the rows it runs by; a grade sign still is',
  async () => {
    // Seed 7 `g-screenshot-0003`: at a screenshot's 40 % the light rules (35-41 levels under the paper)
    // tipped under the ink threshold, and the rows' tiles scored 1.0: a genuine copy answered altered.
    const original = ruledRows(205, '+');
    // A title above the table and a date under it: the text block holds the table.
    const rows = [20, 69, 95, 121, 200].map((y): RegisteredLine => ({
      box: { x: 50, y, width: 232, height: 12 },
      text: 'Module 15',
      confidence: 0.95,
      field: null,
    }));
    const lines = [
      ...rows,
      { box: { x: 440, y: 122, width: 10, height: 10 }, text: 'A+', confidence: 0.95, field: null },
    ];
    const rescored = async (copy: GrayRaster) => {
      const comparison = await comparePages(original, copy, pageVisible);
      const rules = tableRules(comparison.originalInk, lines, textBlock(lines));
      assert.ok(rules, 'the rules are found');
      const lost = Math.max(...comparison.tiles.map((tile) => tile.score));
      rescoreWithout(comparison, rules);
      return { lost, tiles: comparison.tiles };
    };
    const genuine = await rescored(ruledRows(255, '+'));
    assert.ok(genuine.lost >= TEXT_FLAG, `the lost rules flag before: ${genuine.lost.toFixed(3)}`);
    const worst = Math.max(...genuine.tiles.map((tile) => tile.score));
    assert.ok(worst < TEXT_FLAG_FLOOR, `genuine rows without their rules: worst tile ${worst.toFixed(3)}`);
    const forged = await rescored(ruledRows(255, '-'));
    const sign = Math.max(
      ...forged.tiles
        .filter((tile) => overlaps(tile.box, { x: 444, y: 122, width: 2, height: 10 }))
        .map((tile) => tile.score),
    );
    assert.ok(sign >= TEXT_FLAG, `grade sign tile scores ${sign.toFixed(3)}`);
  },
);
