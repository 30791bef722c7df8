/**
 * Generates sample certificates for tests, demos and benchmarks (deterministic output):
 *   npm run certificates:samples -- [--out <dir>]   (default .local-supabase/sample-certificates/)
 *
 * Writes distinct certificates (PNG, JPEG), a PDF with a text layer, a scanned (image-only) PDF,
 * variants of one certificate (re-encodings that are the same document, edits that are not),
 * large images for benchmarks and manifest.json describing every file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { type CertificateFields, drawCertificate } from './draw.ts';

type Kind = 'certificate' | 'variant' | 'edited' | 'pdf-text' | 'pdf-scanned' | 'benchmark';

interface ManifestEntry {
  path: string;
  kind: Kind;
  mimeType: string;
  description: string;
  /** The certificate's fields as printed (what OCR should find). */
  fields: CertificateFields;
  expected: { sameAs?: string; editedOf?: string };
}

const { values } = parseArgs({
  options: { out: { type: 'string', default: '.local-supabase/sample-certificates' } },
});
const outDir = resolve(values.out);
mkdirSync(outDir, { recursive: true });

const entries: ManifestEntry[] = [];
function write(entry: ManifestEntry, bytes: Uint8Array): void {
  writeFileSync(join(outDir, entry.path), bytes);
  entries.push(entry);
}

const issuer = 'Northwind Academy';
const certificates: CertificateFields[] = [
  {
    title: 'Certificate of Completion',
    recipient: 'Olivia Bennett',
    course: 'Advanced Data Engineering',
    grade: 'A+',
    date: '2024-03-15',
    number: 'NWA-2024-00123',
    issuer,
    signatory: 'Dr. Helen Park',
    accent: '#1d4e89',
  },
  {
    title: 'Certificate of Achievement',
    recipient: 'Marcus Lindqvist',
    course: 'Cloud Security Fundamentals',
    grade: 'B',
    date: '2023-11-02',
    number: 'NWA-2023-04871',
    issuer,
    signatory: 'Dr. Helen Park',
    accent: '#7a1f3d',
  },
  {
    title: 'Certificate of Completion',
    recipient: 'Aisha Rahman',
    course: 'Introduction to Machine Learning',
    grade: 'Distinction',
    date: '2025-06-30',
    number: 'NWA-2025-00918',
    issuer,
    signatory: 'Prof. Tomas Novak',
    accent: '#2f6b3a',
  },
  {
    title: 'Certificate of Participation',
    recipient: 'Kenji Watanabe',
    course: 'Project Management Essentials',
    grade: 'Pass',
    date: '2022-09-19',
    number: 'NWA-2022-07340',
    issuer,
    signatory: 'Prof. Tomas Novak',
    accent: '#8a5a00',
  },
];
const [base, second, third, fourth] = certificates as [
  CertificateFields,
  CertificateFields,
  CertificateFields,
  CertificateFields,
];

const WIDTH = 2000;
/** PDF dates are fixed so the output is byte-for-byte reproducible. */
const FIXED_DATE = new Date('2024-01-01T00:00:00Z');
const mime = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' } as const;

// --- distinct certificates ----------------------------------------------------------------------
const basePng = drawCertificate(base, { width: WIDTH });
write(
  {
    path: 'base.png',
    kind: 'certificate',
    mimeType: mime.png,
    description: 'The original of the variants',
    fields: base,
    expected: {},
  },
  basePng,
);
write(
  {
    path: 'distinct-2.jpg',
    kind: 'certificate',
    mimeType: mime.jpg,
    description: 'Another certificate',
    fields: second,
    expected: {},
  },
  await sharp(drawCertificate(second, { width: WIDTH }))
    .jpeg({ quality: 90 })
    .toBuffer(),
);
write(
  {
    path: 'distinct-3.png',
    kind: 'certificate',
    mimeType: mime.png,
    description: 'Another certificate',
    fields: third,
    expected: {},
  },
  drawCertificate(third, { width: 1800 }),
);

