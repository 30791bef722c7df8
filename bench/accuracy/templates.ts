/**
 * Six visibly different certificate templates drawn with @napi-rs/canvas: landscape and portrait,
 * background patterns, borders, seals, signatures, logos, a photo, a transcript table, a date and a
 * number printed in white on a dark band. Fonts come from npm packages only (DejaVu from
 * `dejavu-fonts-ttf`, the script face Great Vibes from `@fontsource/great-vibes`), so every machine
 * and CI draw the same pixels. Each render also returns the box of every critical field, in pixels.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { CertificateField } from '../../supabase/functions/_shared/api-contract.ts';
import { type Certificate, formatDate } from './fields.ts';
import { between, integer, mulberry32, pick, type Random } from './random.ts';

export const TEMPLATES = ['classic', 'modern', 'diploma', 'transcript', 'badge', 'award'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type FieldBoxes = Partial<Record<CertificateField, Box>>;

export interface Rendered {
  /** RGBA canvas pixels are encoded once, as PNG: the registered original. */
  png: Buffer;
  width: number;
  height: number;
  boxes: FieldBoxes;
}

const SIZES: Record<TemplateName, { width: number; height: number }> = {
  classic: { width: 2000, height: 1414 },
  modern: { width: 2100, height: 1350 },
  diploma: { width: 1414, height: 2000 },
  transcript: { width: 1414, height: 2000 },
  badge: { width: 1900, height: 1200 },
  award: { width: 1500, height: 2000 },
};

export function templateSize(template: TemplateName): { width: number; height: number } {
  return SIZES[template];
}

const require = createRequire(import.meta.url);
let fontsRegistered = false;

/** Registers the faces once: Serif, Sans, Condensed, Mono (DejaVu) and Script (Great Vibes). */
function registerFonts(): void {
  if (fontsRegistered) return;
  const dejavu = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const vibes = join(dirname(require.resolve('@fontsource/great-vibes/package.json')), 'files');
  const faces: [string, string][] = [
    [join(dejavu, 'DejaVuSerif.ttf'), 'BSerif'],
    [join(dejavu, 'DejaVuSerif-Bold.ttf'), 'BSerif'],
    [join(dejavu, 'DejaVuSerif-Italic.ttf'), 'BSerif'],
    [join(dejavu, 'DejaVuSerif-BoldItalic.ttf'), 'BSerif'],
    [join(dejavu, 'DejaVuSans.ttf'), 'BSans'],
    [join(dejavu, 'DejaVuSans-Bold.ttf'), 'BSans'],
    [join(dejavu, 'DejaVuSans-Oblique.ttf'), 'BSans'],
    [join(dejavu, 'DejaVuSansCondensed.ttf'), 'BCond'],
    [join(dejavu, 'DejaVuSansCondensed-Bold.ttf'), 'BCond'],
    [join(dejavu, 'DejaVuSansMono.ttf'), 'BMono'],
    [join(dejavu, 'DejaVuSansMono-Bold.ttf'), 'BMono'],
    [join(vibes, 'great-vibes-latin-400-normal.woff2'), 'BScript'],
    [join(vibes, 'great-vibes-latin-ext-400-normal.woff2'), 'BScriptExt'],
  ];
  for (const [file, family] of faces) {
    if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`Font ${file} did not load`);
  }
  fontsRegistered = true;
}

/** The script face with fallbacks for letters Great Vibes lacks (ễ). */
const SCRIPT = 'BScript, BScriptExt, BSerif';

type Align = 'left' | 'center' | 'right';

/** Draws text and returns its ink box. */
function text(
  ctx: SKRSContext2D,
  value: string,
  x: number,
  y: number,
  font: string,
  options: { align?: Align; color?: string } = {},
): Box {
  ctx.font = font;
  ctx.fillStyle = options.color ?? '#1f2933';
  ctx.textAlign = options.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(value, x, y);
  const metrics = ctx.measureText(value);
  const width = metrics.width;
  const left = options.align === 'center' ? x - width / 2 : options.align === 'right' ? x - width : x;
  const ascent = Math.max(metrics.actualBoundingBoxAscent, 1);
  const descent = Math.max(metrics.actualBoundingBoxDescent, 0);
  return { x: left, y: y - ascent, width, height: ascent + descent };
}

/** Union of boxes, grown by a margin: the region a field occupies. */
function union(margin: number, ...boxes: Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.x)) - margin;
  const top = Math.min(...boxes.map((box) => box.y)) - margin;
  const right = Math.max(...boxes.map((box) => box.x + box.width)) + margin;
  const bottom = Math.max(...boxes.map((box) => box.y + box.height)) + margin;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function initials(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0])
    .join('')
    .slice(0, 3);
}

// ---------------------------------------------------------------------------------------------
// Marks: patterns, borders, seal, signature, logo, photo
// ---------------------------------------------------------------------------------------------

