import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import { compareGlyphs, strokesChanged } from './glyphs.ts';
import { rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

/**
 * A grade cell as registered (capitals about 20 px on paper 250, ink 30), and as a copy shows it:
 * shrunk by `scale` (a screenshot's 9 px capitals at 0.45), blurred, enlarged back to the registered
 * size and moved by (dx, dy) pixels, as the warp lays a copy over its original.
 */
async function gradeCell(text: string, scale = 1, blur = 0, dx = 0, dy = 0, stroke = 2): Promise<GrayRaster> {
  const cv = await openCv();
  const width = 90;
  const height = 60;
  return withMats((keep) => {
    const mat = keep(new cv.Mat(height, width, cv.CV_8UC1, new cv.Scalar(250)));
    cv.putText(
      mat,
      text,
      new cv.Point(18 + dx, 40 + dy),
      cv.FONT_HERSHEY_DUPLEX,
      0.75,
      new cv.Scalar(30),
      stroke,
      cv.LINE_AA,
    );
    if (scale === 1 && blur === 0) return rasterFromMat(mat);
    const small = keep(new cv.Mat());
    cv.resize(
      mat,
      small,
      new cv.Size(Math.round(width * scale), Math.round(height * scale)),
      0,
      0,
      cv.INTER_AREA,
    );
    const back = keep(new cv.Mat());
    cv.resize(small, back, new cv.Size(width, height), 0, 0, cv.INTER_CUBIC);
    if (blur > 0) cv.GaussianBlur(back, back, new cv.Size(0, 0), blur);
    return rasterFromMat(back);
  });
}

Deno.test('a grade cell shrunk, blurred and moved by a pixel or two keeps its strokes', async () => {
  for (const grade of ['A+', 'A-', 'B', 'C+', '15']) {
    const original = await gradeCell(grade);
    for (const [scale, blur, dx, dy] of [
      [0.45, 0, 1, 0],
      [0.45, 1, 0, 1],
      [0.6, 1.5, -2, 1],
      [1, 1.5, 2, -2],
      [0.4, 1.2, 1, 1],
      [0.35, 1, 0, -1],
    ] as const) {
      const copy = await gradeCell(grade, scale, blur, dx, dy);
      const comparison = compareGlyphs(original, copy);
      assert.ok(
        !strokesChanged(comparison),
        `${grade} at ${scale}, blur ${blur}: ${JSON.stringify(comparison)}`,
      );
    }
  }
});

Deno.test('a thin plus a screenshot shrank to a third keeps its bar, only fainter', async () => {
  // A transcript's "B+" in a 1 px face, on a screenshot at 42 %: the bar keeps 0.3-0.45 of its
  // darkness, which a split halfway between ground and ink took for a bar lost (a genuine copy's
  // row answered altered); the original softened alike shows it as faint.
  for (const grade of ['B+', 'A+', 'C+']) {
    const original = await gradeCell(grade, 1, 0, 0, 0, 1);
    for (const [scale, blur, dx, dy] of [
      [0.4, 1, 1, 0],
      [0.35, 1.2, 0, 1],
    ] as const) {
      const comparison = compareGlyphs(original, await gradeCell(grade, scale, blur, dx, dy, 1));
      assert.ok(!strokesChanged(comparison), `${grade} at ${scale}: ${JSON.stringify(comparison)}`);
    }
    const forged = grade.replace('+', '-');
    const comparison = compareGlyphs(original, await gradeCell(forged, 0.4, 1, 1, 0, 1));
    assert.ok(strokesChanged(comparison), `${grade} -> ${forged}: ${JSON.stringify(comparison)}`);
  }
});

Deno.test(
  'a grade sign or letter changed in a cell is a stroke one page lacks, at a screenshot scale too',
  async () => {
    for (const [registered, forged] of [
      ['A+', 'A-'],
      ['C-', 'C+'],
      ['B', 'C'],
      ['C', 'B'],
      ['B+', 'B'],
    ]) {
      const original = await gradeCell(registered!);
      for (const [scale, blur, dx, dy] of [
        [0.45, 0, 1, 0],
        [0.6, 1.5, -1, 1],
        [0.4, 1.2, 1, 1],
      ] as const) {
        const copy = await gradeCell(forged!, scale, blur, dx, dy);
        const comparison = compareGlyphs(original, copy);
        assert.ok(
          strokesChanged(comparison),
          `${registered} -> ${forged} at ${scale}: ${JSON.stringify(comparison)}`,
        );
      }
    }
  },
);

Deno.test('a blank cell has no glyphs to compare', async () => {
  const blank: GrayRaster = { width: 90, height: 60, data: new Uint8Array(90 * 60).fill(248) };
  assert.equal(compareGlyphs(await gradeCell('A+'), blank), null);
});
