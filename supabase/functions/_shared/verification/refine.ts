/**
 * The keypoint homography (align.ts) refined where the copy is compared: patches of the original with
 * edges are looked for in the warped copy a few pixels around where they should be, and the offsets
 * found are fitted (a plane, or projective terms where those fit closer) and corrected by one
 * homography. Keypoints sit mostly in the text, and the fit extrapolated to the border left it 2-5 px
 * off there, beyond the comparison's ±2 px shift search: a page shown small (a photo of a page beside
 * other paper, at 0.6 of its registered size) had its frame rule flagged "Region 1 of the page"
 * (about 1 run in 20 of certificate-number.test.ts), a tilted photo its border (seed 23
 * `g-photo-0000`; docs/verification-pipeline.md "Alignment refined on the compared page").
 */
import type { GrayRaster } from '../documents/raster.ts';
import { matFromRaster, withMats } from './mats.ts';
import { openCv } from './opencv.ts';
import { mapPoint } from './warp.ts';

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
/** How much more closely the projective terms must fit an axis's offsets than a plane to be used. */
const PROJECTIVE_GAIN = 0.5;
/**
 * A plane whose median misfit is under this (px) is kept: patches placed on a warp off by an exact
 * affine error miss their plane by 0.045-0.05 px, and the projective terms by 0.8-0.9 of that.
 */
const PLANE_ENOUGH = 0.075;
/** Points a fit needs per term it fits (and at least MIN_PATCHES): fewer fit the noise. */
const POINTS_PER_TERM = 3;
/** The correction's homography must lay the fitted offsets within this (px) on its grid. */
const HOMOGRAPHY_FIT_PX = 0.5;
/** Points per side of the grid the correction's homography is fitted on. */
const CORRECTION_GRID = 5;
/** Patches each axis's fit needs, and the share of the page's width and height they must span. */
const MIN_PATCHES = 8;
const MIN_SPAN = 0.5;

interface Offset {
  x: number;
  y: number;
  offset: number;
}

/** The terms an axis's offsets are fitted over (coordinates divided by the page's size). */
type Terms = (x: number, y: number) => number[];
/** An affine error: offset = a + b x + c y. */
const PLANE: Terms = (x, y) => [1, x, y];
/**
 * A projective error to first order, where no plane fits: a homography a little off moves x by
 * a + b x + c y - x (g x + h y), and y likewise with y (g x + h y). A photo's tilt the keypoints,
 * bunched in the text, got slightly wrong left its corners off by different amounts (seed 23
 * `g-photo-0000`: 0 px at the centre, 2-5 px at three corners, offsets no plane kept 60 % of). Only
 * then: fitted everywhere (accuracy run E1) its two more terms extrapolated noise to the corners of
 * pages a plane had fitted, and four forgeries were no longer named.
 */
const PROJECTIVE_ACROSS: Terms = (x, y) => [1, x, y, x * x, x * y];
const PROJECTIVE_DOWN: Terms = (x, y) => [1, x, y, x * y, y * y];

interface Field {
  terms: Terms;
  weights: number[];
  /** Page size the coordinates are divided by, so the terms are of one order. */
  width: number;
  height: number;
}

const fieldAt = (field: Field, x: number, y: number) =>
  field
    .terms(x / field.width, y / field.height)
    .reduce((sum, term, index) => sum + term * field.weights[index]!, 0);

/** Least squares of offset over `terms`; null when the points do not determine them. */
function fieldFit(points: Offset[], terms: Terms, width: number, height: number): Field | null {
  const size = terms(0, 0).length;
  // Normal equations, solved by Gaussian elimination with partial pivoting; a pivot negligible
  // against the largest diagonal term means the points do not determine the terms.
  const system = Array.from({ length: size }, () => new Array<number>(size + 1).fill(0));
  for (const p of points) {
    const row = terms(p.x / width, p.y / height);
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) system[i]![j]! += row[i]! * row[j]!;
      system[i]![size]! += row[i]! * p.offset;
    }
  }
  const scale = Math.max(...system.map((row, index) => Math.abs(row[index]!)));
  for (let column = 0; column < size; column++) {
    let pivot = column;
    for (let r = column + 1; r < size; r++)
      if (Math.abs(system[r]![column]!) > Math.abs(system[pivot]![column]!)) pivot = r;
    if (!(Math.abs(system[pivot]![column]!) > 1e-10 * scale)) return null;
    [system[column], system[pivot]] = [system[pivot]!, system[column]!];
    for (let r = 0; r < size; r++) {
      if (r === column) continue;
      const factor = system[r]![column]! / system[column]![column]!;
      for (let c = column; c <= size; c++) system[r]![c]! -= factor * system[column]![c]!;
    }
  }
  const weights = system.map((row, index) => row[size]! / row[index]!);
  return weights.every(Number.isFinite) ? { terms, weights, width, height } : null;
}

