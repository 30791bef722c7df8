/**
 * Genuine copies of a page: what an employer receives instead of the registered file. Re-encodings
 * (JPEG q20-95, WebP, PNG, GIF, TIFF, BMP, a PDF wrap), greyscale, resizing (40-200 %), crops (up to
 * 5 % per side), added margins and borders, rotations (up to 5 degrees), print-and-scan, phone photos
 * (perspective up to 8 degrees, uneven light, a shadow, blur, noise) and a screenshot of a viewer.
 * Every copy is a pure function of the page and a seeded random stream.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { between, gaussian, integer, pick, type Random } from './random.ts';

/** A page as RGBA pixels (what the templates draw). */
export interface Page {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Encoded {
  bytes: Buffer;
  mime: string;
  ext: string;
  /** What was done, for people reading the results ("JPEG q37", "rotated -3.2 degrees"). */
  note: string;
}

export const GENUINE_KINDS = [
  'jpeg',
  'webp',
  'png',
  'gif',
  'tiff',
  'bmp',
  'pdf',
  'greyscale',
  'resize',
  'crop',
  'margin',
  'rotate',
  'scan',
  'photo',
  'screenshot',
] as const;
export type GenuineKind = (typeof GENUINE_KINDS)[number];

export const GENUINE_DESCRIPTIONS: Record<GenuineKind, string> = {
  jpeg: 'JPEG, quality 20-95',
  webp: 'WebP, quality 40-95',
  png: 'PNG re-encoded (other compression and filters)',
  gif: 'GIF (256 colours, dithered)',
  tiff: 'TIFF (LZW, deflate or JPEG compression)',
  bmp: 'BMP (24-bit, uncompressed; large pages scaled to fit 10 MB)',
  pdf: 'the page as a JPEG inside a one-page PDF',
  greyscale: 'greyscale JPEG or PNG',
  resize: 'resized to 40-200 %, JPEG q90',
  crop: 'up to 5 % cut from each side, JPEG q90',
  margin: 'white or coloured margins added, sometimes with a drawn border, PNG or JPEG',
  rotate: 'rotated 0.3-5 degrees either way on white, JPEG q90',
  scan: 'print-and-scan: toner softening, skew up to 1.5 degrees, about 2 MP, noise, JPEG q70-90',
  photo:
    'phone photo, 12 MP: perspective up to 8 degrees, in-plane turn, uneven light, a shadow, blur, noise, JPEG',
  screenshot: "screenshot of a PDF viewer: toolbar, thumbnails and the page at the viewer's zoom, PNG",
};

const raw = (page: Page) =>
  sharp(page.data, { raw: { width: page.width, height: page.height, channels: 4 } });

async function toRaw(image: Sharp): Promise<Page> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const jpegOf = (image: Sharp, quality: number) =>
  image
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' })
    .toBuffer();

/** 24-bit BMP (sharp cannot write BMP). */
export function encodeBmp(rgb: Uint8Array, width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + stride * height;
  const out = Buffer.alloc(size);
  out.write('BM', 0, 'ascii');
  out.writeUInt32LE(size, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * height, 34);
  out.writeInt32LE(7874, 38); // 200 dpi
  out.writeInt32LE(7874, 42);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const source = (y * width + x) * 3;
      out[row + x * 3] = rgb[source + 2] ?? 0;
      out[row + x * 3 + 1] = rgb[source + 1] ?? 0;
      out[row + x * 3 + 2] = rgb[source] ?? 0;
    }
  }
  return out;
}

/** A one-page PDF holding the page as a JPEG, at about 200 dpi, with fixed dates (same bytes each run). */
export async function wrapInPdf(jpeg: Buffer, width: number, height: number): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const image = await pdf.embedJpg(jpeg);
  const points = 72 / 200;
  const page = pdf.addPage([width * points, height * points]);
  page.drawImage(image, { x: 0, y: 0, width: width * points, height: height * points });
  pdf.setProducer('bench/accuracy');
  pdf.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

// ---------------------------------------------------------------------------------------------
// Geometry for photos: a 3-D tilt of the page projected by a pinhole camera, then a homography
// ---------------------------------------------------------------------------------------------

