/**
 * Registration: everything a later comparison needs about an original, computed once when a
 * certificate is uploaded or issued (and by the backfill for older rows).
 */
import { decode as decodePng, encode as encodePng } from 'fast-png';
import type { GrayRaster } from '../documents/raster.ts';
import type { DetectedFile } from '../processing/detect.ts';
import { pageFeatures, type PageFeatures } from './features.ts';
import { nameFields, type RegisteredLine } from './fields.ts';
import { readPageLines } from './ocr.ts';
import { CANONICAL_LONG_SIDE, pageRaster } from './page.ts';
import { pageHash } from './page-hash.ts';

/** Bumped whenever registrations store something different; older rows are re-registered. */
export const ENGINE_VERSION = 1;
export const ORIGINAL_FEATURES = 1500;

export interface Registration {
  page: GrayRaster;
  features: PageFeatures;
  lines: RegisteredLine[];
  pageHash: bigint;
}

export async function registerOriginal(bytes: Uint8Array, detected: DetectedFile): Promise<Registration> {
  const page = await pageRaster(bytes, detected, CANONICAL_LONG_SIDE);
  const features = await pageFeatures(page, ORIGINAL_FEATURES);
  const lines = nameFields(await readPageLines(page));
  return { page, features, lines, pageHash: pageHash(page) };
}

export function encodePage(page: GrayRaster): Uint8Array {
  return encodePng({ width: page.width, height: page.height, data: page.data, channels: 1, depth: 8 });
}

export function decodePage(png: Uint8Array): GrayRaster {
  const image = decodePng(png);
  return { width: image.width, height: image.height, data: new Uint8Array(image.data as Uint8Array) };
}
