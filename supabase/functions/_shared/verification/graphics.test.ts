import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import { differingInkShape, graphicKind, graphicNamedBy, inkObjectShape } from './graphics.ts';
import { inkMasks } from './ink.ts';

// Pages drawn pixel by pixel and their ink found by the real adaptive threshold (OpenCV).
const WIDTH = 400;
const HEIGHT = 300;
const PAPER = 245;
const INK = 40;
const AREA = { x: 40, y: 40, width: 320, height: 220 };

function paper(): GrayRaster {
  return { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT).fill(PAPER) };
}

function dot(page: GrayRaster, x: number, y: number, radius: number, tone = INK): void {
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++) {
      const px = Math.round(x + dx);
      const py = Math.round(y + dy);
      if (dx * dx + dy * dy <= radius * radius && px >= 0 && py >= 0 && px < WIDTH && py < HEIGHT)
        page.data[py * WIDTH + px] = tone;
    }
}

/** A rosette: two rings and spokes, as a seal is drawn. */
function seal(page: GrayRaster, spokes: number): GrayRaster {
  const [cx, cy] = [200, 150];
  for (let angle = 0; angle < 360; angle += 1) {
    const t = (angle * Math.PI) / 180;
    dot(page, cx + 80 * Math.cos(t), cy + 80 * Math.sin(t), 2);
    dot(page, cx + 60 * Math.cos(t), cy + 60 * Math.sin(t), 1);
  }
  for (let spoke = 0; spoke < spokes; spoke++) {
    const t = (spoke * 2 * Math.PI) / spokes;
    for (let r = 10; r < 55; r += 1) dot(page, cx + r * Math.cos(t), cy + r * Math.sin(t), 1);
  }
  return page;
}

/** A signature: a wide run of loops with a flourish under it. */
function signature(page: GrayRaster, loops: number): GrayRaster {
  for (let x = 60; x < 340; x += 0.5) {
    dot(page, x, 150 + 18 * Math.sin(((x - 60) / 280) * loops * 2 * Math.PI), 1);
    if (x > 100) dot(page, x, 172 + 3 * Math.sin(x / 20), 1);
  }
  return page;
}

/** A photo: a rectangle of mottled tones, filled to its corners. */
function photo(page: GrayRaster, seed: number): GrayRaster {
  let state = seed;
  for (let y = 60; y < 240; y++)
    for (let x = 130; x < 270; x++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      page.data[y * WIDTH + x] = 60 + ((state >> 16) % 140);
    }
  return page;
}

async function kindOf(original: GrayRaster, copy: GrayRaster) {
  const shape = differingInkShape(await inkMasks(original), await inkMasks(copy), AREA);
  assert.ok(shape, 'some ink differs');
  return graphicKind(shape, 14);
}

Deno.test('a roundish mark replaced by another is a seal', async () => {
  assert.equal(await kindOf(seal(paper(), 8), seal(paper(), 5)), 'seal');
});

Deno.test('a wide thin stroke replaced by another is a signature', async () => {
  assert.equal(await kindOf(signature(paper(), 3), signature(paper(), 5)), 'signature');
});

Deno.test('a filled rectangle replaced by another is a photo', async () => {
  assert.equal(await kindOf(photo(paper(), 1), photo(paper(), 2)), 'photo');
});

Deno.test('a glyph changed in a line of text is no graphic, however round', async () => {
  const original = paper();
  const copy = paper();
  dot(original, 200, 150, 7);
  for (let angle = 0; angle < 360; angle += 2) {
    const t = (angle * Math.PI) / 180;
    dot(copy, 200 + 7 * Math.cos(t), 150 + 7 * Math.sin(t), 1);
  }
  const shape = differingInkShape(await inkMasks(original), await inkMasks(copy), AREA);
  assert.ok(shape);
  assert.equal(graphicKind(shape, 14), null);
});

Deno.test('the same ink has no shape to name, and a label near a graphic names it', async () => {
  const masks = await inkMasks(seal(paper(), 8));
  assert.equal(differingInkShape(masks, masks, AREA), null);
  assert.equal(graphicNamedBy('Signature of the Registrar'), 'signature');
  assert.equal(graphicNamedBy('This transcript is valid only with the seal of the issuer.'), 'seal');
  assert.equal(graphicNamedBy('Jane Doe, Registrar'), null);
});

