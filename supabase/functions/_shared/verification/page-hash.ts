/**
 * A 64-bit perceptual hash of a page for retrieval: the page is cut out of the picture (a page a
 * flat surround sets off, as a viewer's pane around a screenshot's page, or a four-cornered outline,
 * as a photo on a desk, straightened), trimmed to its ink, shrunk to 32 x 32 and reduced to the signs of its lowest
 * frequencies (DCT). Same certificate → few differing bits, whatever the margins, size, file
 * type or light; certificates of one template are near too, so the hash only proposes candidates
 * and alignment plus comparison decide.
 */
import { fitWithin, type GrayRaster, resizeArea } from '../documents/raster.ts';
import { matFromRaster, rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';
import { cut } from './reading.ts';

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
/** Tones this far from the surround's are weighed for its spread (further ones are other things). */
const SURROUND_REACH = 8;
/** The most common tones tried as a surround. */
const SURROUND_TONES = 3;
/** The least tolerance around the surround's tone: area averaging alone moves a flat tone by 1-2. */
const MIN_SURROUND_TOLERANCE = 2;
/** The share of its bounding box a page's region fills: a page is a rectangle, chrome and text are not. */
const PAGE_FILL = 0.9;
/** Width (px at CUT_OUT_LONG_SIDE) of the ring around a page that must be surround, and its flat share. */
const RING = 2;
const RING_FLAT = 0.9;
/** A surrounded page is cut this far inside its box: max(2 px, 1 % of its shorter side). */
const MIN_EDGE_INSET = 2;
const EDGE_INSET_SHARE = 0.01;
/** Canny thresholds for the edges an outline is extended along (a quarter of the outline's 40/120). */
const FAINT_EDGE_LOW = 10;
const FAINT_EDGE_HIGH = 30;
/** The share of its own sides' edge support a moved side and the sides' continuations must keep. */
const EXTEND_SUPPORT = 0.85;

export type Corners = [Point, Point, Point, Point];

/**
 * The page-like quadrilaterals the picture shows, in its coordinates: the pages a flat surround sets
 * off (`surroundedPages`, given or found) first, then the outlines its edges draw, largest first
 * (outlines inside outlines too: a screenshot's page lies inside the viewer's pane, whose outline is
 * the larger); none when it shows none.
 */
export async function pageOutlines(picture: GrayRaster, surrounded?: Corners[]): Promise<Corners[]> {
  const pages = surrounded ?? (await surroundedPages(picture));
  const tolerance = 0.03 * Math.max(picture.width, picture.height);
  const near = (a: Corners, b: Corners) => a.every((point, at) => distance(point, b[at]!) < tolerance);
  const drawn = (await edgeOutlines(picture)).filter((corners) => !pages.some((page) => near(page, corners)));
  return [...pages, ...drawn];
}

async function edgeOutlines(picture: GrayRaster): Promise<Corners[]> {
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
    // The faint edges too: a dark band on a dark desk differs by 10-30 grey levels, under the
    // outline's Canny thresholds.
    const faint = keep(new cv.Mat());
    cv.Canny(blurred, faint, FAINT_EDGE_LOW, FAINT_EDGE_HIGH);
    cv.dilate(faint, faint, kernel);
    const edgeMap: GrayRaster = { width: faint.cols, height: faint.rows, data: faint.data as Uint8Array };
    const extended: Corners[] = [];
    for (const corners of distinct) {
      const inSmall = corners.map(([x, y]) => [x * scale, y * scale]) as Corners;
      for (const wider of extendAcrossBands(edgeMap, inSmall)) {
        const found = wider.map(([x, y]) => [x / scale, y / scale]) as Corners;
        if (
          ![...distinct, ...extended].some((other) =>
            other.every((point, at) => distance(point, found[at]!) < tolerance),
          )
        )
          extended.push(found);
      }
    }
    return [...distinct, ...extended];
  });
}

