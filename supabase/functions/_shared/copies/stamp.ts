/**
 * The verifiable copy of a certificate: its page with a margin strip below it that carries a QR code
 * of the public page's address (`<site>/c/<public id>`), the certificate number and the address in
 * plain text. The engine makes it (it has the decoders and OpenCV, whose putText draws the text);
 * the api registers the result's SHA-256, so the downloaded file itself verifies by its bytes.
 * The strip is drawn outside the original page, so the page stays comparable with the registered
 * original when a photo or print of the copy is verified.
 */
import { correction, generate } from 'lean-qr';
import { decodeImagePixels } from '../processing/decode.ts';
import type { DetectedFile } from '../processing/detect.ts';
import { openCv, type OpenCv } from '../verification/opencv.ts';
import { type Mat, withMats } from '../verification/mats.ts';
import type { OcrClient } from '../verification/ocr-client.ts';
import { pageRaster } from '../verification/page.ts';
import { type PdfText, writePdf } from './pdf.ts';
import { compressRgb, pngFile, type RgbImage } from './png.ts';

/** Longest side of the copy's page: print quality for A4 (about 250 dpi) and memory kept in bounds. */
export const MAX_COPY_SIDE = 3000;
/** The PDF page's longer side, in points: A4's. */
const PDF_LONG_SIDE = 842;
const INK: [number, number, number] = [24, 32, 48];
const MUTED: [number, number, number] = [90, 98, 110];

export interface CopyText {
  /** The public page's address, encoded in the QR code and printed. */
  url: string;
  certificateNumber: string | null;
}

export type CopyFormat = 'png' | 'pdf';

/** Where the strip's parts are, in pixels of the stamped image (for the PDF's text layer and links). */
interface Layout {
  qr: { x: number; y: number; side: number };
  lines: { x: number; baseline: number; capHeight: number; width: number; text: string }[];
}

/** What putText can draw: ASCII; accents are dropped, anything else becomes '?'. */
export function printable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** The page to stamp, as RGB: images in colour (transparency on white), a PDF's page image in grey. */
async function pageRgb(bytes: Uint8Array, detected: DetectedFile, ocr: OcrClient): Promise<RgbImage> {
  if (detected.fileType === 'pdf') {
    const grey = await pageRaster(bytes, detected, MAX_COPY_SIDE, ocr);
    const data = new Uint8Array(grey.width * grey.height * 3);
    for (let index = 0; index < grey.data.length; index++)
      data.fill(grey.data[index]!, index * 3, index * 3 + 3);
    return { width: grey.width, height: grey.height, data };
  }
  const pixels = await decodeImagePixels(bytes, detected);
  const count = pixels.width * pixels.height;
  const data = new Uint8Array(count * 3);
  const source = pixels.data;
  const channels = pixels.channels;
  for (let index = 0, at = 0; index < count; index++, at += channels) {
    const alpha = channels === 2 || channels === 4 ? source[at + channels - 1]! : 255;
    for (let channel = 0; channel < 3; channel++) {
      const value = channels >= 3 ? source[at + channel]! : source[at]!;
      data[index * 3 + channel] = Math.round((value * alpha + 255 * (255 - alpha)) / 255);
    }
  }
  return { width: pixels.width, height: pixels.height, data };
}

/** Width in pixels of `text` in Hershey Simplex at scale 1 (opencv.js has no getTextSize). */
function textWidthAtScale1(cv: OpenCv, text: string, thickness: number): number {
  return withMats((keep) => {
    const width = text.length * 30 + 20;
    const scratch: Mat = keep(new cv.Mat(40, width, cv.CV_8UC1, new cv.Scalar(0)));
    cv.putText(scratch, text, new cv.Point(0, 30), cv.FONT_HERSHEY_SIMPLEX, 1, new cv.Scalar(255), thickness);
    let right = 0;
    for (let y = 0; y < 40; y++)
      for (let x = width - 1; x > right; x--)
        if (scratch.data[y * width + x]) {
          right = x;
          break;
        }
    return right + 1;
  });
}

/** Hershey Simplex capitals are about 21.5 px tall at scale 1. */
const CAP_HEIGHT_AT_SCALE_1 = 21.5;

