import assert from 'node:assert/strict';
import encodeJpeg from '@jsquash/jpeg/encode.js';
import { drawnCertificate, rgbOf } from '../copies/testing.ts';
import type { RgbImage } from '../copies/png.ts';
import { resizeArea } from '../documents/raster.ts';
import { decodeImage, decodeImageNear } from './decode.ts';
import { detectFileType } from './detect.ts';
import { decodeJpegGray } from './jpeg-gray.ts';

async function jpegOf(image: RgbImage, progressive: boolean): Promise<Uint8Array> {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let index = 0; index < image.width * image.height; index++) {
    rgba.set(image.data.subarray(index * 3, index * 3 + 3), index * 4);
    rgba[index * 4 + 3] = 255;
  }
  const data = { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData;
  return new Uint8Array(await encodeJpeg(data, { quality: 85, progressive }));
}

const page = await rgbOf(await drawnCertificate('Zoë García', 'NW-2025-0188'));
const baseline = await jpegOf(page, false);

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let total = 0;
  for (let index = 0; index < a.length; index++) total += Math.abs(a[index]! - b[index]!);
  return total / a.length;
}

Deno.test('a baseline JPEG decoded at half size is the full decode shrunk, in grey', async () => {
  const reduced = decodeJpegGray(baseline, 800);
  assert.ok(reduced);
  assert.equal(reduced.width, 800);
  assert.equal(reduced.height, Math.ceil(1131 / 2));
  const full = await decodeImage(baseline, detectFileType(baseline)!);
  const shrunk = resizeArea(full, reduced.width, reduced.height);
  // Only at stroke edges do they differ (a band-limited sample against an area average): 2.3 levels
  // on this sharp drawn page, 0.1 on a blurred phone photo.
  const difference = meanDifference(reduced.data, shrunk.data);
  assert.ok(difference < 3, `mean difference ${difference.toFixed(2)} grey levels`);
});

Deno.test('the scale is the smallest that keeps the long side asked for, full size at most', () => {
  assert.equal(decodeJpegGray(baseline, 150)?.width, 200);
  assert.equal(decodeJpegGray(baseline, 401)?.width, 800);
  assert.equal(decodeJpegGray(baseline, 1600)?.width, 1600);
  assert.equal(decodeJpegGray(baseline, 5000)?.width, 1600);
});

Deno.test('a full-size luma decode matches the colour decoder turned grey', async () => {
  const luma = decodeJpegGray(baseline, 1600)!;
  const full = await decodeImage(baseline, detectFileType(baseline)!);
  assert.ok(meanDifference(luma.data, full.data) < 1);
});

Deno.test('progressive and damaged JPEGs are left to the full decoder', async () => {
  const progressive = await jpegOf(page, true);
  assert.equal(decodeJpegGray(progressive, 800), null);
  const near = await decodeImageNear(progressive, detectFileType(progressive)!, 800);
  assert.equal(near.width, 1600);
  // Cut inside the entropy-coded data: read to its end with zero bits, as libjpeg does, or refused.
  const cut = baseline.subarray(0, Math.round(baseline.length * 0.6));
  const partial = decodeJpegGray(cut, 800);
  assert.ok(partial === null || partial.width === 800);
  assert.equal(decodeJpegGray(baseline.subarray(0, 200), 800), null);
});