type Point = [number, number];

/** The 3x3 homography (row-major, h33 = 1) mapping four points `from` onto `to`. */
export function homography(from: Point[], to: Point[]): number[] {
  // The 8x9 augmented system, row-major.
  const a = new Float64Array(8 * 9);
  const at = (row: number, col: number) => a[row * 9 + col] ?? 0;
  from.forEach(([x, y], i) => {
    const [u, v] = to[i] ?? [0, 0];
    a.set([x, y, 1, 0, 0, 0, -u * x, -u * y, u], i * 18);
    a.set([0, 0, 0, x, y, 1, -v * x, -v * y, v], i * 18 + 9);
  });
  // Gauss-Jordan elimination with partial pivoting.
  for (let col = 0; col < 8; col++) {
    let best = col;
    for (let row = col + 1; row < 8; row++) if (Math.abs(at(row, col)) > Math.abs(at(best, col))) best = row;
    if (best !== col) {
      const swap = a.slice(col * 9, col * 9 + 9);
      a.copyWithin(col * 9, best * 9, best * 9 + 9);
      a.set(swap, best * 9);
    }
    const pivot = at(col, col);
    for (let k = col; k < 9; k++) a[col * 9 + k] = at(col, k) / pivot;
    for (let row = 0; row < 8; row++) {
      if (row === col) continue;
      const factor = at(row, col);
      for (let k = col; k < 9; k++) a[row * 9 + k] = at(row, k) - factor * at(col, k);
    }
  }
  return [...Array.from({ length: 8 }, (_, row) => at(row, 8)), 1];
}

/** Corners of a page tilted by (tiltX, tiltY) degrees and turned by `turn` degrees, seen by a camera. */
function projectedCorners(
  width: number,
  height: number,
  tiltX: number,
  tiltY: number,
  turn: number,
): Point[] {
  const rad = Math.PI / 180;
  const [ax, ay, az] = [tiltX * rad, tiltY * rad, turn * rad];
  const focal = Math.max(width, height) * 1.3;
  return (
    [
      [-width / 2, -height / 2],
      [width / 2, -height / 2],
      [width / 2, height / 2],
      [-width / 2, height / 2],
    ] as Point[]
  ).map(([x0, y0]) => {
    // Turn in the page plane, then tilt about the x and y axes.
    let x = x0 * Math.cos(az) - y0 * Math.sin(az);
    let y = x0 * Math.sin(az) + y0 * Math.cos(az);
    let z = 0;
    [y, z] = [y * Math.cos(ax) - z * Math.sin(ax), y * Math.sin(ax) + z * Math.cos(ax)];
    [x, z] = [x * Math.cos(ay) + z * Math.sin(ay), -x * Math.sin(ay) + z * Math.cos(ay)];
    const depth = focal + z;
    return [(focal * x) / depth, (focal * y) / depth];
  });
}

