/**
 * Generator side of `npm run bench:accuracy`: N distinct seeded certificates (the registered
 * originals, PNG), genuine copies of each (re-encoded, converted, resized) and one-field forgeries
 * drawn with the same template and fonts, plus manifest.json. Same seed, same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { drawCertificate, seededRandom } from '../../scripts/certificates/draw.ts';
import { changedCharacters, forge, randomCertificate } from './fields.ts';
import { FORGERY_KINDS, type GenuineKind, type Manifest, type ManifestVariant } from './manifest.ts';

export interface GenerateOptions {
  count: number;
  seed: number;
  out: string;
}

const GENUINE_EXTENSIONS: Record<GenuineKind, string> = {
  'jpeg-q90': 'jpg',
  'jpeg-q60': 'jpg',
  'png-to-jpeg': 'jpg',
  'resize-90': 'png',
  'resize-75': 'png',
  'webp-q80': 'webp',
};

async function genuineCopies(png: Buffer, width: number): Promise<Record<GenuineKind, Buffer>> {
  // The holder's everyday copy is a high-quality JPEG; q90 and q60 are re-saves of it.
  const holderJpeg = await sharp(png).jpeg({ quality: 95 }).toBuffer();
  return {
    'jpeg-q90': await sharp(holderJpeg).jpeg({ quality: 90 }).toBuffer(),
    'jpeg-q60': await sharp(holderJpeg).jpeg({ quality: 60 }).toBuffer(),
    'png-to-jpeg': await sharp(png).jpeg().toBuffer(),
    'resize-90': await sharp(png)
      .resize(Math.round(width * 0.9))
      .png()
      .toBuffer(),
    'resize-75': await sharp(png)
      .resize(Math.round(width * 0.75))
      .png()
      .toBuffer(),
    'webp-q80': await sharp(png).webp({ quality: 80 }).toBuffer(),
  };
}

/** Writes the set into `out` and returns the manifest (also written as `out/manifest.json`). */
export async function generate({ count, seed, out }: GenerateOptions): Promise<Manifest> {
  const started = performance.now();
  mkdirSync(out, { recursive: true });
  const random = seededRandom(seed);
  const manifest: Manifest = { seed, count, generatedMs: 0, originals: [], variants: [] };
  const write = (file: string, bytes: Uint8Array) => writeFileSync(path.join(out, file), bytes);

  for (let index = 0; index < count; index++) {
    const id = `c${String(index).padStart(3, '0')}`;
    const certificate = randomCertificate(random, index);
    const png = drawCertificate(certificate.fields, { width: certificate.width });
    write(`${id}.png`, png);
    manifest.originals.push({ id, path: `${id}.png`, width: certificate.width, fields: certificate.fields });

    const copies = await genuineCopies(png, certificate.width);
    for (const [kind, bytes] of Object.entries(copies) as [GenuineKind, Buffer][]) {
      const file = `${id}-${kind}.${GENUINE_EXTENSIONS[kind]}`;
      write(file, bytes);
      manifest.variants.push({ class: 'genuine', kind, originalId: id, path: file });
    }

    for (const kind of FORGERY_KINDS) {
      const forgery = forge(random, certificate, kind);
      const from = certificate.fields[forgery.field];
      const to = forgery.fields[forgery.field];
      if (kind !== 'grade' && changedCharacters(from, to) !== 1)
        throw new Error(`${id} ${kind}: "${from}" → "${to}" is not a one-character edit`);
      if (from === to) throw new Error(`${id} ${kind}: the edit changed nothing`);
      const file = `${id}-forged-${kind}.png`;
      write(file, drawCertificate(forgery.fields, { width: certificate.width }));
      const variant: ManifestVariant = {
        class: 'forgery',
        kind,
        originalId: id,
        path: file,
        field: forgery.field,
        from,
        to,
      };
      manifest.variants.push(variant);
    }
  }

  manifest.generatedMs = Math.round(performance.now() - started);
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
