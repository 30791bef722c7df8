import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import { nearestTwo } from './align.ts';
import { pageFeatures } from './features.ts';
import { withMats } from './mats.ts';
import { openCv } from './opencv.ts';

/** A page of grey blocks and strokes from a fixed seed: corners enough for 1500 ORB features. */
function patternedPage(seed: number, width: number, height: number): GrayRaster {
  let state = seed;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) / (1 << 24);
  const data = new Uint8Array(width * height).fill(235);
  for (let block = 0; block < 900; block++) {
    const x = Math.floor(next() * (width - 30));
    const y = Math.floor(next() * (height - 30));
    const w = 3 + Math.floor(next() * 25);
    const h = 3 + Math.floor(next() * 25);
    const level = Math.floor(next() * 200);
    for (let row = y; row < y + h; row++) data.fill(level, row * width + x, row * width + x + w);
  }
  return { width, height, data };
}

/** OpenCV's brute-force Hamming knnMatch (k = 2), as alignCopy used it, in nearestTwo's layout. */
async function openCvNearestTwo(query: Uint8Array, train: Uint8Array): Promise<number[]> {
  const cv = await openCv();
  return withMats((keep) => {
    const queryMat = keep(new cv.Mat(query.length / 32, 32, cv.CV_8UC1));
    queryMat.data.set(query);
    const trainMat = keep(new cv.Mat(train.length / 32, 32, cv.CV_8UC1));
    trainMat.data.set(train);
    const pairs = keep(new cv.DMatchVectorVector());
    keep(new cv.BFMatcher(cv.NORM_HAMMING, false)).knnMatch(queryMat, trainMat, pairs, 2);
    const nearest: number[] = [];
    for (let index = 0; index < pairs.size(); index++) {
      const pair = pairs.get(index);
      nearest.push(pair.get(0).trainIdx, pair.get(0).distance, pair.get(1).trainIdx, pair.get(1).distance);
    }
    return nearest;
  });
}

Deno.test(
  'the two nearest descriptors are the ones, in the order and with the ties, OpenCV matched',
  async () => {
    const copy = await pageFeatures(patternedPage(7, 1000, 700), 1500);
    const original = await pageFeatures(patternedPage(7, 1000, 700), 1500);
    const other = await pageFeatures(patternedPage(11, 1000, 700), 1500);
    assert.ok(copy.descriptors.length / 32 > 500);
    for (const train of [original, other]) {
      // A descriptor set repeated: every distance is tied with another train index.
      for (const trainDescriptors of [
        train.descriptors,
        new Uint8Array([...train.descriptors, ...train.descriptors]),
      ]) {
        const expected = await openCvNearestTwo(copy.descriptors, trainDescriptors);
        assert.deepEqual([...nearestTwo(copy.descriptors, trainDescriptors)], expected);
      }
    }
    // Descriptors cut from the middle of a buffer (not word-aligned) read the same.
    const shifted = new Uint8Array(copy.descriptors.length + 1);
    shifted.set(copy.descriptors, 1);
    assert.deepEqual(
      [...nearestTwo(shifted.subarray(1), original.descriptors)],
      [...nearestTwo(copy.descriptors, original.descriptors)],
    );
  },
);
