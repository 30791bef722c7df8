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
/** The decoders' own cap (decode.ts MAX_MEGAPIXELS): 40 megapixels. */
const MAX_PIXELS = 40_000_000;

/** `jpeg` with its frame header (SOF0) followed by a second one that claims `width` x `height`. */
function withSecondFrame(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  let at = 2;
  while (!(jpeg[at] === 0xff && jpeg[at + 1] === 0xc0)) at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  const second = jpeg.slice(at, end);
  second.set([height >> 8, height & 255, width >> 8, width & 255], 5);
  return new Uint8Array([...jpeg.subarray(0, end), ...second, ...jpeg.subarray(end)]);
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let total = 0;
  for (let index = 0; index < a.length; index++) total += Math.abs(a[index]! - b[index]!);
  return total / a.length;
}

Deno.test('a baseline JPEG decoded at half size is the full decode shrunk, in grey', async () => {
  const reduced = decodeJpegGray(baseline, 800, MAX_PIXELS);
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
  assert.equal(decodeJpegGray(baseline, 150, MAX_PIXELS)?.width, 200);
  assert.equal(decodeJpegGray(baseline, 401, MAX_PIXELS)?.width, 800);
  assert.equal(decodeJpegGray(baseline, 1600, MAX_PIXELS)?.width, 1600);
  assert.equal(decodeJpegGray(baseline, 5000, MAX_PIXELS)?.width, 1600);
});

Deno.test('a full-size luma decode matches the colour decoder turned grey', async () => {
  const luma = decodeJpegGray(baseline, 1600, MAX_PIXELS)!;
  const full = await decodeImage(baseline, detectFileType(baseline)!);
  assert.ok(meanDifference(luma.data, full.data) < 1);
});

Deno.test('progressive and damaged JPEGs are left to the full decoder', async () => {
  const progressive = await jpegOf(page, true);
  assert.equal(decodeJpegGray(progressive, 800, MAX_PIXELS), null);
  const near = await decodeImageNear(progressive, detectFileType(progressive)!, 800);
  assert.equal(near.width, 1600);
  // Cut inside the entropy-coded data: far more missing than the reader pads, so refused.
  const cut = baseline.subarray(0, Math.round(baseline.length * 0.6));
  assert.equal(decodeJpegGray(cut, 800, MAX_PIXELS), null);
  assert.equal(decodeJpegGray(baseline.subarray(0, 200), 800, MAX_PIXELS), null);
});

Deno.test('a frame over the pixel cap, or a second frame header, is never decoded', () => {
  // The size checked before decoding is the first frame's; a second one must not replace it.
  assert.equal(decodeJpegGray(withSecondFrame(baseline, 65535, 65535), 800, MAX_PIXELS), null);
  assert.equal(decodeJpegGray(withSecondFrame(baseline, 1600, 1131), 800, MAX_PIXELS), null);
  assert.equal(decodeJpegGray(baseline, 800, 1600 * 1131 - 1), null);
});