function guilloche(ctx: SKRSContext2D, width: number, height: number, color: string, random: Random): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.12;
  ctx.lineWidth = 1.2;
  const waves = integer(random, 18, 26);
  const period = between(random, 120, 220);
  for (let wave = 0; wave < waves; wave++) {
    ctx.beginPath();
    const phase = wave * 0.35;
    for (let x = 0; x <= width; x += 8) {
      const y =
        height / 2 + Math.sin(x / period + phase) * height * 0.42 * Math.cos(x / (period * 3.1) + wave);
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.restore();
}

function stripes(ctx: SKRSContext2D, width: number, height: number, color: string): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.06;
  ctx.lineWidth = 6;
  for (let x = -height; x < width; x += 28) {
    ctx.beginPath();
    ctx.moveTo(x, height);
    ctx.lineTo(x + height, 0);
    ctx.stroke();
  }
  ctx.restore();
}

function dots(ctx: SKRSContext2D, width: number, height: number, color: string): void {
  ctx.save();
  ctx.fillStyle = color;
  ctx.globalAlpha = 0.1;
  for (let y = 0; y < height; y += 22) {
    for (let x = (y / 22) % 2 === 0 ? 0 : 11; x < width; x += 22) {
      const r = 2 + 2.5 * Math.abs(Math.sin(x / 300) * Math.cos(y / 260));
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.restore();
}

function doubleBorder(ctx: SKRSContext2D, width: number, height: number, unit: number, color: string): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = unit * 1.1;
  ctx.strokeRect(unit * 3, unit * 3, width - unit * 6, height - unit * 6);
  ctx.lineWidth = unit * 0.3;
  ctx.strokeRect(unit * 5, unit * 5, width - unit * 10, height - unit * 10);
  for (const [x, y] of [
    [unit * 5, unit * 5],
    [width - unit * 5, unit * 5],
    [unit * 5, height - unit * 5],
    [width - unit * 5, height - unit * 5],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, unit * 3.5, 0, Math.PI * 2);
    ctx.stroke();
  }
}

function diamondBorder(ctx: SKRSContext2D, width: number, height: number, unit: number, color: string): void {
  ctx.fillStyle = color;
  const step = unit * 3;
  const size = unit * 0.9;
  const diamond = (x: number, y: number) => {
    ctx.beginPath();
    ctx.moveTo(x, y - size);
    ctx.lineTo(x + size, y);
    ctx.lineTo(x, y + size);
    ctx.lineTo(x - size, y);
    ctx.fill();
  };
  for (let x = unit * 4; x <= width - unit * 4; x += step) {
    diamond(x, unit * 4);
    diamond(x, height - unit * 4);
  }
  for (let y = unit * 4; y <= height - unit * 4; y += step) {
    diamond(unit * 4, y);
    diamond(width - unit * 4, y);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = unit * 0.25;
  ctx.strokeRect(unit * 6.5, unit * 6.5, width - unit * 13, height - unit * 13);
}

/** A rosette seal with the issuer's name around it; the seed decides its design. */
function seal(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  radius: number,
  issuer: string,
  color: string,
  seed: number,
): Box {
  const random = mulberry32(seed);
  const points = integer(random, 16, 40);
  const depth = between(random, 0.82, 0.93);
  const hue = pick(random, [color, '#b8860b', '#8b1a1a', '#1f4e79', '#2e5e3a']);
  if (random() < 0.5) {
    // Ribbons under the seal.
    ctx.fillStyle = hue;
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(x + side * radius * 0.3, y);
      ctx.lineTo(x + side * radius * 0.75, y + radius * 1.6);
      ctx.lineTo(x + side * radius * 0.5, y + radius * 1.4);
      ctx.lineTo(x + side * radius * 0.2, y + radius * 1.65);
      ctx.fill();
    }
  }
  ctx.fillStyle = hue;
  ctx.beginPath();
  for (let i = 0; i <= points * 2; i++) {
    const angle = (i / (points * 2)) * Math.PI * 2;
    const r = i % 2 === 0 ? radius : radius * depth;
    ctx.lineTo(x + Math.cos(angle) * r, y + Math.sin(angle) * r);
  }
  ctx.fill();
  ctx.strokeStyle = '#fffaf0';
  ctx.lineWidth = radius * 0.03;
  for (const ring of [0.78, 0.55]) {
    ctx.beginPath();
    ctx.arc(x, y, radius * ring, 0, Math.PI * 2);
    ctx.stroke();
  }
  // Issuer's name around the ring.
  const label = `${issuer.toUpperCase()} •`;
  ctx.fillStyle = '#fffaf0';
  ctx.font = `bold ${radius * 0.13}px BSans`;
  ctx.textAlign = 'center';
  const start = random() * Math.PI * 2;
  for (let i = 0; i < label.length; i++) {
    const angle = start + (i / label.length) * Math.PI * 2;
    ctx.save();
    ctx.translate(x + Math.cos(angle) * radius * 0.66, y + Math.sin(angle) * radius * 0.66);
    ctx.rotate(angle + Math.PI / 2);
    ctx.fillText(label[i] ?? '', 0, radius * 0.045);
    ctx.restore();
  }
  // Emblem: a star with a seed-chosen number of points.
  const arms = integer(random, 5, 8);
  ctx.beginPath();
  for (let i = 0; i <= arms * 2; i++) {
    const angle = -Math.PI / 2 + (i / (arms * 2)) * Math.PI * 2;
    const r = i % 2 === 0 ? radius * 0.42 : radius * 0.18;
    ctx.lineTo(x + Math.cos(angle) * r, y + Math.sin(angle) * r);
  }
  ctx.fill();
  return { x: x - radius, y: y - radius, width: radius * 2, height: radius * 2 };
}

/** A handwritten-looking scribble; the seed is the person. */
function signature(ctx: SKRSContext2D, x: number, y: number, width: number, seed: number): Box {
  const random = mulberry32(seed);
  const height = width * 0.28;
  ctx.save();
  ctx.strokeStyle = pick(random, ['#1c3d7a', '#111827', '#243b6b']);
  ctx.lineWidth = Math.max(2, width * 0.012);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x, y);
  const loops = integer(random, 5, 9);
  for (let i = 1; i <= loops; i++) {
    const step = width / loops;
    ctx.bezierCurveTo(
      x + step * (i - 0.8),
      y - height * between(random, 0.3, 1),
      x + step * (i - 0.2),
      y + height * between(random, 0, 0.6),
      x + step * i,
      y - height * between(random, -0.2, 0.3),
    );
  }
  ctx.stroke();
  // An underline flourish.
  ctx.beginPath();
  ctx.moveTo(x + width * between(random, 0, 0.2), y + height * 0.45);
  ctx.quadraticCurveTo(x + width * 0.5, y + height * between(random, 0.2, 0.9), x + width, y + height * 0.3);
  ctx.stroke();
  ctx.restore();
  return { x: x - 4, y: y - height - 4, width: width + 8, height: height * 1.6 + 8 };
}

