/**
 * A reduced-size grey decode of baseline JPEGs: only the luma channel, and only the lowest N x N
 * DCT coefficients of each 8 x 8 block turned back into pixels (N = 8, 4, 2 or 1: full, 1/2, 1/4
 * or 1/8 of the size), the way libjpeg's scaled decoding works. A 12 MP phone photo needed
 * 500-800 ms of CPU in the full colour WebAssembly decode, then a grey conversion and a shrink of
 * 12 million pixels, for a page the engine works on at 1800 px; here the colour blocks are only
 * read past (their bits must be), no colour pixel is made, and the luma is made at half size.
 *
 * Luma is the grey of toGray: JFIF's Y is Rec. 601 luma, as toGray computes it from RGB.
 * Anything this decoder does not read (progressive or arithmetic coding, 12-bit samples, RGB or
 * CMYK JPEGs, scans split by component) answers null and the caller decodes it in full.
 */
import type { GrayRaster } from '../documents/raster.ts';

/** Natural (row-major) index of the k-th coefficient in zig-zag order. */
const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
]);

const LOOKAHEAD = 9;

interface Huffman {
  /** (length << 8) | symbol for every LOOKAHEAD-bit prefix that starts with a code that short. */
  fast: Uint16Array;
  /** Largest code of each length (-1 when none), first index into symbols and first code of it. */
  maxCode: Int32Array;
  valueOffset: Int32Array;
  symbols: Uint8Array;
}

interface Component {
  id: number;
  h: number;
  v: number;
  quantTable: number;
  dcTable: number;
  acTable: number;
  predictor: number;
}

class Unsupported extends Error {}

function buildHuffman(counts: Uint8Array, symbols: Uint8Array): Huffman {
  const fast = new Uint16Array(1 << LOOKAHEAD);
  const maxCode = new Int32Array(17).fill(-1);
  const valueOffset = new Int32Array(17);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    const count = counts[length - 1]!;
    valueOffset[length] = index - code;
    for (let n = 0; n < count; n++, index++, code++) {
      if (length <= LOOKAHEAD) {
        const shift = LOOKAHEAD - length;
        for (let fill = 0; fill < 1 << shift; fill++)
          fast[(code << shift) | fill] = (length << 8) | symbols[index]!;
      }
    }
    if (count > 0) maxCode[length] = code - 1;
    if (code > 1 << length) throw new Unsupported('bad Huffman table');
    code <<= 1;
  }
  return { fast, maxCode, valueOffset, symbols };
}

/**
 * Zero bytes the reader may feed past a marker or the end before it gives up: a few for its own
 * look-ahead and an encoder's short last byte; more is a cut-off or hostile file, for the full decoder.
 */
const MAX_PADDING_BYTES = 256;

/** Entropy-coded bits with 0xFF00 stuffing removed; past a marker or the end, zeros (as libjpeg). */
class BitReader {
  private buffer = 0;
  private count = 0;
  private padding = 0;
  constructor(
    private readonly bytes: Uint8Array,
    public position: number,
  ) {}

  private fill(): void {
    while (this.count <= 24) {
      let byte = 0;
      const at = this.position;
      if (at < this.bytes.length) {
        byte = this.bytes[at]!;
        if (byte === 0xff) {
          const next = this.bytes[at + 1];
          if (next === 0) this.position += 2;
          else byte = 0; // a marker: stay before it
        } else {
          this.position++;
        }
      }
      if (at === this.position && ++this.padding > MAX_PADDING_BYTES)
        throw new Unsupported('entropy-coded data ends early');
      this.buffer = ((this.buffer << 8) | byte) >>> 0;
      this.count += 8;
    }
  }

  bits(n: number): number {
    if (n === 0) return 0;
    if (this.count < n) this.fill();
    this.count -= n;
    return (this.buffer >>> this.count) & ((1 << n) - 1);
  }

  decode(table: Huffman): number {
    if (this.count < 16) this.fill();
    const entry = table.fast[(this.buffer >>> (this.count - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1)]!;
    if (entry !== 0) {
      this.count -= entry >> 8;
      return entry & 0xff;
    }
    for (let length = LOOKAHEAD + 1; length <= 16; length++) {
      const code = (this.buffer >>> (this.count - length)) & ((1 << length) - 1);
      if (code <= table.maxCode[length]!) {
        this.count -= length;
        return table.symbols[code + table.valueOffset[length]!]!;
      }
    }
    throw new Unsupported('bad Huffman code');
  }

  /** Drops the buffered bits and steps over an RSTn marker, if it is next. */
  restart(): void {
    this.buffer = 0;
    this.count = 0;
    this.padding = 0;
    const at = this.position;
    if (this.bytes[at] === 0xff && this.bytes[at + 1]! >= 0xd0 && this.bytes[at + 1]! <= 0xd7)
      this.position += 2;
  }
}

function extend(value: number, size: number): number {
  return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
}

/** size x size table of C(u)/2 cos((2x+1)u pi / 2 size): the N-point IDCT of the lowest N coefficients. */
function idctBasis(size: number): Float64Array {
  const basis = new Float64Array(size * size);
  for (let x = 0; x < size; x++)
    for (let u = 0; u < size; u++)
      basis[x * size + u] =
        ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * size));
  return basis;
}