// --- re-encodings of base.png: the same document ------------------------------------------------
const baseJpeg = await sharp(basePng).jpeg({ quality: 92 }).toBuffer();
const sameAs = { sameAs: 'base.png' };
write(
  {
    path: 'variant-png-to-jpeg.jpg',
    kind: 'variant',
    mimeType: mime.jpg,
    description: 'PNG saved as JPEG (quality 92)',
    fields: base,
    expected: sameAs,
  },
  baseJpeg,
);
write(
  {
    path: 'variant-jpeg-quality-60.jpg',
    kind: 'variant',
    mimeType: mime.jpg,
    description: 'The JPEG re-saved at quality 60',
    fields: base,
    expected: sameAs,
  },
  await sharp(baseJpeg).jpeg({ quality: 60 }).toBuffer(),
);
write(
  {
    path: 'variant-resized-90.png',
    kind: 'variant',
    mimeType: mime.png,
    description: 'Resized to 90% (area resampling)',
    fields: base,
    expected: sameAs,
  },
  await sharp(basePng)
    .resize(Math.round(WIDTH * 0.9))
    .png()
    .toBuffer(),
);
write(
  {
    path: 'variant-resized-90.jpg',
    kind: 'variant',
    mimeType: mime.jpg,
    description: 'Resized to 90% and saved as JPEG (quality 85)',
    fields: base,
    expected: sameAs,
  },
  await sharp(basePng)
    .resize(Math.round(WIDTH * 0.9))
    .jpeg({ quality: 85 })
    .toBuffer(),
);
write(
  {
    path: 'variant.webp',
    kind: 'variant',
    mimeType: 'image/webp',
    description: 'Saved as WebP (quality 85)',
    fields: base,
    expected: sameAs,
  },
  await sharp(basePng).webp({ quality: 85 }).toBuffer(),
);
write(
  {
    path: 'variant.gif',
    kind: 'variant',
    mimeType: 'image/gif',
    description: 'Saved as GIF (256-colour palette)',
    fields: base,
    expected: sameAs,
  },
  await sharp(basePng).gif().toBuffer(),
);
write(
  {
    path: 'variant.tif',
    kind: 'variant',
    mimeType: 'image/tiff',
    description: 'Saved as TIFF (LZW)',
    fields: base,
    expected: sameAs,
  },
  await sharp(basePng).tiff({ compression: 'lzw' }).toBuffer(),
);
const { data: rgbPixels, info } = await sharp(basePng)
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
write(
  {
    path: 'variant.bmp',
    kind: 'variant',
    mimeType: 'image/bmp',
    description: 'Saved as 24-bit BMP',
    fields: base,
    expected: sameAs,
  },
  encodeBmp(rgbPixels, info.width, info.height),
);

// --- edits of base.png with the same template and fonts: NOT the same document ---------------------
const editedName = { ...base, recipient: 'Olivia Barnett' };
write(
  {
    path: 'edited-name.png',
    kind: 'edited',
    mimeType: mime.png,
    description: 'Recipient name changed (Bennett → Barnett)',
    fields: editedName,
    expected: { editedOf: 'base.png' },
  },
  drawCertificate(editedName, { width: WIDTH }),
);
const editedDate = { ...base, date: '2024-03-18' };
write(
  {
    path: 'edited-date.png',
    kind: 'edited',
    mimeType: mime.png,
    description: 'Date changed by one digit (15 → 18)',
    fields: editedDate,
    expected: { editedOf: 'base.png' },
  },
  drawCertificate(editedDate, { width: WIDTH }),
);
write(
  {
    path: 'edited-date.jpg',
    kind: 'edited',
    mimeType: mime.jpg,
    description: 'The date edit saved as JPEG (quality 92)',
    fields: editedDate,
    expected: { editedOf: 'base.png' },
  },
  await sharp(drawCertificate(editedDate, { width: WIDTH }))
    .jpeg({ quality: 92 })
    .toBuffer(),
);

// --- PDFs -----------------------------------------------------------------------------------------
write(
  {
    path: 'text-layer.pdf',
    kind: 'pdf-text',
    mimeType: mime.pdf,
    description: 'PDF with a text layer',
    fields: fourth,
    expected: {},
  },
  await textLayerPdf(fourth),
);
const scannedJpeg = await sharp(drawCertificate(third, { width: 2200, grain: 10 }))
  .jpeg({ quality: 85 })
  .toBuffer();
