/**
 * Even lighting for a phone photo: the paper's brightness is estimated block by block and divided
 * out, so a light gradient or a cast shadow no longer shows as a change of the page itself. The page
 * hash keeps only the lowest frequencies of a page, exactly where uneven light lies: a genuine photo
 * whose corner was in shadow hashed 34 bits (of 64) from its original and was never retrieved
 * (accuracy run 9, g-photo-0001, laid over its original); with its light evened it hashed 6.
 */
import type { GrayRaster } from '../documents/raster.ts';
import { matFromRaster, rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

/**
 * Blocks per side of the light estimate: a block (about 4 % of the picture's side) holds several text
 * lines and the paper between them, while light and shadow edges of a photo vary over several blocks.
 */
const LIGHT_BLOCKS = 24;
/** The share of a block's pixels, its brightest, taken as the paper there (text covers far less). */
const PAPER_SHARE = 0.1;
/**
 * A block whose paper is under this share of the brightest paper is a dark area of its own (a panel,
 * the table, a photo), not paper in shadow: a cast shadow dims paper by well under half. Such blocks
 * take the light of their paper neighbours, so a dark panel stays dark.
 */
const SHADOW_FLOOR = 0.5;
/** Where evened paper lands: a little under white, so paper brighter than its block's estimate still shows. */
const PAPER_LEVEL = 0.97 * 255;

/** The brightness of the paper in each block, row-major, LIGHT_BLOCKS per side. */
function paperLevels(picture: GrayRaster): Float64Array {
  const levels = new Float64Array(LIGHT_BLOCKS * LIGHT_BLOCKS);
  const histogram = new Uint32Array(256);
  for (let row = 0; row < LIGHT_BLOCKS; row++) {
    const top = Math.floor((row * picture.height) / LIGHT_BLOCKS);
    const bottom = Math.floor(((row + 1) * picture.height) / LIGHT_BLOCKS);
    for (let column = 0; column < LIGHT_BLOCKS; column++) {
      const left = Math.floor((column * picture.width) / LIGHT_BLOCKS);
      const right = Math.floor(((column + 1) * picture.width) / LIGHT_BLOCKS);
      histogram.fill(0);
      for (let y = top; y < bottom; y++)
        for (let x = left; x < right; x++) histogram[picture.data[y * picture.width + x]!]!++;
      const wanted = PAPER_SHARE * (right - left) * (bottom - top);
      let value = 255;
      for (let seen = histogram[255]!; value > 0 && seen < wanted;) seen += histogram[--value]!;
      levels[row * LIGHT_BLOCKS + column] = value;
    }
  }
  return levels;
}

/**
 * The paper's light per block: the paper level where a block shows paper, elsewhere spread in from
 * the nearest paper blocks. Exported for its test.
 */
export function lightField(levels: Float64Array): Float64Array {
  const light = Float64Array.from(levels);
  const sorted = [...levels].sort((a, b) => b - a);
  // The brightest paper, past a few blocks of glare.
  const brightest = sorted[Math.floor(sorted.length * 0.05)] ?? 255;
  let known = Array.from(levels, (level) => level >= SHADOW_FLOOR * brightest);
  if (!known.includes(true)) return light.fill(brightest);
  while (known.includes(false)) {
    const next = [...known];
    for (let index = 0; index < light.length; index++) {
      if (known[index]) continue;
      const x = index % LIGHT_BLOCKS;
      const y = Math.floor(index / LIGHT_BLOCKS);
      let sum = 0;
      let count = 0;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= LIGHT_BLOCKS || ny >= LIGHT_BLOCKS || !known[ny * LIGHT_BLOCKS + nx])
          continue;
        sum += light[ny * LIGHT_BLOCKS + nx]!;
        count++;
      }
      if (count) {
        light[index] = sum / count;
        next[index] = true;
      }
    }
    known = next;
  }
  return light;
}

/** The picture with its paper's light divided out: evenly lit paper near white, dark areas kept dark. */
export async function evenLight(picture: GrayRaster): Promise<GrayRaster> {
  const light = lightField(paperLevels(picture));
  const cv = await openCv();
  return withMats((keep) => {
    const grid = keep(cv.matFromArray(LIGHT_BLOCKS, LIGHT_BLOCKS, cv.CV_32F, Array.from(light)));
    // Smoothed over about a block on the grid, then enlarged smoothly: no steps at block borders,
    // and none of the cost of blurring the whole picture with a kernel a block wide (0.7-1.5 s).
    cv.GaussianBlur(grid, grid, new cv.Size(3, 3), 1, 1, cv.BORDER_REPLICATE);
    const field = keep(new cv.Mat());
    cv.resize(grid, field, new cv.Size(picture.width, picture.height), 0, 0, cv.INTER_CUBIC);
    const source = keep(new cv.Mat());
    keep(matFromRaster(cv, picture)).convertTo(source, cv.CV_32F);
    const evened = keep(new cv.Mat());
    cv.divide(source, field, evened, PAPER_LEVEL);
    const bytes = keep(new cv.Mat());
    evened.convertTo(bytes, cv.CV_8U);
    return rasterFromMat(bytes);
  });
}