/**
 * Grey pixels of a baseline JPEG at the largest of 1/8, 1/4, 1/2 or full size whose long side is
 * at least `minLongSide` (full size when none is), or null when this decoder does not read it (or it
 * claims more than `maxPixels`).
 */
export function decodeJpegGray(bytes: Uint8Array, minLongSide: number, maxPixels: number): GrayRaster | null {
  try {
    return decode(bytes, minLongSide, maxPixels);
  } catch {
    return null;
  }
}

function decode(bytes: Uint8Array, minLongSide: number, maxPixels: number): GrayRaster | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const quant: (Int32Array | undefined)[] = [];
  const dcTables: (Huffman | undefined)[] = [];
  const acTables: (Huffman | undefined)[] = [];
  let components: Component[] = [];
  let width = 0;
  let height = 0;
  let restartInterval = 0;
  let adobeTransform = -1;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const start = offset + 4;
    const end = offset + 2 + length;
    if (end > bytes.length) return null;
    switch (marker) {
      case 0xc0:
      case 0xc1: {
        // A second frame header is not a baseline file (and could claim another size than the first).
        if (bytes[start] !== 8 || components.length > 0) return null;
        height = (bytes[start + 1]! << 8) | bytes[start + 2]!;
        width = (bytes[start + 3]! << 8) | bytes[start + 4]!;
        if (width * height > maxPixels) return null;
        const count = bytes[start + 5]!;
        if (count !== 1 && count !== 3) return null;
        components = [];
        for (let index = 0; index < count; index++) {
          const at = start + 6 + index * 3;
          components.push({
            id: bytes[at]!,
            h: bytes[at + 1]! >> 4,
            v: bytes[at + 1]! & 15,
            quantTable: bytes[at + 2]!,
            dcTable: 0,
            acTable: 0,
            predictor: 0,
          });
        }
        break;
      }
      case 0xc4: {
        let at = start;
        while (at < end) {
          const kind = bytes[at]! >> 4;
          const slot = bytes[at]! & 15;
          const counts = bytes.subarray(at + 1, at + 17);
          const total = counts.reduce((sum, count) => sum + count, 0);
          const table = buildHuffman(counts, bytes.subarray(at + 17, at + 17 + total));
          (kind === 0 ? dcTables : acTables)[slot] = table;
          at += 17 + total;
        }
        break;
      }
      case 0xdb: {
        let at = start;
        while (at < end) {
          const precision = bytes[at]! >> 4;
          const slot = bytes[at]! & 15;
          const table = new Int32Array(64);
          for (let k = 0; k < 64; k++)
            table[k] = precision
              ? (bytes[at + 1 + 2 * k]! << 8) | bytes[at + 2 + 2 * k]!
              : bytes[at + 1 + k]!;
          quant[slot] = table;
          at += 1 + (precision ? 128 : 64);
        }
        break;
      }
      case 0xdd:
        restartInterval = (bytes[start]! << 8) | bytes[start + 1]!;
        break;
      case 0xee:
        if (String.fromCharCode(...bytes.subarray(start, start + 5)) === 'Adobe')
          adobeTransform = bytes[start + 11]!;
        break;
      case 0xda:
        if (components.length === 0) return null;
        // Three components without YCbCr (Adobe transform 0, or ids R G B) are RGB: no luma plane.
        if (
          components.length === 3 &&
          (adobeTransform === 0 || components.map((c) => String.fromCharCode(c.id)).join('') === 'RGB')
        )
          return null;
        return scan(
          bytes,
          start,
          end,
          components,
          quant,
          dcTables,
          acTables,
          restartInterval,
          width,
          height,
          minLongSide,
        );
      case 0xc2:
      case 0xc3:
      case 0xc5:
      case 0xc6:
      case 0xc7:
      case 0xc9:
      case 0xca:
      case 0xcb:
      case 0xcd:
      case 0xce:
      case 0xcf:
      case 0xd9:
        return null;
    }
    offset = end;
  }
  return null;
}