/** The field through `points` without outliers, or null when too few points, or too bunched, remain. */
function robustField(points: Offset[], terms: Terms, width: number, height: number): Field | null {
  const needed = Math.max(MIN_PATCHES, POINTS_PER_TERM * terms(0, 0).length);
  const spans = (chosen: Offset[]) => {
    const xs = chosen.map((p) => p.x);
    const ys = chosen.map((p) => p.y);
    return (
      chosen.length >= needed &&
      Math.max(...xs) - Math.min(...xs) >= MIN_SPAN * width &&
      Math.max(...ys) - Math.min(...ys) >= MIN_SPAN * height
    );
  };
  if (!spans(points)) return null;
  const first = fieldFit(points, terms, width, height);
  if (!first) return null;
  const kept = points.filter((p) => Math.abs(p.offset - fieldAt(first, p.x, p.y)) <= OUTLIER_PX);
  if (kept.length < 0.6 * points.length || !spans(kept)) return null;
  return fieldFit(kept, terms, width, height);
}

/** The median distance (px) of all the points' offsets from a field's. */
function misfit(field: Field, points: Offset[]): number {
  const distances = points.map((p) => Math.abs(p.offset - fieldAt(field, p.x, p.y))).sort((a, b) => a - b);
  return distances[Math.floor(distances.length / 2)] ?? 0;
}

/**
 * An axis's offsets fitted by a plane, or by the projective terms where no plane fits, or where the
 * plane misses them by PLANE_ENOUGH or more and those fit them more than twice as closely.
 */
function offsetField(points: Offset[], projective: Terms, width: number, height: number): Field | null {
  const plane = robustField(points, PLANE, width, height);
  const bent = robustField(points, projective, width, height);
  if (!plane || !bent) return plane ?? bent;
  const planeMisfit = misfit(plane, points);
  return planeMisfit >= PLANE_ENOUGH && misfit(bent, points) < PROJECTIVE_GAIN * planeMisfit ? bent : plane;
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
 * already within `atLeast` px everywhere.
 */
export async function warpCorrection(
  original: GrayRaster,
  warped: GrayRaster,
  visible: GrayRaster,
  /** Px the warp must be off somewhere for a correction (a third of a pixel: any that shows). */
  atLeast = 1 / 3,
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
  const { width, height } = original;
  const alongX = offsetField(across, PROJECTIVE_ACROSS, width, height);
  const alongY = offsetField(down, PROJECTIVE_DOWN, width, height);
  if (!alongX || !alongY) return null;
  // The original's pixel p shows in the warped copy at p + offset(p). The homography taking those
  // places back to p, fitted on a grid over the page, is the correction: the warped copy re-sampled
  // through it, the copy-to-original homography becomes correction · H.
  const steps = Array.from({ length: CORRECTION_GRID }, (_, index) => index / (CORRECTION_GRID - 1));
  const grid = steps.flatMap((u) => steps.map((v) => [u * width, v * height]));
  const largest = Math.max(
    ...grid.map(([x, y]) => Math.hypot(fieldAt(alongX, x!, y!), fieldAt(alongY, x!, y!))),
  );
  // No offset beyond the search was measured: a larger one is the fit's extrapolation, not the page.
  if (!(largest >= atLeast && largest <= search)) return null;
  const shown = grid.map(([x, y]) => [x! + fieldAt(alongX, x!, y!), y! + fieldAt(alongY, x!, y!)]);
  const matrix = withMats((keep) => {
    const from = keep(cv.matFromArray(grid.length, 1, cv.CV_32FC2, shown.flat()));
    const to = keep(cv.matFromArray(grid.length, 1, cv.CV_32FC2, grid.flat()));
    return Array.from(keep(cv.findHomography(from, to, 0)).data64F as Float64Array);
  });
  if (matrix.length !== 9 || !matrix.every(Number.isFinite)) return null;
  // Each axis's terms are fitted alone; a homography follows them only where they agree.
  const laid = shown.every(([x, y], index) => {
    const [px, py] = mapPoint(matrix, x!, y!);
    return Math.hypot(px - grid[index]![0]!, py - grid[index]![1]!) <= HOMOGRAPHY_FIT_PX;
  });
  return laid ? matrix : null;
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
