import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import { normalisePolarity } from '../verification/ink.ts';
import { rasterFromMat, withMats } from '../verification/mats.ts';
import { openCv } from '../verification/opencv.ts';
import { readPageLines, readRegion } from './tesseract.ts';

const LIGHT = 245;
const DARK = 30;

/** A 1400 x 990 page with a dark-on-light line and, on a dark band at y 220-320, a light-on-dark line. */
async function pageWithBand(): Promise<GrayRaster> {
  const cv = await openCv();
  return withMats((keep) => {
    const page = keep(new cv.Mat(990, 1400, cv.CV_8UC1, new cv.Scalar(LIGHT)));
    const write = (text: string, y: number, shade: number) =>
      cv.putText(
        page,
        text,
        new cv.Point(60, y),
        cv.FONT_HERSHEY_DUPLEX,
        1.4,
        new cv.Scalar(shade),
        2,
        cv.LINE_AA,
      );
    write('Certificate of Completion', 110, DARK);
    cv.rectangle(page, new cv.Point(40, 220), new cv.Point(860, 320), new cv.Scalar(DARK), -1);
    write('Applied Cryptography', 290, LIGHT);
    return rasterFromMat(page);
  });
}

/** The dark band alone, as a copy's line is cut out for reading. */
function band(page: GrayRaster): GrayRaster {
  const [left, top, width, height] = [40, 220, 820, 100];
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(
      page.data.subarray((top + y) * page.width + left, (top + y) * page.width + left + width),
      y * width,
    );
  return { width, height, data };
}

Deno.test(
  'readPageLines reads the page as given: its light-on-dark text is turned by the caller',
  async () => {
    const page = await pageWithBand();
    const texts = (lines: { text: string; confidence: number }[]) =>
      lines.filter((line) => line.confidence >= 0.5).map((line) => line.text);
    // Tesseract's second reading of every poorly read line, inverted, is off for a page: it doubled
    // the CPU of a diploma's ornament border and took registration over the hosted 2 s.
    assert.deepEqual(texts(await readPageLines(page)), ['Certificate of Completion']);
    // Registration turns the dark band's text dark on light first, and reads both lines.
    assert.deepEqual(texts(await readPageLines(await normalisePolarity(page))), [
      'Certificate of Completion',
      'Applied Cryptography',
    ]);
    // A region cut out of a copy is still read either way round.
    assert.equal((await readRegion(band(page))).text, 'Applied Cryptography');
  },
);
