/**
 * A 64-bit perceptual hash of a page for retrieval: the page is cut out of the picture (the
 * largest four-cornered outline, as in a photo on a desk or a screenshot with a viewer around it,
 * straightened), trimmed to its ink, shrunk to 32 x 32 and reduced to the signs of its lowest
 * frequencies (DCT). Same certificate → few differing bits, whatever the margins, size, file
 * type or light; certificates of one template are near too, so the hash only proposes candidates
 * and alignment plus comparison decide.
 */
import { fitWithin, type GrayRaster, resizeArea } from '../documents/raster.ts';
import { matFromRaster, rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

const HASH_SIDE = 32;
const LOW = 8;

/** Page-like outlines kept per picture, largest first (a screenshot: the viewer's pane, then the page). */
const MAX_OUTLINES = 3;
/** Outlines are looked for, and pages cut out, on the picture shrunk to this long side. */
const CUT_OUT_LONG_SIDE = 600;
/** An outline smaller than this share of the picture is not a page (a page at 40 % zoom is about 15 %). */
const MIN_OUTLINE_SHARE = 0.08;
/** The share of the picture an outline must cover for its cut-out to be read as the page. */
const READABLE_OUTLINE_SHARE = 0.3;

type Corners = [Point, Point, Point, Point];

/**
 * The page-like quadrilaterals the picture shows, in its coordinates, largest first (outlines inside
 * outlines too: a screenshot's page lies inside the viewer's pane, whose outline is the larger);
 * none when it shows none.
 */
export async function pageOutlines(picture: GrayRaster): Promise<Corners[]> {
  const cv = await openCv();
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, picture));
    const scale = CUT_OUT_LONG_SIDE / Math.max(picture.width, picture.height);
    const small = keep(new cv.Mat());
    cv.resize(source, small, new cv.Size(0, 0), scale, scale, cv.INTER_AREA);
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(small, blurred, new cv.Size(5, 5), 0);
    const edges = keep(new cv.Mat());
    cv.Canny(blurred, edges, 40, 120);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.dilate(edges, edges, kernel);
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    cv.findContours(edges, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const area = small.rows * small.cols;
    const outlines: { corners: Corners; area: number }[] = [];
    for (let index = 0; index < contours.size(); index++) {
      const contour = contours.get(index);
      const contourArea = cv.contourArea(contour);
      if (contourArea >= MIN_OUTLINE_SHARE * area && contourArea <= 0.95 * area) {
        const approx = new cv.Mat();
        cv.approxPolyDP(contour, approx, 0.02 * cv.arcLength(contour, true), true);
        if (approx.rows === 4 && cv.isContourConvex(approx)) {
          const corners = orderCorners(
            Array.from(approx.data32S as Int32Array).map((value) => value / scale),
          );
          outlines.push({ corners, area: contourArea });
        }
        approx.delete();
      }
      contour.delete();
    }
    outlines.sort((a, b) => b.area - a.area);
    // The two sides of one drawn edge give two outlines a few pixels apart: one is enough.
    const tolerance = 0.03 * Math.max(picture.width, picture.height);
    const distinct: Corners[] = [];
    for (const { corners } of outlines) {
      if (distinct.length === MAX_OUTLINES) break;
      if (!distinct.some((other) => other.every((point, at) => distance(point, corners[at]!) < tolerance)))
        distinct.push(corners);
    }
    return distinct;
  });
}

/** The part of `picture` inside `corners` (in its coordinates), straightened. */
async function straighten(picture: GrayRaster, corners: Corners): Promise<GrayRaster> {
  const cv = await openCv();
  return withMats((keep) => {
    const [tl, tr, br, bl] = corners;
    const width = Math.max(1, Math.round(Math.max(distance(tl, tr), distance(bl, br))));
    const height = Math.max(1, Math.round(Math.max(distance(tl, bl), distance(tr, br))));
    const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat()));
    const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]));
    const transform = keep(cv.getPerspectiveTransform(from, to));
    const page = keep(new cv.Mat());
    cv.warpPerspective(
      keep(matFromRaster(cv, picture)),
      page,
      transform,
      new cv.Size(width, height),
      cv.INTER_LINEAR,
      cv.BORDER_REPLICATE,
    );
    return rasterFromMat(page);
  });
}

/**
 * The hashes retrieval looks a copy up by: one per page cut out of it (`outlines`, pageOutlines) and
 * one of the whole picture (a copy whose page edge is cropped away or shows no outline). Pages are
 * cut out of the picture shrunk for the hash (area averaged): the hash keeps 32 x 32 of it, and
 * warping the full picture once per outline cost 50-150 ms each.
 */