function scan(
  bytes: Uint8Array,
  start: number,
  end: number,
  components: Component[],
  quant: (Int32Array | undefined)[],
  dcTables: (Huffman | undefined)[],
  acTables: (Huffman | undefined)[],
  restartInterval: number,
  width: number,
  height: number,
  minLongSide: number,
): GrayRaster | null {
  const count = bytes[start]!;
  // One scan holding every component (what cameras and encoders write for baseline files).
  if (count !== components.length) return null;
  for (let index = 0; index < count; index++) {
    const component = components.find((c) => c.id === bytes[start + 1 + index * 2]);
    if (!component || component !== components[index]) return null;
    component.dcTable = bytes[start + 2 + index * 2]! >> 4;
    component.acTable = bytes[start + 2 + index * 2]! & 15;
  }
  const luma = components[0]!;
  const maxH = Math.max(...components.map((c) => c.h));
  const maxV = Math.max(...components.map((c) => c.v));
  if (luma.h !== maxH || luma.v !== maxV || width === 0 || height === 0) return null;
  for (const component of components) {
    if (!quant[component.quantTable] || !dcTables[component.dcTable] || !acTables[component.acTable])
      return null;
    if (component.h < 1 || component.v < 1 || component.h > 4 || component.v > 4) return null;
  }

  let size = 1;
  while (size < 8 && (Math.max(width, height) * size) / 8 < minLongSide) size *= 2;
  const outWidth = Math.ceil((width * size) / 8);
  const outHeight = Math.ceil((height * size) / 8);
  const out = new Uint8Array(outWidth * outHeight);
  const basis = idctBasis(size);
  const lumaQuant = quant[luma.quantTable]!;
  /** The lowest size x size coefficients of the luma block, dequantised, row-major. */
  const low = new Float64Array(size * size);
  const rows = new Float64Array(size * size);
  /** The rows of `low` with a coefficient other than zero, in order. */
  const liveRows = new Int32Array(size);
  // Zig-zag positions that fall in the low corner: where in `low` each one goes, or -1.
  const lowIndex = new Int8Array(64).fill(-1);
  for (let k = 0; k < 64; k++) {
    const natural = ZIGZAG[k]!;
    const row = natural >> 3;
    const column = natural & 7;
    if (row < size && column < size) lowIndex[k] = row * size + column;
  }

  const reader = new BitReader(bytes, end);
  const single = count === 1;
  const mcuWidth = single ? 8 : 8 * maxH;
  const mcuHeight = single ? 8 : 8 * maxV;
  const mcusX = Math.ceil(width / mcuWidth);
  const mcusY = Math.ceil(height / mcuHeight);
  const mcus = mcusX * mcusY;

  const block = (component: Component, keep: boolean): void => {
    const dc = reader.decode(dcTables[component.dcTable]!);
    component.predictor += dc === 0 ? 0 : extend(reader.bits(dc), dc);
    const ac = acTables[component.acTable]!;
    if (keep) {
      low.fill(0);
      low[0] = component.predictor * lumaQuant[0]!;
    }
    for (let k = 1; k < 64;) {
      const symbol = reader.decode(ac);
      const run = symbol >> 4;
      const bits = symbol & 15;
      if (bits === 0) {
        if (run !== 15) break;
        k += 16;
        continue;
      }
      k += run;
      const value = extend(reader.bits(bits), bits);
      if (keep && k < 64) {
        const target = lowIndex[k]!;
        if (target >= 0) low[target] = value * lumaQuant[k]!;
      }
      k++;
    }
  };

  const paint = (blockX: number, blockY: number): void => {
    // rows[v][x] = sum_u low[v][u] basis[x][u]; pixel[y][x] = sum_v basis[y][v] rows[v][x]
    // A row of coefficients all zero adds only zeros to every sum, which leaves each sum as it was:
    // it is skipped (most rows of a block are, all but the first on a page's plain paper).
    let liveCount = 0;
    for (let v = 0; v < size; v++) {
      let live = false;
      for (let u = 0; u < size && !live; u++) live = low[v * size + u] !== 0;
      if (!live) continue;
      liveRows[liveCount++] = v;
      for (let x = 0; x < size; x++) {
        let sum = 0;
        for (let u = 0; u < size; u++) sum += low[v * size + u]! * basis[x * size + u]!;
        rows[v * size + x] = sum;
      }
    }
    const left = blockX * size;
    const top = blockY * size;
    for (let y = 0; y < size && top + y < outHeight; y++) {
      const line = (top + y) * outWidth;
      for (let x = 0; x < size && left + x < outWidth; x++) {
        let sum = 0;
        for (let live = 0; live < liveCount; live++) {
          const v = liveRows[live]!;
          sum += basis[y * size + v]! * rows[v * size + x]!;
        }
        const value = Math.round(sum + 128);
        out[line + left + x] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  };

  for (let mcu = 0; mcu < mcus; mcu++) {
    if (restartInterval && mcu > 0 && mcu % restartInterval === 0) {
      reader.restart();
      for (const component of components) component.predictor = 0;
    }
    const mcuX = mcu % mcusX;
    const mcuY = (mcu - mcuX) / mcusX;
    if (single) {
      block(luma, true);
      paint(mcuX, mcuY);
      continue;
    }
    for (const component of components) {
      for (let by = 0; by < component.v; by++)
        for (let bx = 0; bx < component.h; bx++) {
          const isLuma = component === luma;
          block(component, isLuma);
          if (isLuma) paint(mcuX * luma.h + bx, mcuY * luma.v + by);
        }
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}
