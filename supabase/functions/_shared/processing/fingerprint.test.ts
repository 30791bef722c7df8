import assert from 'node:assert/strict';
import { computeFingerprint, fingerprintsAllowMatch } from './fingerprint.ts';
import type { GrayRaster } from '../documents/raster.ts';

/** A 400 × 300 page: white, with a dark bar where a line of text would be. */
function page(barTop: number): GrayRaster {
  const width = 400;
  const height = 300;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = barTop; y < barTop + 20; y++) data.fill(0, y * width + 40, y * width + 360);
  return { width, height, data };
}

Deno.test('a content match stands when either side has no fingerprint', () => {
  const fingerprint = computeFingerprint(page(100));
  assert.ok(fingerprint);
  assert.equal(fingerprintsAllowMatch(null, fingerprint), true);
  assert.equal(fingerprintsAllowMatch(fingerprint, null), true);
  assert.equal(fingerprintsAllowMatch(null, null), true);
});

Deno.test('a content match needs agreeing fingerprints when both exist', () => {
  const original = computeFingerprint(page(100))!;
  assert.equal(fingerprintsAllowMatch(original, computeFingerprint(page(100))), true);
  // The same text block moved down the page is another document.
  assert.equal(fingerprintsAllowMatch(original, computeFingerprint(page(200))), false);
});
