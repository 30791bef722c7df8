/**
 * The keypoint homography (align.ts) refined where the copy is compared: patches of the original with
 * edges are looked for in the warped copy a few pixels around where they should be, and the offsets
 * found are fitted by an affine correction. Keypoints of a page shown small (a photo of a page beside
 * other paper, examined on the whole picture at 0.6 of its registered size) sit mostly in its text, and
 * the fit extrapolated to the border left it 2-4 px off there, beyond the comparison's ±2 px shift
 * search: a genuine copy's frame rule was flagged "Region 1 of the page" (about 1 run in 20 of
 * certificate-number.test.ts, docs/verification-pipeline.md "Alignment refined on the compared page").
 */
import type { GrayRaster } from '../documents/raster.ts';
import { matFromRaster, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

/** Patch side as a share of the page's long side: about two comparison tiles. */
const PATCH_SHARE = 1 / 16;
/** Offsets searched, px either way: the keypoint fit's residuals at a page's corners reach 3-4 px. */
const SEARCH_SHARE = 1 / 150;
const MIN_SEARCH = 4;
/** A grey step this steep is an edge a patch can be placed by. */
const EDGE_STEP = 24;
/** Correlation a patch's best offset needs to count (TM_CCOEFF_NORMED). */
const MIN_LIKENESS = 0.7;
/** Offsets this far (px) from the first fit are outliers (a changed glyph, a repeated pattern). */
const OUTLIER_PX = 1;
/** Patches each axis's fit needs, and the share of the page's width and height they must span. */
const MIN_PATCHES = 8;
const MIN_SPAN = 0.5;

interface Offset {
  x: number;
  y: number;
  offset: number;
}

/** Least squares of offset = a + b x + c y; null when the points do not span a plane. */
function planeFit(points: Offset[]): [number, number, number] | null {
  const n = points.length;
  let sx = 0;
  let sy = 0;
  let so = 0;
  for (const p of points) {
    sx += p.x;
    sy += p.y;
    so += p.offset;
  }
  const mx = sx / n;
  const my = sy / n;
  const mo = so / n;
  let xx = 0;
  let xy = 0;
  let yy = 0;
  let xo = 0;
  let yo = 0;
  for (const p of points) {
    const dx = p.x - mx;
    const dy = p.y - my;
    const d = p.offset - mo;
    xx += dx * dx;
    xy += dx * dy;
    yy += dy * dy;
    xo += dx * d;
    yo += dy * d;
  }
  const determinant = xx * yy - xy * xy;
  if (!(Math.abs(determinant) > 1e-9)) return null;
  const b = (xo * yy - yo * xy) / determinant;
  const c = (yo * xx - xo * xy) / determinant;
  return [mo - b * mx - c * my, b, c];
}

const at = (plane: [number, number, number], x: number, y: number) => plane[0] + plane[1] * x + plane[2] * y;

/** The plane through `points` without outliers, or null when too few points, or too bunched, remain. */
function robustPlane(points: Offset[], width: number, height: number): [number, number, number] | null {
  const spans = (chosen: Offset[]) => {
    const xs = chosen.map((p) => p.x);
    const ys = chosen.map((p) => p.y);
    return (
      chosen.length >= MIN_PATCHES &&
      Math.max(...xs) - Math.min(...xs) >= MIN_SPAN * width &&
      Math.max(...ys) - Math.min(...ys) >= MIN_SPAN * height
    );
  };
  if (!spans(points)) return null;
  const first = planeFit(points);
  if (!first) return null;
  const kept = points.filter((p) => Math.abs(p.offset - at(first, p.x, p.y)) <= OUTLIER_PX);
  if (kept.length < 0.6 * points.length || !spans(kept)) return null;
  return planeFit(kept);
}

/** Edge pixels across x and across y in a patch (steps of EDGE_STEP grey levels or more). */
function edgeCounts(page: GrayRaster, left: number, top: number, size: number): [number, number] {
  let across = 0;
  let down = 0;
  const { width, data } = page;
  for (let y = top; y < top + size - 1; y++) {
    for (let index = y * width + left; index < y * width + left + size - 1; index++) {
      if (Math.abs(data[index + 1]! - data[index]!) >= EDGE_STEP) across++;
      if (Math.abs(data[index + width]! - data[index]!) >= EDGE_STEP) down++;
    }
  }
  return [across, down];
}

/**
 * Patch positions from `first` to `last`, about two patches apart: the page's far edges always
 * included (where the fit extrapolates), the work a quarter of tiling the page.
 */
function spread(first: number, last: number, size: number): number[] {
  if (last < first) return [];
  const count = Math.floor((last - first) / (2 * size)) + 1;
  if (count === 1) return [first];
  return Array.from({ length: count }, (_, index) =>
    Math.round(first + ((last - first) * index) / (count - 1)),
  );
}

/** Sub-pixel position of a peak from its two neighbours (a parabola through the three). */
function subPixel(before: number, peak: number, after: number): number {
  const curvature = before - 2 * peak + after;
  return curvature < 0 ? (0.5 * (before - after)) / curvature : 0;
}

/**
 * The correction to apply after the warp (a 3 x 3 row-major matrix mapping the warped copy's pixels
 * to the original's), or null when the page has too few placed patches to say, or the warp is
 * already within a third of a pixel everywhere.
 */
export async function warpCorrection(
  original: GrayRaster,
  warped: GrayRaster,
  visible: GrayRaster,
): Promise<number[] | null> {
  const cv = await openCv();
  const longSide = Math.max(original.width, original.height);
  const size = Math.max(16, Math.round(longSide * PATCH_SHARE));
  const search = Math.max(MIN_SEARCH, Math.round(longSide * SEARCH_SHARE));
  const across: Offset[] = [];
  const down: Offset[] = [];
  withMats((keep) => {
    const originalMat = keep(matFromRaster(cv, original));
    const warpedMat = keep(matFromRaster(cv, warped));
    const result = keep(new cv.Mat());
    const fullyVisible = (left: number, top: number, side: number) => {
      for (let y = top; y < top + side; y += 2)
        for (let x = left; x < left + side; x += 2) if (!visible.data[y * visible.width + x]) return false;
      return true;
    };
    for (const top of spread(search, original.height - size - search, size)) {
      for (const left of spread(search, original.width - size - search, size)) {
        const [acrossEdges, downEdges] = edgeCounts(original, left, top, size);
        const placesX = acrossEdges >= size;
        const placesY = downEdges >= size;
        if ((!placesX && !placesY) || !fullyVisible(left - search, top - search, size + 2 * search)) continue;
        const patch = originalMat.roi(new cv.Rect(left, top, size, size));
        const window = warpedMat.roi(
          new cv.Rect(left - search, top - search, size + 2 * search, size + 2 * search),
        );
        cv.matchTemplate(window, patch, result, cv.TM_CCOEFF_NORMED);
        patch.delete();
        window.delete();
        const best = cv.minMaxLoc(result);
        if (best.maxVal < MIN_LIKENESS) continue;
        const { x, y } = best.maxLoc;
        const score = (dx: number, dy: number) => result.floatAt(y + dy, x + dx) as number;
        const centreX = left + size / 2;
        const centreY = top + size / 2;
        // A peak at the window's edge may lie beyond it: no offset from that patch.
        if (placesX && x > 0 && x < result.cols - 1)
          across.push({
            x: centreX,
            y: centreY,
            offset: x - search + subPixel(score(-1, 0), best.maxVal, score(1, 0)),
          });
        if (placesY && y > 0 && y < result.rows - 1)
          down.push({
            x: centreX,
            y: centreY,
            offset: y - search + subPixel(score(0, -1), best.maxVal, score(0, 1)),
          });
      }
    }
  });
  const alongX = robustPlane(across, original.width, original.height);
  const alongY = robustPlane(down, original.width, original.height);
  if (!alongX || !alongY) return null;
  const corners = [
    [0, 0],
    [original.width, 0],
    [0, original.height],
    [original.width, original.height],
  ];
  const largest = Math.max(...corners.map(([x, y]) => Math.hypot(at(alongX, x!, y!), at(alongY, x!, y!))));
  if (largest < 1 / 3 || largest > 2 * search) return null;
  // The original's pixel p shows in the warped copy at p + offset(p): the affine map A below. The
  // warped copy is re-sampled through A, so the copy-to-original homography becomes A^-1 · H.
  const [a0, a1, a2] = alongX;
  const [b0, b1, b2] = alongY;
  const m = [1 + a1, a2, a0, b1, 1 + b2, b0];
  const determinant = m[0]! * m[4]! - m[1]! * m[3]!;
  return [
    m[4]! / determinant,
    -m[1]! / determinant,
    (m[1]! * m[5]! - m[4]! * m[2]!) / determinant,
    -m[3]! / determinant,
    m[0]! / determinant,
    (m[3]! * m[2]! - m[0]! * m[5]!) / determinant,
    0,
    0,
    1,
  ];
}

/** Row-major 3 x 3 product `a · b`. */
export function composed(a: number[], b: number[]): number[] {
  const product: number[] = [];
  for (let row = 0; row < 3; row++)
    for (let column = 0; column < 3; column++)
      product.push(
        a[row * 3]! * b[column]! + a[row * 3 + 1]! * b[3 + column]! + a[row * 3 + 2]! * b[6 + column]!,
      );
  return product;
}
