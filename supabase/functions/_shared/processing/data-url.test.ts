import assert from 'node:assert/strict';
import { decodeDataUrl, FileTooLargeError, InvalidDataUrlError, sha256Hex } from './mod.ts';

const toDataUrl = (bytes: Uint8Array, mime = 'image/png') => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${mime};base64,${btoa(binary)}`;
};

Deno.test('decodeDataUrl returns the exact bytes, whatever MIME type is declared', () => {
  const bytes = new Uint8Array(300).map((_, index) => (index * 37) % 256);
  assert.deepEqual(decodeDataUrl(toDataUrl(bytes), 1000), bytes);
  assert.deepEqual(decodeDataUrl(toDataUrl(bytes, 'application/octet-stream'), 1000), bytes);
  assert.deepEqual(decodeDataUrl(toDataUrl(bytes.subarray(0, 1)), 1000), bytes.subarray(0, 1));
  assert.deepEqual(decodeDataUrl(toDataUrl(bytes.subarray(0, 2)), 1000), bytes.subarray(0, 2));
});

Deno.test('decodeDataUrl accepts MIME parameters and line-wrapped base64', () => {
  const url = 'data:image/jpeg;name=a.jpg;base64,AAEC\nAwQF\r\n';
  assert.deepEqual(decodeDataUrl(url, 100), new Uint8Array([0, 1, 2, 3, 4, 5]));
});

Deno.test('decodeDataUrl rejects what is not a base64 data URL', () => {
  const invalid = [
    '',
    'AAECAwQF',
    'data:image/png,AAECAwQF',
    'data:image/png;base64,',
    'data:image/png;base64,AAE*AwQF',
    'data:image/png;base64,AAECAwQ',
    'data:image/png;base64,AA=CAwQF',
    'data:;base64,AAECAwQF',
    'http://example.com/a.png',
  ];
  for (const url of invalid) assert.throws(() => decodeDataUrl(url, 1000), InvalidDataUrlError, url);
});

Deno.test(
  'decodeDataUrl refuses whitespace in the payload when asked to, and decodes the same otherwise',
  () => {
    const bytes = new Uint8Array([1, 2, 3, 250, 251, 252]);
    const url = toDataUrl(bytes);
    assert.deepEqual(decodeDataUrl(url, 1000, { refuseWhitespace: true }), bytes);
    for (const space of [' ', '\n', '\t', '\r', '\v', '\f', '\u00a0', '\u2028']) {
      const spaced = `${url.slice(0, -4)}${space}${url.slice(-4)}`;
      assert.deepEqual(decodeDataUrl(spaced, 1000), bytes, JSON.stringify(space));
      assert.throws(() => decodeDataUrl(spaced, 1000, { refuseWhitespace: true }), InvalidDataUrlError);
    }
  },
);

Deno.test('decodeDataUrl enforces the size limit exactly', () => {
  const limit = 1024;
  assert.equal(decodeDataUrl(toDataUrl(new Uint8Array(limit)), limit).length, limit);
  assert.throws(
    () => decodeDataUrl(toDataUrl(new Uint8Array(limit + 1)), limit),
    (error: unknown) => {
      assert.ok(error instanceof FileTooLargeError);
      assert.equal(error.size, limit + 1);
      assert.equal(error.maxBytes, limit);
      return true;
    },
  );
});

Deno.test('decodeDataUrl refuses an oversized payload without decoding it', () => {
  // 40 MB of base64 that is not even valid: refused as too large from the length alone.
  const huge = `data:image/png;base64,${'A'.repeat(40 * 1024 * 1024)}`;
  assert.throws(() => decodeDataUrl(huge, 10 * 1024 * 1024), FileTooLargeError);
});

Deno.test('sha256Hex hashes bytes and UTF-8 strings', async () => {
  const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  assert.equal(await sha256Hex(new Uint8Array()), empty);
  assert.equal(await sha256Hex(''), empty);
  assert.equal(await sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(await sha256Hex('abc'), await sha256Hex(new TextEncoder().encode('abc')));
});
