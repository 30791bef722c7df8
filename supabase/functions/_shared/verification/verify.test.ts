import assert from 'node:assert/strict';
import { mapPoint } from './warp.ts';
import { atOriginalScale, readInEveryCopy } from './verify.ts';

Deno.test('a copy larger than the original is shrunk first, and the homography still maps it home', () => {
  const copy = { width: 1800, height: 1200, data: new Uint8Array(1800 * 1200).fill(255) };
  const homography = [0.7778, 0, 3, 0, 0.7778, -2, 0, 0, 1];
  const { raster, homography: scaled } = atOriginalScale(copy, homography);
  assert.equal(raster.width, 1400);
  assert.equal(raster.height, 933);
  // The copy's far corner, in the shrunk raster's pixels, lands where the original mapping put it.
  const [x, y] = mapPoint(scaled, raster.width, raster.height);
  const [ex, ey] = mapPoint(homography, copy.width, copy.height);
  assert.ok(Math.abs(x - ex) < 1e-6 && Math.abs(y - ey) < 1e-6, `${x},${y} vs ${ex},${ey}`);
  // At about the original's scale already: left as it is.
  assert.equal(atOriginalScale(copy, [0.98, 0, 0, 0, 0.98, 0, 0, 0, 1]).raster, copy);
});

Deno.test(
  'a number printed light on a dark band is read in every copy, however poorly registration read it',
  () => {
    const line = (text: string, confidence: number) => ({
      text,
      confidence,
      field: null,
      box: { x: 0, y: 0, width: 100, height: 16 },
    });
    // Whole-page OCR read a badge's white-on-dark number at 0.32: it is still what the copy must show.
    assert.ok(readInEveryCopy(line('TLC-2025-001088', 0.32)));
    assert.ok(readInEveryCopy(line('24.08.2030', 0.4)));
    // A border's pattern read as digits, or a stroke read as a sign, is not read again.
    assert.ok(!readInEveryCopy(line('PPP 0000000000000 000000000000000090', 0)));
    assert.ok(!readInEveryCopy(line('- ~', 0.22)));
    assert.ok(readInEveryCopy(line('Grade: 83%', 0.96)));
  },
);
