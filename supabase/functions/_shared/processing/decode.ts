import decodeBmp from 'decode-bmp';
import { decode as decodePng } from 'fast-png';
import { GifReader } from 'omggif';
import UTIF from 'utif2';
import decodeJpeg from '@jsquash/jpeg/decode.js';
import decodeWebp from '@jsquash/webp/decode.js';
import type { DetectedFile } from './detect.ts';
import { type GrayRaster, toGray } from '../documents/raster.ts';
import { decodeJpegGray } from './jpeg-gray.ts';

/** Decoders refuse images above this many megapixels (a 10 MB file can claim absurd dimensions). */
export const MAX_MEGAPIXELS = 40;

/** Thrown when the bytes have an image signature but cannot be decoded. */
export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError';
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function checkDimensions(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new ImageDecodeError('Image has no pixels');
  if (width * height > MAX_MEGAPIXELS * 1_000_000)
    throw new ImageDecodeError('Image dimensions are too large');
}

/** Decoded pixels before any conversion: interleaved 1-4 channels, 8 bits each. */
export interface Pixels {
  width: number;
  height: number;
  data: ArrayLike<number>;
  channels: number;
}

function png(bytes: Uint8Array): Pixels {
  const header = view(bytes);
  checkDimensions(header.getUint32(16), header.getUint32(20));
  const image = decodePng(bytes);
  let data: ArrayLike<number> = image.data;
  if (image.palette) {
    const palette = image.palette;
    const indices = image.data;
    const count = image.width * image.height;
    const rgba = new Uint8Array(count * 4);
    for (let index = 0; index < count; index++) {
      const [red = 255, green = 255, blue = 255, alpha = 255] = palette[indices[index]!] ?? [];
      rgba[index * 4] = red;
      rgba[index * 4 + 1] = green;
      rgba[index * 4 + 2] = blue;
      rgba[index * 4 + 3] = alpha;
    }
    return { width: image.width, height: image.height, data: rgba, channels: 4 };
  }
  if (image.depth === 16) {
    const wide = image.data as Uint16Array;
    const narrow = new Uint8Array(wide.length);
    for (let index = 0; index < wide.length; index++) narrow[index] = wide[index]! >> 8;
    data = narrow;
  } else if (image.depth < 8) {
    // fast-png unpacks sub-byte gray samples to one value per byte on the 0..2^depth-1 scale.
    const scale = 255 / (2 ** image.depth - 1);
    data = Uint8Array.from(image.data as Uint8Array, (value) => Math.round(value * scale));
  }
  return { width: image.width, height: image.height, data, channels: image.channels };
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Width and height from the first start-of-frame marker, to refuse huge images before decoding. */
function jpegDimensions(bytes: Uint8Array): { width: number; height: number } {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw new ImageDecodeError('Corrupt JPEG');
    const marker = bytes[offset + 1]!;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      return {
        height: (bytes[offset + 5]! << 8) | bytes[offset + 6]!,
        width: (bytes[offset + 7]! << 8) | bytes[offset + 8]!,
      };
    }
    offset += 2 + length;
  }
  throw new ImageDecodeError('JPEG has no frame header');
}

async function jpeg(bytes: Uint8Array): Promise<Pixels> {
  const { width, height } = jpegDimensions(bytes);
  checkDimensions(width, height);
  const image = await decodeJpeg(arrayBufferOf(bytes));
  return { width: image.width, height: image.height, data: image.data, channels: 4 };
}

function gif(bytes: Uint8Array): Pixels {
  const reader = new GifReader(bytes);
  checkDimensions(reader.width, reader.height);
  const rgba = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  return { width: reader.width, height: reader.height, data: rgba, channels: 4 };
}

function bmp(bytes: Uint8Array): Pixels {
  const header = view(bytes);
  checkDimensions(Math.abs(header.getInt32(18, true)), Math.abs(header.getInt32(22, true)));
  const image = decodeBmp(bytes);
  return { width: image.width, height: image.height, data: image.data, channels: 4 };
}