/** Side `at` (corner at to corner at+1) moved outward along its neighbours by `share` of their lengths. */
function movedSide(corners: Corners, at: number, share: number): [Point, Point] {
  const a = corners[at]!;
  const b = corners[(at + 1) % 4]!;
  const beforeA = corners[(at + 3) % 4]!;
  const afterB = corners[(at + 2) % 4]!;
  return [
    [a[0] + (a[0] - beforeA[0]) * share, a[1] + (a[1] - beforeA[1]) * share],
    [b[0] + (b[0] - afterB[0]) * share, b[1] + (b[1] - afterB[1]) * share],
  ];
}

/** The share of the segment's points (one per pixel) on an edge. */
function edgeSupport(edges: GrayRaster, from: Point, to: Point): number {
  const steps = Math.max(1, Math.round(distance(from, to)));
  let on = 0;
  let counted = 0;
  for (let step = 0; step <= steps; step++) {
    const x = Math.round(from[0] + ((to[0] - from[0]) * step) / steps);
    const y = Math.round(from[1] + ((to[1] - from[1]) * step) / steps);
    if (x < 0 || y < 0 || x >= edges.width || y >= edges.height) return 0;
    counted++;
    if (edges.data[y * edges.width + x]! > 0) on++;
  }
  return on / counted;
}

/**
 * The outline a found one is part of, where a dark band or panel of the page meets a dark desk: the
 * paper's light part draws an outline, the band's edge against the desk draws less contrast and
 * joins it to no closed contour (g-photo-0001 of accuracy run 9 hashed 26-32 bits from its page from
 * the light part alone). Each side is moved outward along its two neighbours, which the page's edges
 * continue, to the furthest place where the moved side and both continuations lie on edges about as
 * well as the found outline's own sides do; one wider outline per side that moves, and the one moved
 * on every side that moves.
 */
export function extendAcrossBands(edges: GrayRaster, corners: Corners): Corners[] {
  const own = Math.min(...corners.map((point, at) => edgeSupport(edges, point, corners[(at + 1) % 4]!)));
  const needed = EXTEND_SUPPORT * own;
  const shares: number[] = [];
  // Side `at` runs from corner at to corner at+1; its neighbours come from at-1 and go to at+2.
  for (let at = 0; at < 4; at++) {
    const a = corners[at]!;
    const b = corners[(at + 1) % 4]!;
    let best = 0;
    // One pixel at a time (a drawn edge is a few pixels wide), counting the continuations' points as
    // they grow; the moved side is measured only where both continue on edges.
    const step = 1 / Math.max(distance(a, corners[(at + 3) % 4]!), distance(b, corners[(at + 2) % 4]!));
    const onEdge = ([x, y]: Point) => edges.data[Math.round(y) * edges.width + Math.round(x)]! > 0;
    const inside = ([x, y]: Point) =>
      Math.round(x) >= 0 && Math.round(y) >= 0 && Math.round(x) < edges.width && Math.round(y) < edges.height;
    let onA = 0;
    let onB = 0;
    let points = 0;
    for (let share = step; share <= 1; share += step) {
      const [movedA, movedB] = movedSide(corners, at, share);
      if (!inside(movedA) || !inside(movedB)) break;
      points++;
      if (onEdge(movedA)) onA++;
      if (onEdge(movedB)) onB++;
      if (onA >= needed * points && onB >= needed * points && edgeSupport(edges, movedA, movedB) >= needed)
        best = share;
    }
    shares.push(best);
  }
  // Moving one side moves its two corners only, so the moved sides add up.
  const widen = (which: number[]): Corners => {
    const out = corners.map(([x, y]) => [x, y]) as Corners;
    for (const at of which) {
      const [movedA, movedB] = movedSide(corners, at, shares[at]!);
      for (const [corner, moved] of [
        [at, movedA],
        [(at + 1) % 4, movedB],
      ] as const) {
        const original = corners[corner]!;
        out[corner] = [out[corner]![0] + moved[0] - original[0], out[corner]![1] + moved[1] - original[1]];
      }
    }
    return out;
  };
  const moving = [0, 1, 2, 3].filter((at) => shares[at]! > 0);
  const wider = moving.map((at) => widen([at]));
  if (moving.length > 1) wider.push(widen(moving));
  return wider;
}

