/** An 8-bit grayscale image, row-major, one byte per pixel (0 black … 255 white). */
export interface GrayRaster {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Converts interleaved 1-, 2- (gray+alpha), 3- or 4-channel pixels to grayscale (Rec. 601 luma).
 * Transparent pixels are composited onto white, as a viewer shows them on a page.
 */
export function toGray(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
): GrayRaster {
  const count = width * height;
  const data = new Uint8Array(count);
  for (let index = 0, offset = 0; index < count; index++, offset += channels) {
    let luma: number;
    let alpha = 255;
    if (channels >= 3) {
      luma = (299 * pixels[offset]! + 587 * pixels[offset + 1]! + 114 * pixels[offset + 2]!) / 1000;
      if (channels === 4) alpha = pixels[offset + 3]!;
    } else {
      luma = pixels[offset]!;
      if (channels === 2) alpha = pixels[offset + 1]!;
    }
    data[index] = Math.round((luma * alpha + 255 * (255 - alpha)) / 255);
  }
  return { width, height, data };
}

/**
 * Resamples by area averaging (every source pixel contributes by the area it covers), the
 * resampling that keeps thin strokes and gives the same result for an image and its resized copy.
 */
export function resizeArea(source: GrayRaster, width: number, height: number): GrayRaster {
  // Float32 halves the buffer; sums stay far below its 24-bit exact-integer range.
  const target = new Float32Array(width * height);
  const scaleX = width / source.width;
  const scaleY = height / source.height;
  // Per source column: the one or two target columns it falls into and the share of each.
  const columnStart = new Int32Array(source.width);
  const columnShare = new Float64Array(source.width);
  for (let x = 0; x < source.width; x++) {
    const left = x * scaleX;
    const right = left + scaleX;
    const column = Math.min(width - 1, Math.floor(left));
    columnStart[x] = column;
    columnShare[x] = right > column + 1 ? (column + 1 - left) / scaleX : 1;
  }
  for (let y = 0; y < source.height; y++) {
    const top = y * scaleY;
    const bottom = top + scaleY;
    const row = Math.min(height - 1, Math.floor(top));
    const rowShare = bottom > row + 1 ? (row + 1 - top) / scaleY : 1;
    const sourceRow = y * source.width;
    for (let x = 0; x < source.width; x++) {
      const value = source.data[sourceRow + x]!;
      const column = columnStart[x]!;
      const share = columnShare[x]!;
      const weight = rowShare;
      target[row * width + column]! += value * share * weight;
      if (share < 1 && column + 1 < width) target[row * width + column + 1]! += value * (1 - share) * weight;
      if (rowShare < 1 && row + 1 < height) {
        const below = (row + 1) * width;
        target[below + column]! += value * share * (1 - rowShare);
        if (share < 1 && column + 1 < width)
          target[below + column + 1]! += value * (1 - share) * (1 - rowShare);
      }
    }
  }
  const area = scaleX * scaleY;
  const data = new Uint8Array(width * height);
  for (let index = 0; index < data.length; index++)
    data[index] = Math.min(255, Math.round(target[index]! * area));
  return { width, height, data };
}

/**
 * Each raster's shrunk versions by size, kept while the raster lives: a copy is shrunk alike by
 * several stages (the page hash's cut-out twice, the QR code's and the number's detection at the
 * same side, each examination of it at the original's scale), 20-170 ms of CPU each time.
 */
const shrunkVersions = new WeakMap<GrayRaster, Map<string, GrayRaster>>();

/**
 * `resizeArea` to `width` x `height`, the result shared with other callers that shrank the same
 * raster to the same size: it is read, never written.
 */
export function shrunkTo(source: GrayRaster, width: number, height: number): GrayRaster {
  const versions = shrunkVersions.get(source) ?? new Map<string, GrayRaster>();
  shrunkVersions.set(source, versions);
  const size = `${width}x${height}`;
  const known = versions.get(size);
  if (known) return known;
  const shrunk = resizeArea(source, width, height);
  versions.set(size, shrunk);
  return shrunk;
}

/**
 * Shrinks so the longer side is at most `maxSide` (never enlarges). The result may be shared with
 * other callers that shrank the same raster to the same size (`shrunkTo`).
 */
export function fitWithin(source: GrayRaster, maxSide: number): GrayRaster {
  const longest = Math.max(source.width, source.height);
  if (longest <= maxSide) return source;
  const scale = maxSide / longest;
  return shrunkTo(
    source,
    Math.max(1, Math.round(source.width * scale)),
    Math.max(1, Math.round(source.height * scale)),
  );
}