/** A phone photo of the page: 12 MP, perspective, table around it, light, shadow, blur, noise. */
export async function phonePhoto(page: Page, random: Random, maxTilt = 8): Promise<Encoded> {
  const portrait = page.height > page.width;
  const [width, height] = portrait ? [3000, 4000] : [4000, 3000];
  const tiltX = between(random, -maxTilt, maxTilt);
  const tiltY = between(random, -maxTilt, maxTilt) * 0.7;
  const turn = between(random, -4, 4);
  const corners = projectedCorners(page.width, page.height, tiltX, tiltY, turn);
  const xs = corners.map((point) => point[0]);
  const ys = corners.map((point) => point[1]);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  const fill = between(random, 0.72, 0.9);
  const scale = Math.min((width * fill) / spanX, (height * fill) / spanY);
  const offsetX =
    width / 2 + between(random, -0.04, 0.04) * width - ((Math.max(...xs) + Math.min(...xs)) / 2) * scale;
  const offsetY =
    height / 2 + between(random, -0.04, 0.04) * height - ((Math.max(...ys) + Math.min(...ys)) / 2) * scale;
  const target = corners.map(([x, y]) => [x * scale + offsetX, y * scale + offsetY] as Point);

  // Sample from a source at about the size the page takes in the photo (less aliasing, less work).
  const sourceScale = Math.min(
    1.6,
    Math.max(spanX * scale, spanY * scale) / Math.max(page.width, page.height),
  );
  const source = await raw(page)
    .resize(Math.round(page.width * sourceScale))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sw = source.info.width;
  const sh = source.info.height;
  const h = homography(target, [
    [0, 0],
    [sw, 0],
    [sw, sh],
    [0, sh],
  ]);

  // Table colour, light gradient, shadow edge.
  const table = pick(random, [
    [92, 64, 44],
    [140, 120, 100],
    [60, 62, 68],
    [200, 196, 188],
  ]);
  const lightAngle = between(random, 0, Math.PI * 2);
  const lightStrength = between(random, 0.12, 0.35);
  const [lx, ly] = [Math.cos(lightAngle), Math.sin(lightAngle)];
  const shadowAngle = between(random, 0, Math.PI * 2);
  const [nx, ny] = [Math.cos(shadowAngle), Math.sin(shadowAngle)];
  // The shadow covers a corner region: points with (p - c)·n > 0, softened over `soft` pixels.
  const shadowDepth = between(random, 0.2, 0.45);
  const shadowOffset = between(random, 0.25, 0.45) * Math.hypot(width, height) * 0.5;
  const soft = between(random, 40, 160);
  const warm = between(random, -8, 8);
  const noiseSigma = between(random, 2.5, 7);

  // Noise from a seeded table walked by a cheap counter: 36 M values without 36 M calls to random().
  const noiseTable = new Float32Array(65536);
  for (let index = 0; index < noiseTable.length; index++) noiseTable[index] = gaussian(random) * noiseSigma;
  let noiseState = (Math.floor(random() * 2 ** 31) | 1) >>> 0;
  const out = new Uint8ClampedArray(width * height * 3);
  const d = source.data;
  if (source.info.channels !== 3) throw new Error('photo source must be RGB');
  const diagonal = Math.hypot(width, height) / 2;
  const [t0 = 0, t1 = 0, t2 = 0] = table;
  const [h0, h1, h2, h3, h4, h5, h6, h7] = h as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  for (let y = 0; y < height; y++) {
    const dy = (y - height / 2) / diagonal;
    for (let x = 0; x < width; x++) {
      const w = h6 * x + h7 * y + 1;
      const sx = (h0 * x + h1 * y + h2) / w;
      const sy = (h3 * x + h4 * y + h5) / w;
      let r: number;
      let g: number;
      let b: number;
      if (sx >= 0 && sy >= 0 && sx < sw - 1 && sy < sh - 1) {
        const x0 = sx | 0;
        const y0 = sy | 0;
        const fx = sx - x0;
        const fy = sy - y0;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        const i00 = (y0 * sw + x0) * 3;
        const i01 = i00 + sw * 3;
        r = (d[i00] ?? 0) * w00 + (d[i00 + 3] ?? 0) * w10 + (d[i01] ?? 0) * w01 + (d[i01 + 3] ?? 0) * w11;
        g =
          (d[i00 + 1] ?? 0) * w00 +
          (d[i00 + 4] ?? 0) * w10 +
          (d[i01 + 1] ?? 0) * w01 +
          (d[i01 + 4] ?? 0) * w11;
        b =
          (d[i00 + 2] ?? 0) * w00 +
          (d[i00 + 5] ?? 0) * w10 +
          (d[i01 + 2] ?? 0) * w01 +
          (d[i01 + 5] ?? 0) * w11;
      } else {
        const grain = ((x * 7 + y * 13) % 17) - 8;
        r = t0 + grain;
        g = t1 + grain;
        b = t2 + grain;
      }
      const dx = (x - width / 2) / diagonal;
      let light = 1 - lightStrength * (0.5 + 0.5 * (dx * lx + dy * ly)) - 0.12 * (dx * dx + dy * dy);
      const side = (x - width / 2) * nx + (y - height / 2) * ny - shadowOffset;
      if (side > -soft) light *= 1 - shadowDepth * Math.min(1, (side + soft) / (2 * soft));
      noiseState ^= noiseState << 13;
      noiseState ^= noiseState >>> 17;
      noiseState ^= noiseState << 5;
      const noise = noiseTable[noiseState & 65535] ?? 0;
      const index = (y * width + x) * 3;
      out[index] = r * light + warm + noise;
      out[index + 1] = g * light + noise;
      out[index + 2] = b * light - warm + noise;
    }
  }
  const blur = between(random, 0.5, 1.6);
  const quality = integer(random, 78, 92);
  const bytes = await sharp(Buffer.from(out.buffer), { raw: { width, height, channels: 3 } })
    .blur(blur)
    .jpeg({ quality })
    .toBuffer();
  return {
    bytes,
    mime: 'image/jpeg',
    ext: 'jpg',
    note: `photo ${width}x${height}, tilt ${tiltX.toFixed(1)}/${tiltY.toFixed(1)} deg, turn ${turn.toFixed(1)} deg, blur ${blur.toFixed(1)}, JPEG q${quality}`,
  };
}

