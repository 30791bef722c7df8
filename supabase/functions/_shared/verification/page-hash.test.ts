/**
 * The pages retrieval cuts out of a picture (page-hash.ts): a page a viewer shows is found by the
 * flat pane around it, also where its own edges draw no outline of the whole page.
 */
import assert from 'node:assert/strict';
import { drawnCertificate, phonePhoto, pngOf, rgbOf, viewerScreenshot } from '../copies/testing.ts';
import type { GrayRaster } from '../documents/raster.ts';
import type { RgbImage } from '../copies/png.ts';
import { detectFileType } from '../processing/detect.ts';
import type { OcrClient } from './ocr-client.ts';
import {
  CANONICAL_LONG_SIDE,
  copyRasters,
  COPY_WORKING_LONG_SIDE,
  MAX_KEPT_DECODED_PIXELS,
  pageRaster,
} from './page.ts';
import { copyPageHashes, hammingDistance, pageHash, surroundedPages } from './page-hash.ts';
import { pagesAlone } from './verify.ts';

/** Images only: the OCR client is never asked for a PDF's page. */
const noOcr = {} as OcrClient;

function rasterOf(bytes: Uint8Array, longSide: number): Promise<GrayRaster> {
  return pageRaster(bytes, detectFileType(bytes)!, longSide, noOcr);
}

/** The page with a dark band (`band` of its height) across its top and a dark panel down its left side, both to its edges, of `tone`. */
function banded(page: RgbImage, band = 0.15, tone = 34): RgbImage {
  const data = new Uint8Array(page.data);
  for (let y = 0; y < page.height; y++)
    for (let x = 0; x < page.width; x++)
      if (y < page.height * band || x < page.width * 0.22)
        data.fill(tone, (y * page.width + x) * 3, (y * page.width + x + 1) * 3);
  return { ...page, data };
}

const page = banded(await rgbOf(await drawnCertificate('Hannah Müller', 'AWU-2018-000118')));
const registeredHash = pageHash(await rasterOf(await pngOf(page), CANONICAL_LONG_SIDE));

Deno.test(
  "a viewer's page whose dark band and panel meet its edges hashes as the page, light or dark pane",
  async () => {
    for (const dark of [false, true]) {
      for (const zoom of [0.45, 0.8]) {
        const copy = await rasterOf(await viewerScreenshot(page, { zoom, dark }), COPY_WORKING_LONG_SIDE);
        const hashes = await copyPageHashes(copy);
        const nearest = Math.min(...hashes.map((hash) => hammingDistance(hash, registeredHash)));
        // The same page cut out again differs by a few bits (resampling); another page of one template
        // by 2-6, another template by 20 and more.
        assert.ok(nearest <= 8, `${dark ? 'dark' : 'light'} pane, zoom ${zoom}: ${nearest} bits`);
      }
    }
  },
);

Deno.test('the page a viewer shows is cut out where it lies, its shadow left out', async () => {
  const width = 1920;
  const height = 1080;
  const copy = await rasterOf(await viewerScreenshot(page, { width, height, zoom: 0.6 }), width);
  const [shown, ...others] = await surroundedPages(copy);
  assert.ok(shown, 'no page found');
  assert.equal(others.length, 0, 'only the page is set off by the pane');
  // viewerScreenshot's geometry: the page centred in the pane right of the sidebar, under the toolbar.
  const toolbar = Math.round(height * 0.055);
  const sidebar = Math.round(width * 0.13);
  const scale = Math.min((width - sidebar - 80) / page.width, (height - toolbar - 60) / page.height) * 0.6;
  const left = Math.round(sidebar + (width - sidebar - page.width * scale) / 2);
  const top = Math.round(toolbar + (height - toolbar - page.height * scale) / 2);
  const right = left + Math.round(page.width * scale);
  const bottom = top + Math.round(page.height * scale);
  const [[x0, y0], , [x1, y1]] = shown;
  // Inside the page (the shadow beyond its right and bottom edges is cut off) by at most 2 % of it.
  const slack = 0.02 * Math.max(right - left, bottom - top);
  for (const [found, edge, inward] of [
    [x0, left, 1],
    [y0, top, 1],
    [x1, right, -1],
    [y1, bottom, -1],
  ] as const) {
    const inside = (found - edge) * inward;
    assert.ok(inside >= 0 && inside <= slack, `edge at ${found.toFixed(1)}, page edge at ${edge}`);
  }
});

