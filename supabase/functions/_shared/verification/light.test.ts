import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import { evenLight, lightField } from './light.ts';
import { hammingDistance, pageHash } from './page-hash.ts';

/** A page with a dark panel on the left, text lines beside it and a seal-like block, lit by `light`. */
function page(light: (x: number, y: number) => number): GrayRaster {
  const width = 900;
  const height = 600;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = 240;
      if (x < 250) value = 40;
      else if (y % 40 < 12 && x > 300 && x < 300 + ((y * 7) % 400) + 150) value = 30;
      else if (x > 700 && x < 820 && y > 420 && y < 540) value = 90;
      data[y * width + x] = Math.round(value * light(x, y));
    }
  }
  return { width, height, data };
}

const flat = page(() => 1);
// A light falling off across the page and a soft shadow over the upper right corner, as in a phone photo.
const shaded = page((x, y) => {
  const gradient = 1 - 0.3 * (x / 900);
  const side = x - 1.2 * y - 450;
  return gradient * (1 - 0.4 * Math.min(1, Math.max(0, (side + 60) / 120)));
});

Deno.test('evening the light brings a shaded photo of a page back near the hash of the page', async () => {
  const registered = pageHash(flat);
  const asTaken = hammingDistance(pageHash(shaded), registered);
  const evened = hammingDistance(pageHash(await evenLight(shaded)), registered);
  assert.ok(evened < asTaken, `evened ${evened} bits, as taken ${asTaken}`);
  assert.ok(evened <= 10, `evened ${evened} bits`);
});

Deno.test('an evenly lit page keeps its dark panel and its hash', async () => {
  const evened = await evenLight(flat);
  assert.ok(hammingDistance(pageHash(evened), pageHash(flat)) <= 2);
  // The panel stays dark: its blocks take the paper's light, not their own.
  assert.ok(evened.data[300 * flat.width + 100]! < 60, `panel ${evened.data[300 * flat.width + 100]}`);
});

Deno.test('blocks too dark to be paper in shadow take the light of the paper around them', () => {
  const levels = new Float64Array(24 * 24).fill(200);
  levels[5 * 24 + 5] = 40;
  levels[0] = 150;
  const light = lightField(levels);
  assert.equal(light[5 * 24 + 5], 200);
  // Paper in shadow (under the brightest, above half of it) keeps its own level.
  assert.equal(light[0], 150);
});