/** Print and scan: softened toner, a slight skew on the scanner bed, about 2 MP, noise, JPEG. */
export async function printAndScan(page: Page, random: Random): Promise<Encoded> {
  const angle = between(random, -1.5, 1.5);
  const megapixels = between(random, 1.8, 2.6);
  const scale = Math.sqrt((megapixels * 1e6) / (page.width * page.height));
  const bed = pick(random, ['#f6f6f3', '#eeeeea', '#fafafa']);
  const pad = integer(random, 4, 30);
  const printed = raw(page)
    .removeAlpha()
    .modulate({ saturation: between(random, 0.7, 0.95), brightness: between(random, 1.0, 1.06) })
    .linear(between(random, 0.85, 0.97), between(random, 6, 22))
    .blur(between(random, 0.5, 1.0))
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: bed })
    .rotate(angle, { background: bed });
  const scanned = await toRaw(
    sharp(await printed.png({ compressionLevel: 1 }).toBuffer()).resize(
      Math.round((page.width + 2 * pad) * scale),
    ),
  );
  const sigma = between(random, 2, 5);
  for (let index = 0; index < scanned.data.length; index += 4) {
    const noise = gaussian(random) * sigma;
    for (let channel = 0; channel < 3; channel++)
      scanned.data[index + channel] = Math.max(
        0,
        Math.min(255, (scanned.data[index + channel] ?? 0) + noise),
      );
  }
  const grey = random() < 0.25;
  let image = raw(scanned).removeAlpha();
  if (grey) image = image.greyscale();
  const quality = integer(random, 70, 90);
  return {
    bytes: await image.jpeg({ quality }).toBuffer(),
    mime: 'image/jpeg',
    ext: 'jpg',
    note: `scan ${scanned.width}x${scanned.height}, skew ${angle.toFixed(2)} deg${grey ? ', greyscale' : ''}, JPEG q${quality}`,
  };
}