/**
 * The pages a flat surround sets off, in the picture's coordinates, largest first: a page shown in a
 * viewer's pane or on a screen, whose edges need not draw an outline (a white page on a light grey
 * pane differs by 20 grey levels; a page whose dark band or panel meets its edge on a dark pane
 * draws the outline of its white part only, and that cut-out hashed 18-32 bits from the page).
 * A surround is one of the picture's most common tones (a page at a large zoom can show more of its
 * own paper than of the pane), flat within its own measured spread; a page is a region of other
 * tones that fills its bounding box and has that surround on all four sides. None when the picture
 * has no flat surround (a photo on a desk, a scan filling the picture).
 */
export async function surroundedPages(picture: GrayRaster): Promise<Corners[]> {
  const small = fitWithin(picture, CUT_OUT_LONG_SIDE);
  const histogram = new Uint32Array(256);
  for (let index = 0; index < small.data.length; index++) histogram[small.data[index]!]!++;
  // The most common tones, each the peak of its neighbourhood (one flat tone, not its two halves).
  const peaks = [...histogram.keys()]
    .filter((tone) => {
      for (let other = tone - SURROUND_REACH; other <= tone + SURROUND_REACH; other++)
        if (other !== tone && (histogram[other] ?? 0) > histogram[tone]!) return false;
      return histogram[tone]! > 0;
    })
    .sort((a, b) => histogram[b]! - histogram[a]!)
    .slice(0, SURROUND_TONES);
  const found: { corners: Corners; area: number }[] = [];
  for (const surround of peaks) found.push(...(await pagesSetOffBy(small, histogram, surround)));
  found.sort((a, b) => b.area - a.area);
  const tolerance = 0.03 * Math.max(small.width, small.height);
  const pages: Corners[] = [];
  for (const { corners } of found) {
    if (!pages.some((other) => other.every((point, at) => distance(point, corners[at]!) < tolerance)))
      pages.push(corners);
  }
  const scale = picture.width / small.width;
  return pages.map((corners) => corners.map(([x, y]) => [x * scale, y * scale]) as Corners);
}

/**
 * The pages `surroundedPages` found in `working`, cut out of `decoded` (the same picture at its
 * decoded size) at that resolution and brought within `longSide`. A surrounded page is an upright
 * box, so the cut is a plain crop: no resampling beyond the final fit.
 */
export function surroundedPagesFrom(
  decoded: GrayRaster,
  working: GrayRaster,
  pages: Corners[],
  longSide: number,
): GrayRaster[] {
  const scale = decoded.width / working.width;
  return pages.map((corners) => {
    const xs = corners.map(([x]) => x * scale);
    const ys = corners.map(([, y]) => y * scale);
    const left = Math.max(0, Math.round(Math.min(...xs)));
    const top = Math.max(0, Math.round(Math.min(...ys)));
    const right = Math.min(decoded.width, Math.round(Math.max(...xs)));
    const bottom = Math.min(decoded.height, Math.round(Math.max(...ys)));
    const page = cut(
      decoded,
      { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) },
      0,
    );
    return fitWithin(page, longSide);
  });
}