Deno.test('a page that fills the picture, with no pane around it, is no surrounded page', async () => {
  assert.deepEqual(await surroundedPages(await rasterOf(await pngOf(page), CANONICAL_LONG_SIDE)), []);
});

Deno.test('a photographed page whose dark panel meets the dark desk hashes as the page', async () => {
  const paneled = banded(await rgbOf(await drawnCertificate('Ağa Novák', 'TLC-2017-000716')), 0, 50);
  const registered = pageHash(await rasterOf(await pngOf(paneled), CANONICAL_LONG_SIDE));
  const photo = await rasterOf(
    await phonePhoto(paneled, 2, { width: 2000, height: 1500 }),
    COPY_WORKING_LONG_SIDE,
  );
  const nearest = Math.min(...(await copyPageHashes(photo)).map((hash) => hammingDistance(hash, registered)));
  // The light part alone (the page without its panel) hashed 18 bits away; the whole page 4.
  assert.ok(nearest <= 12, `${nearest} bits`);
});

Deno.test(
  "a 2560 px screenshot's page is cut out at the resolution decoded, not at the working raster's",
  async () => {
    const bytes = await viewerScreenshot(page, { width: 2560, height: 1440, zoom: 0.5 });
    const { working, decoded } = await copyRasters(bytes, detectFileType(bytes)!, noOcr);
    assert.equal(decoded.width, 2560);
    assert.equal(working.width, COPY_WORKING_LONG_SIDE);
    const surrounded = await surroundedPages(working);
    const [alone, ...others] = pagesAlone(decoded, working, surrounded);
    assert.ok(alone, 'no page alone');
    assert.equal(others.length, 0);
    // The page keeps the 2560 / 1800 times more pixels each way that the working raster lost.
    const [[, top], , [, bottom]] = surrounded[0]!;
    const expected = ((bottom - top) * decoded.width) / working.width;
    assert.ok(
      Math.abs(alone.raster.height - expected) <= 2,
      `${alone.raster.height} px, ${expected} expected`,
    );
    assert.ok(hammingDistance(alone.hash, registeredHash) <= 8);
  },
);

Deno.test('a 1920 px screenshot, hardly larger than the working raster, is examined whole', async () => {
  const bytes = await viewerScreenshot(page, { width: 1920, height: 1080, zoom: 0.5 });
  const { working, decoded } = await copyRasters(bytes, detectFileType(bytes)!, noOcr);
  assert.equal(decoded.width, 1920);
  assert.equal((await surroundedPages(working)).length, 1);
  assert.deepEqual(pagesAlone(decoded, working, await surroundedPages(working)), []);
});

Deno.test('a page a 2560 px screenshot shows at full zoom is examined whole', async () => {
  const bytes = await viewerScreenshot(page, { width: 2560, height: 1440, zoom: 1 });
  const { working, decoded } = await copyRasters(bytes, detectFileType(bytes)!, noOcr);
  const surrounded = await surroundedPages(working);
  assert.equal(surrounded.length, 1);
  // Shown at 3/4 of its registered size or more, its small print is legible in the working raster.
  assert.deepEqual(pagesAlone(decoded, working, surrounded), []);
});

Deno.test('a picture of more pixels than a 4K screen is not kept as decoded', async () => {
  const bytes = await viewerScreenshot(page, { width: 4000, height: 3000, zoom: 0.5 });
  const { working, decoded } = await copyRasters(bytes, detectFileType(bytes)!, noOcr);
  assert.ok(4000 * 3000 > MAX_KEPT_DECODED_PIXELS);
  assert.equal(decoded, working);
});