/** A screenshot of a desktop PDF viewer showing the page. */
export async function screenshot(page: Page, random: Random): Promise<Encoded> {
  const [width, height] = pick(random, [
    [1920, 1080],
    [2560, 1440],
    [1680, 1050],
  ] as const);
  const dark = random() < 0.5;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const pageCanvas = createCanvas(page.width, page.height);
  const pageCtx = pageCanvas.getContext('2d');
  const image = pageCtx.createImageData(page.width, page.height);
  image.data.set(page.data);
  pageCtx.putImageData(image, 0, 0);

  const toolbar = Math.round(height * 0.055);
  const sidebar = Math.round(width * 0.13);
  const status = Math.round(height * 0.03);
  ctx.fillStyle = dark ? '#2b2b2b' : '#e9e9ed';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = dark ? '#38383d' : '#f9f9fb';
  ctx.fillRect(0, 0, width, toolbar);
  ctx.fillStyle = dark ? '#323234' : '#f0f0f4';
  ctx.fillRect(0, toolbar, sidebar, height - toolbar);
  const ink = dark ? '#e0e0e0' : '#20123a';
  uiText(
    ctx,
    `certificate-${integer(random, 100, 999)}.pdf`,
    sidebar + 20,
    toolbar * 0.62,
    toolbar * 0.36,
    ink,
  );
  for (let i = 0; i < 6; i++) {
    ctx.fillStyle = dark ? '#55555a' : '#d0d0d7';
    ctx.fillRect(width - (i + 1) * toolbar * 1.1, toolbar * 0.22, toolbar * 0.7, toolbar * 0.56);
  }
  const zoom = between(random, 0.8, 0.95);
  const fit =
    Math.min((width - sidebar - 80) / page.width, (height - toolbar - status - 60) / page.height) * zoom;
  uiText(ctx, `${Math.round(fit * 100)} %`, width / 2, toolbar * 0.62, toolbar * 0.36, ink);
  // Thumbnail and page, each with a drop shadow.
  const thumb = (sidebar - 40) / page.width;
  for (const [x, y, s] of [
    [20, toolbar + 20, thumb],
    [
      sidebar + (width - sidebar - page.width * fit) / 2,
      toolbar + (height - toolbar - status - page.height * fit) / 2,
      fit,
    ],
  ] as const) {
    ctx.fillStyle = 'rgba(0,0,0,0.35)';
    ctx.fillRect(x + 4, y + 4, page.width * s, page.height * s);
    ctx.drawImage(pageCanvas, x, y, page.width * s, page.height * s);
  }
  ctx.strokeStyle = '#0a84ff';
  ctx.lineWidth = 3;
  ctx.strokeRect(18, toolbar + 18, page.width * thumb + 4, page.height * thumb + 4);
  ctx.fillStyle = dark ? '#38383d' : '#f9f9fb';
  ctx.fillRect(0, height - status, width, status);
  uiText(ctx, 'Page 1 of 1', 20, height - status * 0.3, status * 0.55, ink);
  return {
    bytes: await canvas.encode('png'),
    mime: 'image/png',
    ext: 'png',
    note: `screenshot ${width}x${height}, ${dark ? 'dark' : 'light'} viewer, page at ${Math.round(fit * 100)} %`,
  };
}

function uiText(ctx: SKRSContext2D, value: string, x: number, y: number, size: number, color: string): void {
  ctx.font = `${size}px BSans`;
  ctx.fillStyle = color;
  ctx.textAlign = 'left';
  ctx.fillText(value, x, y);
}

