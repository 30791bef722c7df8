import assert from 'node:assert/strict';
import { drawnCertificate } from '../copies/testing.ts';
import type { GrayRaster } from '../documents/raster.ts';
import { detectFileType } from '../processing/detect.ts';
import { inProcessOcr } from './in-process-ocr.ts';
import { pageRaster } from './page.ts';
import { composed, warpCorrection } from './refine.ts';
import { mapPoint, warpOntoOriginal } from './warp.ts';

const certificate = await drawnCertificate('Mia Lindqvist', 'ON-06037460', { factScale: 1.6 });
const page: GrayRaster = await pageRaster(certificate, detectFileType(certificate)!, 825, inProcessOcr);

/** Largest distance, over the page's corners, between where two homographies send them. */
function cornerError(a: number[], b: number[]): number {
  const corners = [
    [0, 0],
    [page.width, 0],
    [0, page.height],
    [page.width, page.height],
  ];
  return Math.max(
    ...corners.map(([x, y]) => {
      const [ax, ay] = mapPoint(a, x!, y!);
      const [bx, by] = mapPoint(b, x!, y!);
      return Math.hypot(ax - bx, ay - by);
    }),
  );
}

const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** How far off the page's corners still are once a warp `off` is corrected (it must be). */
async function cornersAfterCorrection(off: number[]): Promise<number> {
  const warped = await warpOntoOriginal(page, off, page.width, page.height);
  const correction = await warpCorrection(page, warped.page, warped.visible);
  assert.ok(correction, 'a correction is found');
  return cornerError(composed(correction, off), identity);
}

Deno.test(
  'a warp a third of a percent too large and turned a little is corrected to its border',
  async () => {
    // The keypoint fit's kind of error: right where the text is, 2-3 px off at the page's corners.
    const off = [1.0035, 0.0015, -1.2, -0.002, 1.003, 0.8, 0, 0, 1];
    assert.ok(cornerError(off, identity) > 2);
    const left = await cornersAfterCorrection(off);
    assert.ok(left < 0.5, `corners still ${left.toFixed(2)} px off`);
  },
);

Deno.test(
  'a warp off in perspective, right at one corner and 4 px off at the far one, is corrected',
  async () => {
    // A tilted photo's keypoints, bunched in the text, fitted its tilt a little wrong: an affine
    // correction cannot follow an error that grows across the page (seed 23 `g-photo-0000`).
    const off = [1, 0, 0, 0, 1, 0, 4e-6, 3e-6, 1];
    assert.ok(
      cornerError(off, identity) > 3,
      `the far corner ${cornerError(off, identity).toFixed(2)} px off`,
    );
    const left = await cornersAfterCorrection(off);
    assert.ok(left < 0.5, `corners still ${left.toFixed(2)} px off`);
  },
);

Deno.test('a warp off by less than the least asked for is left alone', async () => {
  const shifted = await warpOntoOriginal(page, [1, 0, 1.5, 0, 1, 0, 0, 0, 1], page.width, page.height);
  assert.ok(await warpCorrection(page, shifted.page, shifted.visible), 'corrected when any error counts');
  assert.equal(await warpCorrection(page, shifted.page, shifted.visible, 2), null);
});

Deno.test('a warp already in place, or a page without edges to place patches by, is left alone', async () => {
  const same = await warpOntoOriginal(page, identity, page.width, page.height);
  assert.equal(await warpCorrection(page, same.page, same.visible), null);
  const blank = { width: page.width, height: page.height, data: new Uint8Array(page.data.length).fill(240) };
  const shifted = await warpOntoOriginal(blank, [1, 0, 2, 0, 1, 2, 0, 0, 1], page.width, page.height);
  assert.equal(await warpCorrection(blank, shifted.page, shifted.visible), null);
});