async function stampRgb(page: RgbImage, text: CopyText): Promise<{ image: RgbImage; layout: Layout }> {
  const cv = await openCv();
  const qr = generate(text.url, { minCorrectionLevel: correction.M });
  const module = Math.max(4, Math.round(Math.min(page.width, page.height) / 230));
  const quiet = 4 * module;
  const qrSide = qr.size * module;
  const strip = qrSide + 2 * quiet;
  const width = page.width;
  const height = page.height + strip;
  return withMats((keep) => {
    const out: Mat = keep(new cv.Mat(height, width, cv.CV_8UC3, new cv.Scalar(255, 255, 255)));
    out.data.set(page.data, 0);
    // A hairline between the page and the strip.
    const rule = Math.max(1, Math.round(module / 4));
    cv.rectangle(
      out,
      new cv.Point(0, page.height),
      new cv.Point(width - 1, page.height + rule - 1),
      new cv.Scalar(200, 204, 210),
      -1,
    );
    const qrX = quiet;
    const qrY = page.height + quiet;
    for (let y = 0; y < qr.size; y++)
      for (let x = 0; x < qr.size; x++)
        if (qr.get(x, y))
          for (let row = 0; row < module; row++) {
            const start = ((qrY + y * module + row) * width + qrX + x * module) * 3;
            out.data.fill(0, start, start + module * 3);
          }
    // Text to the right of the code: number (large), address, a line saying what the code is for.
    const left = qrX + qrSide + quiet;
    const room = Math.max(1, width - left - quiet);
    const wanted = [
      {
        text: printable(
          text.certificateNumber
            ? `Certificate No. ${text.certificateNumber}`
            : 'Verifiable certificate copy',
        ),
        cap: strip * 0.12,
        bold: true,
        colour: INK,
      },
      { text: printable(text.url), cap: strip * 0.075, bold: false, colour: INK },
      {
        text: 'Scan the code or open the link to check this certificate.',
        cap: strip * 0.06,
        bold: false,
        colour: MUTED,
      },
    ];
    const sized = wanted.map((line) => {
      const wantedScale = line.cap / CAP_HEIGHT_AT_SCALE_1;
      const thickness = Math.max(1, Math.round(wantedScale * (line.bold ? 2.2 : 1.4)));
      const natural = textWidthAtScale1(cv, line.text, Math.max(1, Math.round(thickness / wantedScale)));
      const scale = Math.min(wantedScale, room / natural);
      return { ...line, thickness, natural, scale, capHeight: scale * CAP_HEIGHT_AT_SCALE_1 };
    });
    // Capitals, plus a gap of 1.7 capitals before each line after the first; centred on the code.
    const block = sized.reduce((sum, line, index) => sum + line.capHeight * (index ? 2.7 : 1), 0);
    let baseline = qrY + Math.max(0, (qrSide - block) / 2);
    const lines: Layout['lines'] = [];
    for (const line of sized) {
      baseline += line.capHeight * (lines.length ? 2.7 : 1);
      cv.putText(
        out,
        line.text,
        new cv.Point(left, Math.round(baseline)),
        cv.FONT_HERSHEY_SIMPLEX,
        line.scale,
        new cv.Scalar(...line.colour),
        line.thickness,
        cv.LINE_AA,
      );
      lines.push({
        x: left,
        baseline: Math.round(baseline),
        capHeight: line.capHeight,
        width: line.natural * line.scale,
        text: line.text,
      });
    }
    return {
      image: { width, height, data: new Uint8Array(out.data) },
      layout: { qr: { x: qrX, y: qrY, side: qrSide }, lines },
    };
  });
}

/** The PDF copy: the stamped image filling an A4-long page, with the strip's words and links. */
function pdfOf(image: RgbImage, compressed: Uint8Array, layout: Layout, url: string): Uint8Array {
  const scale = PDF_LONG_SIDE / Math.max(image.width, image.height);
  const pageHeight = image.height * scale;
  const texts: PdfText[] = layout.lines.map((line) => ({
    x: line.x * scale,
    y: pageHeight - line.baseline * scale,
    // Helvetica's capitals are 0.718 em tall.
    size: (line.capHeight / 0.718) * scale,
    text: line.text,
  }));
  const { qr } = layout;
  const address = layout.lines[1]!;
  return writePdf({
    width: image.width * scale,
    height: pageHeight,
    image: { width: image.width, height: image.height, compressed },
    texts,
    links: [
      {
        rect: [
          qr.x * scale,
          pageHeight - (qr.y + qr.side) * scale,
          (qr.x + qr.side) * scale,
          pageHeight - qr.y * scale,
        ],
        uri: url,
      },
      {
        rect: [
          address.x * scale,
          pageHeight - (address.baseline + address.capHeight * 0.4) * scale,
          (address.x + address.width) * scale,
          pageHeight - (address.baseline - address.capHeight * 1.4) * scale,
        ],
        uri: url,
      },
    ],
  });
}

/** The stamped page at most MAX_COPY_SIDE pixels long (the strip comes on top of that). */
async function fittedPage(bytes: Uint8Array, detected: DetectedFile, ocr: OcrClient): Promise<RgbImage> {
  const page = await pageRgb(bytes, detected, ocr);
  if (Math.max(page.width, page.height) <= MAX_COPY_SIDE) return page;
  const cv = await openCv();
  const shrink = MAX_COPY_SIDE / Math.max(page.width, page.height);
  const target = {
    width: Math.max(1, Math.round(page.width * shrink)),
    height: Math.max(1, Math.round(page.height * shrink)),
  };
  return withMats((keep) => {
    const source: Mat = keep(new cv.Mat(page.height, page.width, cv.CV_8UC3));
    source.data.set(page.data);
    const resized: Mat = keep(new cv.Mat());
    cv.resize(source, resized, new cv.Size(target.width, target.height), 0, 0, cv.INTER_AREA);
    return { width: resized.cols, height: resized.rows, data: new Uint8Array(resized.data) };
  });
}

/**
 * The verifiable copy of a stored certificate file, as PNG or PDF. Deterministic: the same file and
 * text give the same bytes, so downloading again registers nothing new.
 */
export async function verifiableCopy(
  bytes: Uint8Array,
  detected: DetectedFile,
  text: CopyText,
  format: CopyFormat,
  ocr: OcrClient,
): Promise<Uint8Array> {
  const { image, layout } = await stampRgb(await fittedPage(bytes, detected, ocr), text);
  const compressed = await compressRgb(image);
  return format === 'png'
    ? pngFile(image.width, image.height, compressed)
    : pdfOf(image, compressed, layout, text.url);
}