/** One genuine copy of the page. */
export async function genuineCopy(kind: GenuineKind, page: Page, random: Random): Promise<Encoded> {
  switch (kind) {
    case 'jpeg': {
      const quality = integer(random, 20, 95);
      return {
        bytes: await jpegOf(raw(page), quality),
        mime: 'image/jpeg',
        ext: 'jpg',
        note: `JPEG q${quality}`,
      };
    }
    case 'webp': {
      const quality = integer(random, 40, 95);
      return {
        bytes: await raw(page).webp({ quality }).toBuffer(),
        mime: 'image/webp',
        ext: 'webp',
        note: `WebP q${quality}`,
      };
    }
    case 'png': {
      const compressionLevel = integer(random, 1, 9);
      const adaptiveFiltering = random() < 0.5;
      const bytes = await raw(page).removeAlpha().png({ compressionLevel, adaptiveFiltering }).toBuffer();
      return {
        bytes,
        mime: 'image/png',
        ext: 'png',
        note: `PNG level ${compressionLevel}${adaptiveFiltering ? ', adaptive filters' : ''}`,
      };
    }
    case 'gif': {
      const dither = between(random, 0.3, 1);
      const bytes = await raw(page).gif({ colours: 256, dither }).toBuffer();
      return { bytes, mime: 'image/gif', ext: 'gif', note: `GIF 256 colours, dither ${dither.toFixed(2)}` };
    }
    case 'tiff': {
      const compression = pick(random, ['lzw', 'deflate', 'jpeg'] as const);
      const bytes = await raw(page).removeAlpha().tiff({ compression, quality: 90 }).toBuffer();
      return { bytes, mime: 'image/tiff', ext: 'tif', note: `TIFF ${compression}` };
    }
    case 'bmp': {
      // The API takes at most 10 MB: scale large pages down to about 8.5 MB of pixels.
      const scale = Math.min(1, Math.sqrt(2.8e6 / (page.width * page.height)));
      const width = Math.round(page.width * scale);
      const { data, info } = await raw(page)
        .resize(width)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return {
        bytes: encodeBmp(data, info.width, info.height),
        mime: 'image/bmp',
        ext: 'bmp',
        note: `BMP 24-bit ${info.width}x${info.height}`,
      };
    }
    case 'pdf': {
      const jpeg = await jpegOf(raw(page), 90);
      return {
        bytes: await wrapInPdf(jpeg, page.width, page.height),
        mime: 'application/pdf',
        ext: 'pdf',
        note: 'PDF with a JPEG q90 page',
      };
    }
    case 'greyscale': {
      const image = raw(page).removeAlpha().greyscale();
      if (random() < 0.5)
        return { bytes: await image.png().toBuffer(), mime: 'image/png', ext: 'png', note: 'greyscale PNG' };
      return {
        bytes: await image.jpeg({ quality: 88 }).toBuffer(),
        mime: 'image/jpeg',
        ext: 'jpg',
        note: 'greyscale JPEG q88',
      };
    }
    case 'resize': {
      const factor = between(random, 0.4, 2.0);
      const bytes = await jpegOf(raw(page).resize(Math.round(page.width * factor)), 90);
      return { bytes, mime: 'image/jpeg', ext: 'jpg', note: `resized to ${Math.round(factor * 100)} %` };
    }
    case 'crop': {
      const [left, right] = [
        integer(random, 0, Math.floor(page.width * 0.05)),
        integer(random, 0, Math.floor(page.width * 0.05)),
      ];
      const [top, bottom] = [
        integer(random, 0, Math.floor(page.height * 0.05)),
        integer(random, 0, Math.floor(page.height * 0.05)),
      ];
      const bytes = await jpegOf(
        sharp(
          await raw(page)
            .extract({ left, top, width: page.width - left - right, height: page.height - top - bottom })
            .png({ compressionLevel: 1 })
            .toBuffer(),
        ),
        90,
      );
      return {
        bytes,
        mime: 'image/jpeg',
        ext: 'jpg',
        note: `cropped l${left} t${top} r${right} b${bottom} px`,
      };
    }
    case 'margin': {
      const side = () => integer(random, Math.round(page.width * 0.02), Math.round(page.width * 0.15));
      const colour = pick(random, ['#ffffff', '#ffffff', '#f1f1f1', '#dde3ea', '#000000']);
      let image = raw(page).removeAlpha();
      let note = `margins of ${colour}`;
      if (random() < 0.5) {
        const border = integer(random, 2, 12);
        image = sharp(
          await image
            .extend({ top: border, bottom: border, left: border, right: border, background: '#333333' })
            .png({ compressionLevel: 1 })
            .toBuffer(),
        );
        note += `, ${border} px border`;
      }
      image = image.extend({ top: side(), bottom: side(), left: side(), right: side(), background: colour });
      if (random() < 0.5)
        return { bytes: await image.png().toBuffer(), mime: 'image/png', ext: 'png', note: `${note}, PNG` };
      return {
        bytes: await image.jpeg({ quality: 90 }).toBuffer(),
        mime: 'image/jpeg',
        ext: 'jpg',
        note: `${note}, JPEG q90`,
      };
    }
    case 'rotate': {
      const magnitude = between(random, 0.3, 5);
      const angle = random() < 0.5 ? -magnitude : magnitude;
      const bytes = await raw(page)
        .removeAlpha()
        .rotate(angle, { background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer();
      return { bytes, mime: 'image/jpeg', ext: 'jpg', note: `rotated ${angle.toFixed(2)} deg` };
    }
    case 'scan':
      return printAndScan(page, random);
    case 'photo':
      return phonePhoto(page, random);
    case 'screenshot':
      return screenshot(page, random);
  }
}
