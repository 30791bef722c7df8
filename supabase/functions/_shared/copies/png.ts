/**
 * A minimal PNG writer for the verifiable copy: 8-bit RGB, every row filtered "Up", deflated by the
 * runtime's own zlib (CompressionStream), several times faster than a JavaScript deflate. The same
 * zlib stream goes into the PDF copy unchanged (FlateDecode with the PNG predictors), so a page is
 * compressed once for both formats.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let index = 0; index < bytes.length; index++)
    crc = CRC_TABLE[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** One PNG chunk: length, type, data and CRC-32 (also what tests build malformed files from). */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index++) out[4 + index] = type.charCodeAt(index);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An RGB picture: 3 bytes per pixel, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The compressed pixels of an RGB image as PNG and PDF both take them (rows filtered "Up", zlib). */
export async function compressRgb(image: RgbImage): Promise<Uint8Array> {
  const stride = image.width * 3;
  const filtered = new Uint8Array((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    const row = y * (stride + 1);
    filtered[row] = 2; // Up: each byte minus the one above it
    const at = y * stride;
    if (y === 0) filtered.set(image.data.subarray(0, stride), row + 1);
    else
      for (let x = 0; x < stride; x++)
        filtered[row + 1 + x] = (image.data[at + x]! - image.data[at - stride + x]!) & 0xff;
  }
  return await deflate(filtered);
}

/** A PNG file from the output of compressRgb. */
export function pngFile(width: number, height: number, compressed: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const parts = [
    new Uint8Array(SIGNATURE),
    pngChunk('IHDR', header),
    pngChunk('IDAT', compressed),
    pngChunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