Deno.test(
  'one flagged tile of a seal is named by the whole mark it lies on; a tile of text is not',
  async () => {
    const original = await inkMasks(seal(paper(), 8));
    const copy = await inkMasks(seal(paper(), 5));
    const tile = { x: 250, y: 100, width: 40, height: 40 };
    const object = inkObjectShape(original, copy, tile, 200);
    assert.ok(object);
    assert.equal(graphicKind(object, 14), 'seal');
    const text = paper();
    for (let x = 20; x < 380; x += 9) for (let y = 140; y < 154; y++) text.data[y * WIDTH + x] = INK;
    const lineInk = await inkMasks(text);
    const shape = inkObjectShape(lineInk, lineInk, { x: 180, y: 130, width: 40, height: 40 }, 200);
    assert.equal(shape && graphicKind(shape, 14), null);
  },
);

/** Every pixel for which `inside` holds, in `tone`. */
function paint(page: GrayRaster, inside: (x: number, y: number) => boolean, tone = INK): GrayRaster {
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) if (inside(x, y)) page.data[y * WIDTH + x] = tone;
  return page;
}

/**
 * An award seal: a serrated ring of `teeth` teeth around an inner ring, and, when asked, two ribbons
 * hanging below it, 1.8 radii long.
 */
function rosette(page: GrayRaster, teeth: number, ribbons: boolean): GrayRaster {
  const [cx, cy, radius] = [200, 95, 70];
  for (let step = 0; step < 3600; step++) {
    const t = (step * Math.PI) / 1800;
    const edge = radius * (0.93 + 0.07 * Math.abs(Math.sin((t * teeth) / 2)));
    dot(page, cx + edge * Math.cos(t), cy + edge * Math.sin(t), 2);
    dot(page, cx + 0.6 * radius * Math.cos(t), cy + 0.6 * radius * Math.sin(t), 1);
  }
  if (ribbons)
    for (const side of [-1, 1])
      for (let s = 0; s <= 1; s += 0.002)
        dot(page, cx + side * radius * (0.3 + 0.45 * s), cy + radius * (0.9 + 0.9 * s), 3);
  return page;
}

/** A portrait: a toned ground darkening downwards, a head and shoulders, in a thin frame. */
function portrait(page: GrayRaster, headRadius: number, shoulders: number): GrayRaster {
  const [x0, y0, x1, y1] = [140, 60, 260, 240];
  paint(page, (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1, 200);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) page.data[y * WIDTH + x] = 210 - (y - y0) / 3;
  paint(page, (x, y) => Math.hypot(x - 200, y - 130) <= headRadius, 150);
  paint(page, (x, y) => y >= 200 && y <= y1 && Math.abs(x - 200) <= shoulders, 70);
  paint(
    page,
    (x, y) =>
      x >= x0 && x <= x1 && y >= y0 && y <= y1 && (x - x0 < 2 || x1 - x < 2 || y - y0 < 2 || y1 - y < 2),
    80,
  );
  return page;
}

Deno.test('a serrated ring swapped for one with ribbons below it is a seal, not a photo', async () => {
  const original = await inkMasks(rosette(paper(), 24, false));
  const copy = await inkMasks(rosette(paper(), 36, true));
  // The ring's teeth and the ribbons' ends reach cells an eighth of each side into the extent's
  // corners; a photo fills the corners themselves.
  const differing = differingInkShape(original, copy, { x: 0, y: 0, width: WIDTH, height: HEIGHT });
  assert.ok(differing);
  assert.equal(differing.cornered, false);
  assert.notEqual(graphicKind(differing, 14), 'photo');
  const whole = inkObjectShape(original, copy, { x: 250, y: 60, width: 40, height: 40 }, 200);
  assert.ok(whole);
  assert.equal(graphicKind(whole, 14), 'seal');
});

Deno.test(
  'a framed portrait swapped for another is a photo: the whole mark a tile of it lies on',
  async () => {
    const original = await inkMasks(portrait(paper(), 30, 50));
    const copy = await inkMasks(portrait(paper(), 38, 40));
    // A tile over the shoulders' edge: they meet the frame.
    const whole = inkObjectShape(original, copy, { x: 235, y: 205, width: 20, height: 20 }, 200);
    assert.ok(whole);
    assert.equal(graphicKind(whole, 14), 'photo');
    const differing = differingInkShape(original, copy, AREA);
    assert.notEqual(differing && graphicKind(differing, 14), 'seal');
  },
);