write(
  {
    path: 'scanned.pdf',
    kind: 'pdf-scanned',
    mimeType: mime.pdf,
    description: 'Image-only PDF (a scan, no text layer)',
    fields: third,
    expected: {},
  },
  await scannedPdf(scannedJpeg),
);

// --- large images for benchmarks: real sizes through resolution and paper grain ------------------
write(
  {
    path: 'benchmark-1mb.jpg',
    kind: 'benchmark',
    mimeType: mime.jpg,
    description: 'About 1 MB: 2480 px wide, grain, JPEG 90',
    fields: second,
    expected: {},
  },
  await sharp(drawCertificate(second, { width: 2480, grain: 14 }))
    .jpeg({ quality: 90 })
    .toBuffer(),
);
write(
  {
    path: 'benchmark-5mb.jpg',
    kind: 'benchmark',
    mimeType: mime.jpg,
    description: 'About 5 MB: 4960 px wide (A4 at 600 dpi), grain, JPEG 93',
    fields: fourth,
    expected: {},
  },
  await sharp(drawCertificate(fourth, { width: 4960, grain: 16 }))
    .jpeg({ quality: 93 })
    .toBuffer(),
);

writeFileSync(
  join(outDir, 'manifest.json'),
  `${JSON.stringify({ generator: 'scripts/certificates/generate-samples.ts', files: entries }, null, 2)}\n`,
);
console.log(`Wrote ${entries.length} sample certificates and manifest.json to ${outDir}`);

/** Uncompressed 24-bit bottom-up BMP (sharp writes no BMP). */
function encodeBmp(rgbData: Buffer, width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const header = 54;
  const out = Buffer.alloc(header + rowSize * height);
  out.write('BM', 0, 'ascii');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(header, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(rowSize * height, 34);
  out.writeInt32LE(2835, 38);
  out.writeInt32LE(2835, 42);
  for (let y = 0; y < height; y++) {
    const target = header + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const source = (y * width + x) * 3;
      // BMP stores blue, green, red.
      rgbData.copy(out, target + x * 3, source, source + 3);
      out.writeUInt8(rgbData[source + 2] ?? 0, target + x * 3);
      out.writeUInt8(rgbData[source] ?? 0, target + x * 3 + 2);
    }
  }
  return out;
}

async function newPdf(title: string): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('certverify sample generator');
  pdf.setCreator('certverify sample generator');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  return pdf;
}

async function textLayerPdf(fields: CertificateFields): Promise<Uint8Array> {
  const pdf = await newPdf(fields.title);
  const page = pdf.addPage([842, 595]);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const ink = rgb(0.12, 0.16, 0.2);
  const centre = (text: string, y: number, size: number, font = serif) =>
    page.drawText(text, { x: (842 - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color: ink });
  page.drawRectangle({
    x: 20,
    y: 20,
    width: 802,
    height: 555,
    borderWidth: 4,
    borderColor: rgb(0.54, 0.35, 0),
  });
  centre(fields.title, 480, 34, serifBold);
  centre('This is to certify that', 430, 16);
  centre(fields.recipient, 380, 36, serifBold);
  centre('has successfully completed the course', 335, 16);
  centre(fields.course, 295, 22, sans);
  centre(`Grade: ${fields.grade}`, 260, 16, sans);
  for (const [index, line] of [
    `Date of issue: ${fields.date}`,
    `Certificate No: ${fields.number}`,
    `Issued by ${fields.issuer}`,
  ].entries()) {
    page.drawText(line, { x: 70, y: 150 - index * 24, size: 14, font: sans, color: ink });
  }
  page.drawLine({ start: { x: 560, y: 130 }, end: { x: 760, y: 130 }, thickness: 1, color: ink });
  page.drawText(fields.signatory, { x: 600, y: 110, size: 13, font: sans, color: ink });
  return await pdf.save({ useObjectStreams: false });
}

async function scannedPdf(jpeg: Buffer): Promise<Uint8Array> {
  const pdf = await newPdf('Scanned certificate');
  const image = await pdf.embedJpg(jpeg);
  const page = pdf.addPage([842, 595]);
  page.drawImage(image, { x: 0, y: 0, width: 842, height: 595 });
  return await pdf.save({ useObjectStreams: false });
}
