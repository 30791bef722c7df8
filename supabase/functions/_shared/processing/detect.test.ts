import assert from 'node:assert/strict';
import { detectFileType } from './mod.ts';

const ascii = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? Array.from(ascii(part)) : part)));
const padded = (head: Uint8Array, length = 64) => {
  const out = new Uint8Array(Math.max(length, head.length));
  out.set(head);
  return out;
};

const bmpHeader = (infoSize: number) => {
  const out = padded(bytes('BM'), 64);
  new DataView(out.buffer).setUint32(14, infoSize, true);
  return out;
};

Deno.test('detectFileType recognises every accepted type by its magic bytes', () => {
  const cases: [string, Uint8Array, string, string, string][] = [
    ['JPEG', padded(bytes([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg', 'image', 'jpg'],
    ['PNG', padded(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'image/png', 'image', 'png'],
    ['GIF87a', padded(bytes('GIF87a')), 'image/gif', 'image', 'gif'],
    ['GIF89a', padded(bytes('GIF89a')), 'image/gif', 'image', 'gif'],
    ['WebP', padded(bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 ')), 'image/webp', 'image', 'webp'],
    ['BMP', bmpHeader(40), 'image/bmp', 'image', 'bmp'],
    ['BMP v5', bmpHeader(124), 'image/bmp', 'image', 'bmp'],
    ['TIFF little-endian', padded(bytes([0x49, 0x49, 0x2a, 0x00])), 'image/tiff', 'image', 'tif'],
    ['TIFF big-endian', padded(bytes([0x4d, 0x4d, 0x00, 0x2a])), 'image/tiff', 'image', 'tif'],
    ['PDF', padded(bytes('%PDF-1.7\n')), 'application/pdf', 'pdf', 'pdf'],
    ['PDF after junk', padded(bytes([0, 1, 2, 3], '%PDF-1.4\n')), 'application/pdf', 'pdf', 'pdf'],
  ];
  for (const [name, input, mimeType, fileType, extension] of cases) {
    assert.deepEqual(detectFileType(input), { mimeType, fileType, extension }, name);
  }
});

Deno.test('detectFileType refuses scripts, markup, archives, executables and near misses', () => {
  const refused: [string, Uint8Array][] = [
    ['SVG', ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['SVG without prolog', ascii('<svg xmlns="http://www.w3.org/2000/svg"><text>%PDF-</text></svg>')],
    ['HTML', ascii('<!doctype html><html><body>certificate</body></html>')],
    ['HTML/PDF polyglot', ascii('<html><!-- %PDF-1.7 --></html>')],
    ['ZIP', padded(bytes([0x50, 0x4b, 0x03, 0x04]))],
    ['ELF', padded(bytes([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01]))],
    ['PE', padded(bytes('MZ', [0x90, 0x00]))],
    ['text starting with BM', ascii('BMW certificate of ownership, not a bitmap at all.')],
    ['RIFF that is not WebP', padded(bytes('RIFF', [0x10, 0, 0, 0], 'WAVEfmt '))],
    ['PDF header too late', new Uint8Array([...new Uint8Array(1024), ...ascii('%PDF-1.7')])],
    ['empty', new Uint8Array()],
    ['truncated PNG signature', bytes([0x89, 0x50, 0x4e])],
  ];
  for (const [name, input] of refused) assert.equal(detectFileType(input), null, name);
});

Deno.test('detectFileType ignores the file name: a PNG saved as .pdf is a PNG', async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/certificate.pdf`;
    await Deno.writeFile(path, padded(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])));
    assert.equal(detectFileType(await Deno.readFile(path))?.mimeType, 'image/png');
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