export async function copyPageHashes(picture: GrayRaster, outlines?: Corners[]): Promise<bigint[]> {
  const small = fitWithin(picture, CUT_OUT_LONG_SIDE);
  const scale = small.width / picture.width;
  const pages: GrayRaster[] = [];
  for (const corners of outlines ?? (await pageOutlines(picture))) {
    pages.push(await straighten(small, corners.map(([x, y]) => [x * scale, y * scale]) as Corners));
  }
  const whole = pages.length > 0 ? small : picture;
  return [...new Set([...pages, whole].map(pageHash))];
}

/**
 * The page to read printed text on, at the picture's own resolution: the largest outline's page
 * when it covers at least READABLE_OUTLINE_SHARE of the picture (a smaller one is a box on the
 * page, a table or a photo, whose cut-out would lose the lines around it), else the picture.
 */
export function readablePage(picture: GrayRaster, outlines: Corners[]): Promise<GrayRaster> {
  const [largest] = outlines;
  const share = largest ? polygonArea(largest) / (picture.width * picture.height) : 0;
  return largest && share >= READABLE_OUTLINE_SHARE ? straighten(picture, largest) : Promise.resolve(picture);
}

function polygonArea(corners: Corners): number {
  let twice = 0;
  corners.forEach(([x, y], index) => {
    const [nextX, nextY] = corners[(index + 1) % corners.length]!;
    twice += x * nextY - nextX * y;
  });
  return Math.abs(twice) / 2;
}

type Point = [number, number];

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Top-left, top-right, bottom-right, bottom-left. */
function orderCorners(flat: number[]): [Point, Point, Point, Point] {
  const points: Point[] = [0, 1, 2, 3].map((index) => [flat[index * 2]!, flat[index * 2 + 1]!]);
  const bySum = [...points].sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  const byDiff = [...points].sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
  return [bySum[0]!, byDiff[0]!, bySum[3]!, byDiff[3]!];
}

/** The box holding the page's ink, ignoring the 1 % most outlying dark pixels on each side. */
function inkBounds(page: GrayRaster): { left: number; top: number; right: number; bottom: number } {
  const { width, height, data } = page;
  let sum = 0;
  for (const value of data) sum += value;
  const threshold = Math.min(200, (sum / data.length) * 0.75);
  const columns = new Uint32Array(width);
  const rows = new Uint32Array(height);
  let total = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < threshold) {
        columns[x] = columns[x]! + 1;
        rows[y] = rows[y]! + 1;
        total++;
      }
    }
  }
  if (total === 0) return { left: 0, top: 0, right: width, bottom: height };
  const cut = (counts: Uint32Array): [number, number] => {
    const margin = total * 0.01;
    let start = 0;
    for (let seen = 0; start < counts.length && seen + counts[start]! <= margin; start++)
      seen += counts[start]!;
    let end = counts.length;
    for (let seen = 0; end > start + 1 && seen + counts[end - 1]! <= margin; end--) seen += counts[end - 1]!;
    return [start, end];
  };
  const [left, right] = cut(columns);
  const [top, bottom] = cut(rows);
  return { left, top, right, bottom };
}

function crop(page: GrayRaster, bounds: ReturnType<typeof inkBounds>): GrayRaster {
  const width = Math.max(1, bounds.right - bounds.left);
  const height = Math.max(1, bounds.bottom - bounds.top);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const start = (bounds.top + y) * page.width + bounds.left;
    data.set(page.data.subarray(start, start + width), y * width);
  }
  return { width, height, data };
}

/** The hash of a page that is already straight and cut out (a registered original). */
export function pageHash(page: GrayRaster): bigint {
  const small = resizeArea(crop(page, inkBounds(page)), HASH_SIDE, HASH_SIDE);
  const coefficients: number[] = [];
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      if (u === 0 && v === 0) continue;
      let total = 0;
      for (let y = 0; y < HASH_SIDE; y++) {
        const cy = Math.cos(((2 * y + 1) * u * Math.PI) / (2 * HASH_SIDE));
        for (let x = 0; x < HASH_SIDE; x++) {
          total +=
            small.data[y * HASH_SIDE + x]! * cy * Math.cos(((2 * x + 1) * v * Math.PI) / (2 * HASH_SIDE));
        }
      }
      coefficients.push(total);
    }
  }
  const median = [...coefficients].sort((a, b) => a - b)[Math.floor(coefficients.length / 2)]!;
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > median ? 1n : 0n);
  // 63 coefficients: shift once more so all 64 bits are used the same way, as a signed bigint column.
  return BigInt.asIntN(64, hash << 1n);
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}