/** `surroundedPages` for one surround tone, in `small`'s coordinates, with each page's box area. */
async function pagesSetOffBy(
  small: GrayRaster,
  histogram: Uint32Array,
  surround: number,
): Promise<{ corners: Corners; area: number }[]> {
  const { width, height, data } = small;
  // The surround's own spread (compression, dithering): tones within it are surround. The median
  // deviation, so that a tone a few levels off (a dark panel on a dark pane) does not widen it.
  const deviations = new Uint32Array(SURROUND_REACH + 1);
  for (let offset = -SURROUND_REACH; offset <= SURROUND_REACH; offset++)
    deviations[Math.abs(offset)] = deviations[Math.abs(offset)]! + (histogram[surround + offset] ?? 0);
  const half = deviations.reduce((sum, count) => sum + count, 0) / 2;
  let median = 0;
  let seen = deviations[0]!;
  while (seen < half) seen += deviations[++median]!;
  const tolerance = Math.max(MIN_SURROUND_TOLERANCE, 3 * median);
  const other = new Uint8Array(width * height);
  for (let index = 0; index < data.length; index++)
    other[index] = Math.abs(data[index]! - surround) > tolerance ? 255 : 0;
  const isSurround = (x: number, y: number) => other[y * width + x] === 0;
  const cv = await openCv();
  const boxes = withMats((keep) => {
    const mask = keep(matFromRaster(cv, { width, height, data: other }));
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    cv.findContours(mask, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const regions: { x: number; y: number; width: number; height: number }[] = [];
    for (let index = 0; index < contours.size(); index++) {
      const contour = contours.get(index);
      const box = cv.boundingRect(contour);
      const boxArea = box.width * box.height;
      if (
        boxArea >= MIN_OUTLINE_SHARE * width * height &&
        boxArea <= 0.95 * width * height &&
        cv.contourArea(contour) >= PAGE_FILL * boxArea
      )
        regions.push({ x: box.x, y: box.y, width: box.width, height: box.height });
      contour.delete();
    }
    return regions;
  });
  const pages: { corners: Corners; area: number }[] = [];
  for (const box of boxes) {
    // The ring just outside the box: inside the picture and (nearly) all surround.
    const left = box.x - RING;
    const top = box.y - RING;
    const right = box.x + box.width - 1 + RING;
    const bottom = box.y + box.height - 1 + RING;
    if (left < 0 || top < 0 || right >= width || bottom >= height) continue;
    let ring = 0;
    let flat = 0;
    for (let x = left; x <= right; x++) {
      for (const y of [top, bottom]) {
        ring++;
        if (isSurround(x, y)) flat++;
      }
    }
    for (let y = top + 1; y < bottom; y++) {
      for (const x of [left, right]) {
        ring++;
        if (isSurround(x, y)) flat++;
      }
    }
    if (flat < RING_FLAT * ring) continue;
    // Inset past what a viewer draws at the page's edge (a drop shadow, a border line: a few screen
    // pixels), which the page itself does not have and would count as ink when the cut-out is hashed.
    const inset = Math.max(MIN_EDGE_INSET, Math.round(EDGE_INSET_SHARE * Math.min(box.width, box.height)));
    const x0 = box.x + inset;
    const y0 = box.y + inset;
    const x1 = box.x + box.width - inset;
    const y1 = box.y + box.height - inset;
    if (x1 <= x0 || y1 <= y0) continue;
    pages.push({
      corners: [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ],
      area: box.width * box.height,
    });
  }
  return pages;
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
  const largest = [...outlines].sort((a, b) => polygonArea(b) - polygonArea(a))[0];
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
  for (let index = 0; index < data.length; index++) sum += data[index]!;
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
  const span = (counts: Uint32Array): [number, number] => {
    const margin = total * 0.01;
    let start = 0;
    for (let seen = 0; start < counts.length && seen + counts[start]! <= margin; start++)
      seen += counts[start]!;
    let end = counts.length;
    for (let seen = 0; end > start + 1 && seen + counts[end - 1]! <= margin; end--) seen += counts[end - 1]!;
    return [start, end];
  };
  const [left, right] = span(columns);
  const [top, bottom] = span(rows);
  return { left, top, right, bottom };
}

/** The hash of a page that is already straight and cut out (a registered original). */
export function pageHash(page: GrayRaster): bigint {
  const { left, top, right, bottom } = inkBounds(page);
  const inked = cut(
    page,
    { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) },
    0,
  );
  const small = resizeArea(inked, HASH_SIDE, HASH_SIDE);
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
