import assert from 'node:assert/strict';
import { fitWithin, resizeArea, shrunkTo } from './raster.ts';

const width = 900;
const height = 600;

/** A 900 x 600 page of pseudo-random grey levels (a prime stride modulo a prime): no two resizes agree by chance. */
function patternedPage(stride: number, levels: number) {
  const data = new Uint8Array(width * height);
  for (let index = 0; index < data.length; index++) data[index] = (index * stride) % levels;
  return { width, height, data };
}

Deno.test('a raster shrunk twice to the same side is resized once, to the same pixels', () => {
  const page = patternedPage(7919, 251);
  const { data } = page;
  const first = fitWithin(page, 600);
  assert.equal(fitWithin(page, 600), first);
  assert.deepEqual(first, resizeArea(page, 600, 400));
  // Another side, or another raster with the same pixels, is its own resize.
  assert.equal(fitWithin(page, 300).width, 300);
  assert.notEqual(fitWithin({ width, height, data: data.slice() }, 600), first);
  // Within the side already: the raster itself.
  assert.equal(fitWithin(page, 900), page);
});

Deno.test('a raster shrunk to a size it was fitted to before is that same resize', () => {
  const page = patternedPage(104729, 253);
  const fitted = fitWithin(page, 600);
  assert.equal(shrunkTo(page, 600, 400), fitted);
  const odd = shrunkTo(page, 613, 409);
  assert.equal(shrunkTo(page, 613, 409), odd);
  assert.deepEqual(odd, resizeArea(page, 613, 409));
});
