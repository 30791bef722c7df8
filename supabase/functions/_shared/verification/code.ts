/**
 * The certificate-code channel of retrieval: a verifiable copy carries a QR code of its public page
 * (`<site>/c/<public id>`, _shared/copies/stamp.ts). When the copy shows one whose public id exists,
 * that certificate is examined first. The code only picks the candidate: the page is still laid
 * over the registered original and compared, so a code pasted onto another page proves nothing.
 *
 * Decoded by OpenCV's QRCodeDetectorAruco (already in the engine's OpenCV build, no extra bundle),
 * on the copy shrunk to 1200 px: a QR module of the stamp is then still 3+ px in a photo where the
 * page fills most of the frame, and the search costs about 0.1-0.2 s of CPU instead of 0.3-0.7 s at
 * 1800 px (docs/verification-pipeline.md).
 */
import type { Sql } from '../db.ts';
import { fitWithin, type GrayRaster } from '../documents/raster.ts';
import { matFromRaster, withMats } from './mats.ts';
import { openCv } from './opencv.ts';
import { cut } from './reading.ts';

export const CODE_LONG_SIDE = 1200;

/** `/c/<22-character public id>` at the end of the path; the host is not trusted for anything. */
const PUBLIC_PAGE_PATH = /\/c\/([A-Za-z0-9_-]{22})\/?$/;

/** The public id a QR code's text names, or null when it is not a link to a public certificate page. */
export function publicIdOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return PUBLIC_PAGE_PATH.exec(url.pathname)?.[1] ?? null;
}

/**
 * The code's own area on the full page, with a margin of half its size (the quiet zone and the
 * corners a photo's perspective moves), from the corners found on the page shrunk by `shrink`.
 */
function codeArea(page: GrayRaster, corners: ArrayLike<number>, shrink: number): GrayRaster | null {
  const xs = [corners[0]!, corners[2]!, corners[4]!, corners[6]!].map((x) => x / shrink);
  const ys = [corners[1]!, corners[3]!, corners[5]!, corners[7]!].map((y) => y / shrink);
  const margin = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(page.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(page.height, Math.ceil(Math.max(...ys) + margin));
  if (right - left < 8 || bottom - top < 8) return null;
  return cut(page, { x: left, y: top, width: right - left, height: bottom - top }, 0);
}

/**
 * The text of the QR code the page shows, or null (also when the detector fails: the code is optional).
 * A code found on the shrunk page but not decoded there is decoded again from its own area at the
 * page's full size: at 1,200 px about 1 photographed stamp in 30 (random public ids) was found and
 * not decoded, and all were decoded at 1,800 px; the area alone costs a fraction of the whole page.
 */
export async function readQrCode(page: GrayRaster): Promise<string | null> {
  const cv = await openCv();
  try {
    return withMats((keep) => {
      const shrunk = fitWithin(page, CODE_LONG_SIDE);
      const detector = keep(new cv.QRCodeDetectorAruco());
      const points = keep(new cv.Mat());
      const text = String(detector.detectAndDecode(keep(matFromRaster(cv, shrunk)), points) ?? '');
      if (text || shrunk === page || points.data32F.length < 8) return text || null;
      const area = codeArea(page, points.data32F, shrunk.width / page.width);
      if (!area) return null;
      return (
        String(detector.detectAndDecode(keep(matFromRaster(cv, area)), keep(new cv.Mat())) ?? '') || null
      );
    });
  } catch (error) {
    console.error('engine: QR code detection failed', error);
    return null;
  }
}

/** The certificate whose public page the copy's QR code links to, or null. */
export async function certificateFromCode(sql: Sql, page: GrayRaster): Promise<string | null> {
  const text = await readQrCode(page);
  const publicId = text ? publicIdOf(text) : null;
  if (!publicId) return null;
  const [row] = await sql<{ id: string }[]>`select id from public.certificates where public_id = ${publicId}`;
  return row?.id ?? null;
}