/** The issuer's logo: a shield or a roundel with its initials. */
function logo(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  size: number,
  issuer: string,
  color: string,
  light = false,
): Box {
  ctx.save();
  ctx.fillStyle = light ? '#ffffff' : color;
  ctx.beginPath();
  if (issuer.length % 2 === 0) {
    ctx.moveTo(x - size / 2, y - size / 2);
    ctx.lineTo(x + size / 2, y - size / 2);
    ctx.lineTo(x + size / 2, y + size * 0.1);
    ctx.quadraticCurveTo(x + size / 2, y + size * 0.4, x, y + size / 2);
    ctx.quadraticCurveTo(x - size / 2, y + size * 0.4, x - size / 2, y + size * 0.1);
    ctx.closePath();
  } else {
    ctx.arc(x, y, size / 2, 0, Math.PI * 2);
  }
  ctx.fill();
  ctx.fillStyle = light ? color : '#ffffff';
  ctx.font = `bold ${size * 0.32}px BSerif`;
  ctx.textAlign = 'center';
  ctx.fillText(initials(issuer), x, y + size * 0.1);
  ctx.restore();
  return { x: x - size / 2, y: y - size / 2, width: size, height: size };
}

/** A synthetic passport photo (gradient, head, shoulders, hair), drawn from its seed. */
function photo(ctx: SKRSContext2D, x: number, y: number, width: number, height: number, seed: number): Box {
  const random = mulberry32(seed);
  ctx.save();
  const background = ctx.createLinearGradient(x, y, x, y + height);
  background.addColorStop(0, pick(random, ['#c9d6e3', '#dfe7ef', '#d8d2c4', '#b9c8d8']));
  background.addColorStop(1, pick(random, ['#8aa2ba', '#a9b7c6', '#9c9483']));
  ctx.fillStyle = background;
  ctx.fillRect(x, y, width, height);
  const skin = pick(random, ['#f1c9a5', '#d9a066', '#a86b3c', '#7a4a2a', '#e8b98f']);
  ctx.fillStyle = pick(random, ['#2f3b52', '#4a3b2a', '#1f2937', '#5b2333']);
  ctx.beginPath();
  ctx.ellipse(x + width / 2, y + height * 1.02, width * 0.48, height * 0.36, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = skin;
  ctx.fillRect(x + width * 0.43, y + height * 0.5, width * 0.14, height * 0.2);
  ctx.beginPath();
  ctx.ellipse(x + width / 2, y + height * 0.42, width * 0.22, height * 0.22, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = pick(random, ['#1b1b1b', '#3b2314', '#6b4423', '#c9a86a', '#7a7a7a']);
  ctx.beginPath();
  ctx.ellipse(
    x + width / 2,
    y + height * 0.3,
    width * 0.24,
    height * between(random, 0.1, 0.17),
    0,
    Math.PI,
    Math.PI * 2,
  );
  ctx.fill();
  ctx.fillStyle = '#222';
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.arc(x + width / 2 + side * width * 0.08, y + height * 0.42, width * 0.018, 0, Math.PI * 2);
    ctx.fill();
  }
  // Grain, as a printed photo has.
  for (let i = 0; i < 900; i++) {
    ctx.fillStyle = `rgba(0,0,0,${(random() * 0.08).toFixed(3)})`;
    ctx.fillRect(x + random() * width, y + random() * height, 2, 2);
  }
  ctx.strokeStyle = '#555';
  ctx.lineWidth = 2;
  ctx.strokeRect(x, y, width, height);
  ctx.restore();
  return { x, y, width, height };
}

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

type Draw = (ctx: SKRSContext2D, c: Certificate, width: number, height: number, random: Random) => FieldBoxes;

const date = (c: Certificate) => formatDate(c.issueDate, c.dateFormat);
const expiry = (c: Certificate) => formatDate(c.expiryDate, c.dateFormat);

/** Landscape, serif, guilloche background, double border, logo, seal and signature. */
const classic: Draw = (ctx, c, width, height, random) => {
  const unit = width / 200;
  ctx.fillStyle = '#fbf8ef';
  ctx.fillRect(0, 0, width, height);
  guilloche(ctx, width, height, c.accent, random);
  doubleBorder(ctx, width, height, unit, c.accent);
  const boxes: FieldBoxes = {};
  const cx = width / 2;
  boxes.logo = logo(ctx, cx, unit * 17, unit * 13, c.issuer, c.accent);
  boxes.issuer = text(ctx, c.issuer.toUpperCase(), cx, unit * 31, `bold ${unit * 2.6}px BSerif`, {
    align: 'center',
    color: c.accent,
  });
  boxes.title = text(ctx, c.title, cx, unit * 42, `bold ${unit * 5.4}px BSerif`, { align: 'center' });
  text(ctx, 'This is to certify that', cx, unit * 50, `italic ${unit * 2.6}px BSerif`, { align: 'center' });
  boxes.recipient_name = text(ctx, c.recipient, cx, unit * 60, `bold italic ${unit * 5.8}px BSerif`, {
    align: 'center',
    color: '#111827',
  });
  text(ctx, 'has successfully completed the course', cx, unit * 67, `${unit * 2.4}px BSerif`, {
    align: 'center',
  });
  boxes.course = text(ctx, c.course, cx, unit * 74.5, `bold ${unit * 3.6}px BSerif`, { align: 'center' });
  const label = text(ctx, 'with the grade', cx - unit * 4, unit * 81, `${unit * 2.4}px BSerif`, {
    align: 'right',
  });
  boxes.grade = text(ctx, c.grade, cx - unit * 2, unit * 81, `bold ${unit * 3}px BSerif`, { align: 'left' });
  void label;
  if (c.honours) text(ctx, c.honours, cx, unit * 86, `italic ${unit * 2.4}px BSerif`, { align: 'center' });
  const left = unit * 14;
  text(ctx, 'Date of issue', left, unit * 112, `${unit * 1.8}px BSerif`);
  boxes.issue_date = text(ctx, date(c), left, unit * 116.5, `bold ${unit * 2.4}px BSerif`);
  if (c.showExpiry)
    boxes.expiry_date = text(ctx, `Valid until ${expiry(c)}`, left, unit * 121, `${unit * 2}px BSerif`);
  boxes.seal = seal(ctx, cx, unit * 108, unit * 10, c.issuer, c.accent, c.sealSeed);
  const right = width - unit * 50;
  boxes.signature = signature(ctx, right, unit * 110, unit * 34, c.signatureSeed);
  ctx.strokeStyle = '#374151';
  ctx.lineWidth = unit * 0.2;
  ctx.beginPath();
  ctx.moveTo(right - unit * 2, unit * 114);
  ctx.lineTo(right + unit * 36, unit * 114);
  ctx.stroke();
  text(ctx, c.signatory, right + unit * 17, unit * 117.5, `${unit * 2}px BSerif`, { align: 'center' });
  boxes.certificate_number = text(
    ctx,
    `Certificate No. ${c.number}`,
    width - unit * 12,
    unit * 128,
    `${unit * 1.8}px BSerif`,
    { align: 'right' },
  );
  return boxes;
};

/** Landscape, sans; a dark band on the left carries the number and the date in white. */
const modern: Draw = (ctx, c, width, height) => {
  const unit = width / 200;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  stripes(ctx, width, height, c.accent);
  const band = width * 0.3;
  ctx.fillStyle = '#1b2330';
  ctx.fillRect(0, 0, band, height);
  ctx.fillStyle = c.accent;
  ctx.fillRect(band, 0, unit * 1.2, height);
  const boxes: FieldBoxes = {};
  boxes.logo = logo(ctx, band / 2, unit * 18, unit * 14, c.issuer, c.accent, true);
  const words = c.issuer.split(' ');
  const middle = Math.ceil(words.length / 2);
  boxes.issuer = union(
    0,
    text(ctx, words.slice(0, middle).join(' '), band / 2, unit * 33, `bold ${unit * 2.5}px BSans`, {
      align: 'center',
      color: '#ffffff',
    }),
    text(ctx, words.slice(middle).join(' ') || ' ', band / 2, unit * 37, `bold ${unit * 2.5}px BSans`, {
      align: 'center',
      color: '#ffffff',
    }),
  );
  text(ctx, 'CERTIFICATE NO.', band / 2, unit * 70, `${unit * 1.7}px BSans`, {
    align: 'center',
    color: '#cbd5e1',
  });
  boxes.certificate_number = text(ctx, c.number, band / 2, unit * 74.5, `bold ${unit * 2.7}px BMono`, {
    align: 'center',
    color: '#ffffff',
  });
  text(ctx, 'ISSUED', band / 2, unit * 84, `${unit * 1.7}px BSans`, { align: 'center', color: '#cbd5e1' });
  boxes.issue_date = text(ctx, date(c), band / 2, unit * 88.5, `bold ${unit * 2.7}px BSans`, {
    align: 'center',
    color: '#ffffff',
  });
  const left = band + unit * 10;
  boxes.title = text(ctx, c.title.toUpperCase(), left, unit * 20, `bold ${unit * 4}px BSans`, {
    color: c.accent,
  });
  text(ctx, 'Awarded to', left, unit * 33, `${unit * 2.2}px BSans`, { color: '#6b7280' });
  boxes.recipient_name = text(ctx, c.recipient, left, unit * 42, `bold ${unit * 5.2}px BSans`, {
    color: '#111827',
  });
  text(ctx, 'for completing', left, unit * 51, `${unit * 2.2}px BSans`, { color: '#6b7280' });
  boxes.course = text(ctx, c.course, left, unit * 57.5, `${unit * 3.2}px BSans`);
  text(ctx, 'Final grade', left, unit * 67, `${unit * 2.2}px BSans`, { color: '#6b7280' });
  ctx.fillStyle = '#eef2f7';
  ctx.fillRect(left - unit, unit * 69.5, unit * 30, unit * 6.5);
  boxes.grade = text(ctx, c.grade, left + unit, unit * 74.5, `bold ${unit * 3.6}px BSans`, {
    color: '#111827',
  });
  if (c.honours) text(ctx, c.honours, left + unit * 32, unit * 74, `${unit * 2.4}px BSans`);
  if (c.showExpiry)
    boxes.expiry_date = text(ctx, `Valid until ${expiry(c)}`, left, unit * 84, `${unit * 2.1}px BSans`, {
      color: '#374151',
    });
  boxes.signature = signature(ctx, left, unit * 104, unit * 30, c.signatureSeed);
  text(ctx, c.signatory, left, unit * 112, `${unit * 2}px BSans`, { color: '#374151' });
  boxes.seal = seal(ctx, width - unit * 22, height - unit * 22, unit * 11, c.issuer, c.accent, c.sealSeed);
  return boxes;
};

/** Portrait diploma: parchment, diamond border, crest, the recipient in a script face, two signatures. */
const diploma: Draw = (ctx, c, width, height, random) => {
  const unit = width / 140;
  const paper = ctx.createRadialGradient(
    width / 2,
    height / 2,
    width * 0.1,
    width / 2,
    height / 2,
    height * 0.7,
  );
  paper.addColorStop(0, '#fdf6e3');
  paper.addColorStop(1, '#efe0bb');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  guilloche(ctx, width, height, '#8a6d3b', random);
  diamondBorder(ctx, width, height, unit, c.accent);
  const cx = width / 2;
  const boxes: FieldBoxes = {};
  boxes.logo = logo(ctx, cx, unit * 22, unit * 16, c.issuer, c.accent);
  boxes.issuer = text(ctx, c.issuer, cx, unit * 40, `bold ${unit * 3.6}px BSerif`, {
    align: 'center',
    color: c.accent,
  });
  text(ctx, 'hereby confers upon', cx, unit * 52, `italic ${unit * 2.6}px BSerif`, { align: 'center' });
  boxes.recipient_name = text(ctx, c.recipient, cx, unit * 68, `${unit * 8.5}px ${SCRIPT}`, {
    align: 'center',
    color: '#111827',
  });
  text(ctx, 'the', cx, unit * 79, `italic ${unit * 2.6}px BSerif`, { align: 'center' });
  boxes.title = text(ctx, c.title, cx, unit * 88, `bold ${unit * 4.6}px BSerif`, { align: 'center' });
  text(ctx, 'in', cx, unit * 95, `italic ${unit * 2.6}px BSerif`, { align: 'center' });
  boxes.course = text(ctx, c.course, cx, unit * 103, `bold ${unit * 3.4}px BSerif`, { align: 'center' });
  const gradeLabel = text(ctx, 'Grade:', cx - unit, unit * 113, `${unit * 2.8}px BSerif`, { align: 'right' });
  void gradeLabel;
  boxes.grade = text(ctx, c.grade, cx + unit, unit * 113, `bold ${unit * 3}px BSerif`);
  if (c.honours) text(ctx, c.honours, cx, unit * 119, `italic ${unit * 2.6}px BSerif`, { align: 'center' });
  boxes.issue_date = text(ctx, `Conferred on ${date(c)}`, cx, unit * 127, `${unit * 2.5}px BSerif`, {
    align: 'center',
  });
  if (c.showExpiry)
    boxes.expiry_date = text(ctx, `Valid until ${expiry(c)}`, cx, unit * 132, `${unit * 2.2}px BSerif`, {
      align: 'center',
    });
  boxes.seal = seal(ctx, cx, unit * 150, unit * 11, c.issuer, c.accent, c.sealSeed);
  boxes.signature = union(
    0,
    signature(ctx, unit * 14, unit * 160, unit * 28, c.signatureSeed),
    signature(ctx, width - unit * 42, unit * 160, unit * 28, c.signatureSeed ^ 0x5a5a),
  );
  text(ctx, c.signatory, unit * 28, unit * 168, `${unit * 2.1}px BSerif`, { align: 'center' });
  text(ctx, 'Registrar', width - unit * 28, unit * 168, `${unit * 2.1}px BSerif`, { align: 'center' });
  boxes.certificate_number = text(ctx, `No. ${c.number}`, cx, unit * 180, `${unit * 2.1}px BMono`, {
    align: 'center',
  });
  return boxes;
};

/** Portrait transcript: header band, a table of modules with credits and grades, overall grade. */
const transcript: Draw = (ctx, c, width, height) => {
  const unit = width / 140;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = c.accent;
  ctx.fillRect(0, 0, width, unit * 20);
  const boxes: FieldBoxes = {};
  boxes.logo = logo(ctx, unit * 12, unit * 10, unit * 13, c.issuer, c.accent, true);
  boxes.issuer = text(ctx, c.issuer, unit * 22, unit * 12, `bold ${unit * 3.2}px BSans`, {
    color: '#ffffff',
  });
  boxes.title = text(ctx, 'Academic Transcript', unit * 10, unit * 33, `bold ${unit * 4.4}px BSans`, {
    color: '#111827',
  });
  text(ctx, 'Student', unit * 10, unit * 43, `${unit * 2}px BSans`, { color: '#6b7280' });
  boxes.recipient_name = text(ctx, c.recipient, unit * 10, unit * 48, `bold ${unit * 3.2}px BSans`);
  text(ctx, 'Record no.', unit * 80, unit * 43, `${unit * 2}px BSans`, { color: '#6b7280' });
  boxes.certificate_number = text(ctx, c.number, unit * 80, unit * 48, `${unit * 2.8}px BMono`);
  text(ctx, 'Programme', unit * 10, unit * 57, `${unit * 2}px BSans`, { color: '#6b7280' });
  boxes.course = text(ctx, c.course, unit * 10, unit * 62, `${unit * 2.8}px BSans`);
  // The table.
  const top = unit * 70;
  const rowHeight = unit * 6;
  const columns = [unit * 10, unit * 90, unit * 112, width - unit * 10] as const;
  ctx.fillStyle = '#e5e7eb';
  ctx.fillRect(columns[0], top, columns[3] - columns[0], rowHeight);
  const header = top + rowHeight * 0.7;
  text(ctx, 'Module', columns[0] + unit, header, `bold ${unit * 2.2}px BSans`);
  text(ctx, 'Credits', columns[1] + unit, header, `bold ${unit * 2.2}px BSans`);
  text(ctx, 'Grade', columns[2] + unit, header, `bold ${unit * 2.2}px BSans`);
  ctx.strokeStyle = '#9ca3af';
  ctx.lineWidth = unit * 0.15;
  c.rows.forEach((row, index) => {
    const y = top + rowHeight * (index + 1);
    ctx.beginPath();
    ctx.moveTo(columns[0], y);
    ctx.lineTo(columns[3], y);
    ctx.stroke();
    const baseline = y + rowHeight * 0.7;
    text(ctx, row.module, columns[0] + unit, baseline, `${unit * 2.2}px BSans`);
    text(ctx, String(row.credits), columns[1] + unit, baseline, `${unit * 2.2}px BMono`);
    const grade = text(ctx, row.grade, columns[2] + unit, baseline, `${unit * 2.2}px BMono`);
    boxes.grade = boxes.grade ? union(0, boxes.grade, grade) : grade;
  });
  const bottom = top + rowHeight * (c.rows.length + 1);
  for (const x of columns) {
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(columns[0], bottom);
  ctx.lineTo(columns[3], bottom);
  ctx.stroke();
  text(ctx, 'Overall grade', unit * 10, bottom + unit * 9, `${unit * 2.4}px BSans`, { color: '#374151' });
  const overall = text(ctx, c.grade, unit * 40, bottom + unit * 9, `bold ${unit * 3}px BSans`);
  boxes.grade = boxes.grade ? union(0, boxes.grade, overall) : overall;
  if (c.honours) text(ctx, c.honours, unit * 65, bottom + unit * 9, `italic ${unit * 2.4}px BSans`);
  text(ctx, 'Date of issue', unit * 10, bottom + unit * 18, `${unit * 2}px BSans`, { color: '#6b7280' });
  boxes.issue_date = text(ctx, date(c), unit * 40, bottom + unit * 18, `${unit * 2.4}px BSans`);
  if (c.showExpiry) {
    text(ctx, 'Valid until', unit * 10, bottom + unit * 23, `${unit * 2}px BSans`, { color: '#6b7280' });
    boxes.expiry_date = text(ctx, expiry(c), unit * 40, bottom + unit * 23, `${unit * 2.4}px BSans`);
  }
  boxes.seal = seal(ctx, width - unit * 30, height - unit * 32, unit * 12, c.issuer, c.accent, c.sealSeed);
  boxes.signature = signature(ctx, unit * 12, height - unit * 30, unit * 30, c.signatureSeed);
  text(ctx, `${c.signatory}, Registrar`, unit * 12, height - unit * 20, `${unit * 2}px BSans`);
  text(
    ctx,
    'This transcript is valid only with the seal of the issuer.',
    width / 2,
    height - unit * 8,
    `italic ${unit * 1.7}px BSans`,
    { align: 'center', color: '#6b7280' },
  );
  return boxes;
};

/** Landscape training badge: a dark top band with the number in white, a photo, label/value pairs. */
const badge: Draw = (ctx, c, width, height, random) => {
  const unit = width / 200;
  ctx.fillStyle = '#f7f9fb';
  ctx.fillRect(0, 0, width, height);
  dots(ctx, width, height, c.accent);
  ctx.fillStyle = '#0f172a';
  ctx.fillRect(0, 0, width, unit * 22);
  const boxes: FieldBoxes = {};
  boxes.title = text(ctx, c.title, unit * 10, unit * 14, `bold ${unit * 4.4}px BCond`, { color: '#ffffff' });
  boxes.certificate_number = text(
    ctx,
    `No. ${c.number}`,
    width - unit * 10,
    unit * 14,
    `bold ${unit * 3}px BMono`,
    { align: 'right', color: '#ffffff' },
  );
  boxes.photo = photo(ctx, unit * 10, unit * 32, unit * 36, unit * 46, c.photoSeed);
  const labelX = unit * 56;
  const valueX = unit * 86;
  const line = (label: string, value: string, y: number, font: string) => {
    text(ctx, label, labelX, y, `${unit * 2.4}px BCond`, { color: '#64748b' });
    return text(ctx, value, valueX, y, font, { color: '#0f172a' });
  };
  boxes.recipient_name = line('Name', c.recipient, unit * 40, `bold ${unit * 4}px BCond`);
  boxes.course = line('Course', c.course, unit * 50, `${unit * 3}px BCond`);
  boxes.grade = line('Result', c.grade, unit * 59, `bold ${unit * 3.2}px BCond`);
  if (c.honours) text(ctx, c.honours, valueX + unit * 28, unit * 59, `${unit * 2.4}px BCond`);
  boxes.issue_date = line('Issued', date(c), unit * 68, `${unit * 3}px BCond`);
  if (c.showExpiry) boxes.expiry_date = line('Valid until', expiry(c), unit * 77, `${unit * 3}px BCond`);
  boxes.issuer = text(ctx, `Issued by ${c.issuer}`, labelX, unit * 92, `${unit * 2.6}px BCond`, {
    color: '#334155',
  });
  boxes.logo = logo(ctx, width - unit * 22, unit * 42, unit * 18, c.issuer, c.accent);
  boxes.signature = signature(ctx, width - unit * 62, unit * 104, unit * 30, c.signatureSeed);
  text(ctx, c.signatory, width - unit * 47, unit * 112, `${unit * 2.2}px BCond`, { align: 'center' });
  boxes.seal = seal(ctx, unit * 28, unit * 100, unit * 9, c.issuer, c.accent, c.sealSeed);
  void random;
  return boxes;
};

/** Portrait award: halftone dots, thick border, a script title, a seal with ribbons top right. */
const award: Draw = (ctx, c, width, height) => {
  const unit = width / 150;
  ctx.fillStyle = '#fffdf7';
  ctx.fillRect(0, 0, width, height);
  dots(ctx, width, height, '#8a6d3b');
  ctx.strokeStyle = c.accent;
  ctx.lineWidth = unit * 3;
  ctx.strokeRect(unit * 5, unit * 5, width - unit * 10, height - unit * 10);
  ctx.lineWidth = unit * 0.5;
  ctx.strokeRect(unit * 9, unit * 9, width - unit * 18, height - unit * 18);
  const cx = width / 2;
  const boxes: FieldBoxes = {};
  boxes.logo = logo(ctx, unit * 25, unit * 25, unit * 14, c.issuer, c.accent);
  boxes.seal = seal(ctx, width - unit * 30, unit * 30, unit * 13, c.issuer, c.accent, c.sealSeed);
  boxes.title = text(ctx, c.title, cx, unit * 62, `${unit * 9}px ${SCRIPT}`, {
    align: 'center',
    color: c.accent,
  });
  text(ctx, 'PRESENTED TO', cx, unit * 78, `${unit * 2.4}px BSans`, { align: 'center', color: '#6b7280' });
  boxes.recipient_name = text(ctx, c.recipient.toUpperCase(), cx, unit * 90, `bold ${unit * 5}px BSerif`, {
    align: 'center',
    color: '#111827',
  });
  text(ctx, 'in recognition of completing', cx, unit * 101, `italic ${unit * 2.6}px BSerif`, {
    align: 'center',
  });
  boxes.course = text(ctx, c.course, cx, unit * 110, `${unit * 3.8}px BSerif`, { align: 'center' });
  const labelRight = cx - unit;
  text(ctx, 'Grade achieved:', labelRight, unit * 122, `${unit * 2.8}px BSerif`, { align: 'right' });
  boxes.grade = text(ctx, c.grade, cx + unit, unit * 122, `bold ${unit * 3.4}px BSerif`);
  if (c.honours) text(ctx, c.honours, cx, unit * 129, `italic ${unit * 2.8}px BSerif`, { align: 'center' });
  boxes.issuer = text(ctx, c.issuer, cx, unit * 140, `bold ${unit * 2.8}px BSerif`, {
    align: 'center',
    color: c.accent,
  });
  boxes.issue_date = text(ctx, date(c), unit * 20, unit * 165, `${unit * 2.6}px BSerif`);
  text(ctx, 'Date', unit * 20, unit * 170, `${unit * 1.9}px BSans`, { color: '#6b7280' });
  if (c.showExpiry)
    boxes.expiry_date = text(ctx, `Expires ${expiry(c)}`, unit * 20, unit * 177, `${unit * 2.2}px BSerif`);
  boxes.signature = signature(ctx, width - unit * 58, unit * 163, unit * 36, c.signatureSeed);
  text(ctx, c.signatory, width - unit * 40, unit * 170, `${unit * 1.9}px BSans`, {
    align: 'center',
    color: '#6b7280',
  });
  boxes.certificate_number = text(
    ctx,
    `Award ID ${c.number}`,
    cx,
    height - unit * 14,
    `${unit * 2.2}px BMono`,
    { align: 'center', color: '#374151' },
  );
  return boxes;
};

const DRAW: Record<TemplateName, Draw> = { classic, modern, diploma, transcript, badge, award };

/**
 * Renders a certificate. `randomSeed` fixes the template's decoration (pattern phase) so that the
 * original and its forgeries share it, as a real template would.
 */
export function renderCertificate(
  template: TemplateName,
  certificate: Certificate,
  randomSeed: number,
): Rendered {
  registerFonts();
  const { width, height } = SIZES[template];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const boxes = DRAW[template](ctx, certificate, width, height, mulberry32(randomSeed));
  return { png: canvas.toBuffer('image/png'), width, height, boxes };
}

/** The RGBA pixels of a rendered certificate, for pixel-level edits (pasting a field). */
export function pixelsOf(template: TemplateName, certificate: Certificate, randomSeed: number) {
  registerFonts();
  const { width, height } = SIZES[template];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const boxes = DRAW[template](ctx, certificate, width, height, mulberry32(randomSeed));
  return { canvas, ctx, boxes, width, height };
}