function tiff(bytes: Uint8Array): Pixels {
  const buffer = arrayBufferOf(bytes);
  const [first] = UTIF.decode(buffer);
  if (!first) throw new ImageDecodeError('TIFF has no image');
  checkDimensions(Number(first.width ?? first['t256']), Number(first.height ?? first['t257']));
  UTIF.decodeImage(buffer, first);
  return { width: first.width, height: first.height, data: UTIF.toRGBA8(first), channels: 4 };
}

/** Canvas size from the VP8X, VP8L or VP8 header (a tiny WebP can claim 16383 × 16383 pixels). */
function webpDimensions(bytes: Uint8Array): { width: number; height: number } {
  const header = view(bytes);
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  const uint24 = (offset: number) => header.getUint16(offset, true) | (header.getUint8(offset + 2) << 16);
  if (chunk === 'VP8X') return { width: uint24(24) + 1, height: uint24(27) + 1 };
  if (chunk === 'VP8L') {
    const bits = header.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ')
    return { width: header.getUint16(26, true) & 0x3fff, height: header.getUint16(28, true) & 0x3fff };
  throw new ImageDecodeError('Unknown WebP chunk');
}

async function webp(bytes: Uint8Array): Promise<Pixels> {
  const { width, height } = webpDimensions(bytes);
  checkDimensions(width, height);
  const image = await decodeWebp(arrayBufferOf(bytes));
  return { width: image.width, height: image.height, data: image.data, channels: 4 };
}

/**
 * Decodes an accepted image to its pixels (1-4 interleaved 8-bit channels) with pure
 * JavaScript/WebAssembly decoders (no native code). Animated GIF/WebP and multi-page TIFF give
 * their first frame; a palette image gives RGBA.
 *
 * @throws ImageDecodeError when the image is corrupt or its dimensions are out of bounds
 */
export async function decodeImagePixels(bytes: Uint8Array, detected: DetectedFile): Promise<Pixels> {
  try {
    switch (detected.mimeType) {
      case 'image/png':
        return png(bytes);
      case 'image/jpeg':
      case 'image/jpg':
        return await jpeg(bytes);
      case 'image/gif':
        return gif(bytes);
      case 'image/bmp':
        return bmp(bytes);
      case 'image/tiff':
        return tiff(bytes);
      case 'image/webp':
        return await webp(bytes);
      case 'application/pdf':
        throw new ImageDecodeError('A PDF is not an image');
    }
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    throw new ImageDecodeError('Image could not be decoded', { cause: error });
  }
}

/**
 * Decodes an accepted image to 8-bit grayscale (transparent pixels on white).
 *
 * @throws ImageDecodeError when the image is corrupt or its dimensions are out of bounds
 */
export async function decodeImage(bytes: Uint8Array, detected: DetectedFile): Promise<GrayRaster> {
  const pixels = await decodeImagePixels(bytes, detected);
  return toGray(pixels.data, pixels.width, pixels.height, pixels.channels);
}

/**
 * Decodes to grey at about `longSide` or more, for callers that shrink to it anyway: a baseline
 * JPEG by a scaled luma-only decode (jpeg-gray.ts: a 12 MP photo at half size, no colour), any
 * other image in full.
 *
 * @throws ImageDecodeError when the image is corrupt or its dimensions are out of bounds
 */
export async function decodeImageNear(
  bytes: Uint8Array,
  detected: DetectedFile,
  longSide: number,
): Promise<GrayRaster> {
  if (detected.mimeType === 'image/jpeg' || detected.mimeType === 'image/jpg') {
    const { width, height } = jpegDimensions(bytes);
    checkDimensions(width, height);
    const reduced = decodeJpegGray(bytes, longSide, MAX_MEGAPIXELS * 1_000_000);
    if (reduced) return reduced;
  }
  return await decodeImage(bytes, detected);
}
