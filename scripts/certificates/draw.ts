/**
 * Draws a realistic certificate with @napi-rs/canvas and the DejaVu fonts shipped in the npm
 * package `dejavu-fonts-ttf`, so the output is the same on every machine (no system fonts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

export interface CertificateFields {
  title: string;
  recipient: string;
  course: string;
  grade: string;
  date: string;
  number: string;
  issuer: string;
  signatory: string;
  /** Accent colour of border and seal. */
  accent: string;
}

export interface DrawOptions {
  width: number;
  /** Adds a deterministic paper grain (a scanned or photographed look, and real file sizes). */
  grain?: number;
}

const require = createRequire(import.meta.url);
const fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fontsRegistered = false;

function registerFonts(): void {
  if (fontsRegistered) return;
  for (const [file, family] of [
    ['DejaVuSerif.ttf', 'CertSerif'],
    ['DejaVuSerif-Bold.ttf', 'CertSerif'],
    ['DejaVuSerif-Italic.ttf', 'CertSerif'],
    ['DejaVuSans.ttf', 'CertSans'],
    ['DejaVuSans-Bold.ttf', 'CertSans'],
  ] as const) {
    if (!GlobalFonts.registerFromPath(join(fontDir, file), family))
      throw new Error(`Font ${file} did not load`);
  }
  fontsRegistered = true;
}

/** A small deterministic PRNG (mulberry32) so grain and decoration are identical on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function centred(ctx: SKRSContext2D, text: string, y: number, font: string, color = '#1f2933'): void {
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.fillText(text, ctx.canvas.width / 2, y);
}

function drawBorder(ctx: SKRSContext2D, width: number, height: number, unit: number, accent: string): void {
  ctx.strokeStyle = accent;
  ctx.lineWidth = unit * 1.2;
  ctx.strokeRect(unit * 3, unit * 3, width - unit * 6, height - unit * 6);
  ctx.lineWidth = unit * 0.35;
  ctx.strokeRect(unit * 5, unit * 5, width - unit * 10, height - unit * 10);
  // Corner ornaments: quarter circles, as printed certificate templates have.
  for (const [x, y] of [
    [unit * 5, unit * 5],
    [width - unit * 5, unit * 5],
    [unit * 5, height - unit * 5],
    [width - unit * 5, height - unit * 5],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, unit * 4, 0, Math.PI * 2);
    ctx.stroke();
  }
}

function drawSeal(ctx: SKRSContext2D, x: number, y: number, radius: number, accent: string): void {
  ctx.fillStyle = accent;
  ctx.beginPath();
  const points = 24;
  for (let i = 0; i <= points * 2; i++) {
    const angle = (i / (points * 2)) * Math.PI * 2;
    const r = i % 2 === 0 ? radius : radius * 0.88;
    ctx.lineTo(x + Math.cos(angle) * r, y + Math.sin(angle) * r);
  }
  ctx.fill();
  ctx.strokeStyle = '#fffaf0';
  ctx.lineWidth = radius * 0.04;
  ctx.beginPath();
  ctx.arc(x, y, radius * 0.7, 0, Math.PI * 2);
  ctx.stroke();
}

function drawSignature(ctx: SKRSContext2D, x: number, y: number, unit: number, seed: number): void {
  const random = seededRandom(seed);
  ctx.strokeStyle = '#1c3d7a';
  ctx.lineWidth = unit * 0.3;
  ctx.beginPath();
  ctx.moveTo(x, y);
  for (let i = 1; i <= 6; i++) {
    ctx.bezierCurveTo(
      x + unit * (i * 4 - 3),
      y - unit * (2 + random() * 3),
      x + unit * (i * 4 - 1),
      y + unit * (1 + random() * 2),
      x + unit * i * 4,
      y - unit * random(),
    );
  }
  ctx.stroke();
}

function addGrain(ctx: SKRSContext2D, width: number, height: number, amount: number, seed: number): void {
  const image = ctx.getImageData(0, 0, width, height);
  const random = seededRandom(seed);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const delta = (random() - 0.5) * amount;
    for (let channel = i; channel < i + 3; channel++) {
      data[channel] = Math.max(0, Math.min(255, (data[channel] ?? 0) + delta));
    }
  }
  ctx.putImageData(image, 0, 0);
}

/** Renders the certificate as PNG bytes, landscape A4 proportions. */
export function drawCertificate(fields: CertificateFields, options: DrawOptions): Buffer {
  registerFonts();
  const width = options.width;
  const height = Math.round(width / Math.SQRT2);
  const unit = width / 200;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');

  const paper = ctx.createLinearGradient(0, 0, width, height);
  paper.addColorStop(0, '#fffdf6');
  paper.addColorStop(1, '#f6f0e0');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  drawBorder(ctx, width, height, unit, fields.accent);

  centred(ctx, fields.title, unit * 22, `bold ${unit * 7.5}px CertSerif`, fields.accent);
  centred(ctx, 'This is to certify that', unit * 34, `italic ${unit * 3.6}px CertSerif`);
  centred(ctx, fields.recipient, unit * 48, `bold ${unit * 8}px CertSerif`, '#111827');
  ctx.fillStyle = fields.accent;
  ctx.fillRect(width / 2 - unit * 55, unit * 51.5, unit * 110, unit * 0.4);
  centred(ctx, 'has successfully completed the course', unit * 60, `${unit * 3.6}px CertSerif`);
  centred(ctx, fields.course, unit * 70, `bold ${unit * 5}px CertSans`, '#1f2933');
  centred(ctx, `Grade: ${fields.grade}`, unit * 79, `${unit * 4}px CertSans`);

  ctx.textAlign = 'left';
  ctx.font = `${unit * 3.4}px CertSans`;
  ctx.fillStyle = '#1f2933';
  ctx.fillText(`Date of issue: ${fields.date}`, unit * 16, unit * 95);
  ctx.fillText(`Certificate No: ${fields.number}`, unit * 16, unit * 101);
  ctx.fillText(`Issued by ${fields.issuer}`, unit * 16, unit * 107);

  const signatureX = unit * 125;
  drawSignature(ctx, signatureX + unit * 4, unit * 97, unit, fields.signatory.length * 7919);
  ctx.fillStyle = '#1f2933';
  ctx.fillRect(signatureX, unit * 100, unit * 55, unit * 0.3);
  ctx.textAlign = 'center';
  ctx.font = `${unit * 3}px CertSans`;
  ctx.fillText(fields.signatory, signatureX + unit * 27.5, unit * 105);
  ctx.font = `italic ${unit * 2.6}px CertSerif`;
  ctx.fillText('Director of Studies', signatureX + unit * 27.5, unit * 109);

  drawSeal(ctx, unit * 100, unit * 100, unit * 9, fields.accent);

  if (options.grain) addGrain(ctx, width, height, options.grain, width + height);
  return canvas.encodeSync('png');
}
