/**
 * Lays a copy over a registered original: matches ORB descriptors (2 nearest neighbours, ratio
 * test) and fits a homography robustly with OpenCV's USAC_MAGSAC, which keeps residuals near a
 * pixel over the whole page where plain RANSAC left several at the edges.
 */
import { DESCRIPTOR_BYTES, type PageFeatures } from './features.ts';
import { withMats } from './mats.ts';
import { openCv } from './opencv.ts';

const RATIO = 0.8;
const REPROJECTION_PX = 3;

export interface Alignment {
  /** Row-major 3 x 3 matrix mapping copy pixels to original page pixels. */
  homography: number[];
  inliers: number;
  matches: number;
}

/** Set bits per 16-bit value: a descriptor word's distance is two lookups. */
const BITS_SET = new Uint8Array(1 << 16);
for (let value = 1; value < BITS_SET.length; value++) BITS_SET[value] = BITS_SET[value >> 1]! + (value & 1);

function descriptorWords(descriptors: Uint8Array): Uint32Array {
  return new Uint32Array(new Uint8Array(descriptors).buffer);
}

/**
 * For each query descriptor, its nearest and second-nearest train descriptors by Hamming distance:
 * [best index, best distance, second index, second distance] per query. The same pairs, in the same
 * order and with the same ties (the lower train index first), as OpenCV's brute-force knnMatch with
 * k = 2, which took 80-170 ms of an examination's CPU in WebAssembly for 1500 x 1500 descriptors.
 * A train descriptor stops being summed once it is no nearer than the second: it cannot enter.
 */
export function nearestTwo(query: Uint8Array, train: Uint8Array): Int32Array {
  const queryWords = descriptorWords(query);
  const trainWords = descriptorWords(train);
  // Unrolled below for 32-byte (ORB) descriptors: 8 words.
  const words = DESCRIPTOR_BYTES / 4;
  const queryCount = queryWords.length / words;
  const trainCount = trainWords.length / words;
  const nearest = new Int32Array(queryCount * 4);
  const distance = (a: number, b: number) => {
    const x = a ^ b;
    return BITS_SET[x & 0xffff]! + BITS_SET[x >>> 16]!;
  };
  for (let q = 0; q < queryCount; q++) {
    const at = q * words;
    const q0 = queryWords[at]!;
    const q1 = queryWords[at + 1]!;
    const q2 = queryWords[at + 2]!;
    const q3 = queryWords[at + 3]!;
    const q4 = queryWords[at + 4]!;
    const q5 = queryWords[at + 5]!;
    const q6 = queryWords[at + 6]!;
    const q7 = queryWords[at + 7]!;
    let bestDistance = 0x7fffffff;
    let secondDistance = 0x7fffffff;
    let best = -1;
    let second = -1;
    for (let t = 0, p = 0; t < trainCount; t++, p += words) {
      let d =
        distance(q0, trainWords[p]!) +
        distance(q1, trainWords[p + 1]!) +
        distance(q2, trainWords[p + 2]!) +
        distance(q3, trainWords[p + 3]!);
      if (d >= secondDistance) continue;
      d +=
        distance(q4, trainWords[p + 4]!) +
        distance(q5, trainWords[p + 5]!) +
        distance(q6, trainWords[p + 6]!) +
        distance(q7, trainWords[p + 7]!);
      if (d >= secondDistance) continue;
      if (d < bestDistance) {
        secondDistance = bestDistance;
        second = best;
        bestDistance = d;
        best = t;
      } else {
        secondDistance = d;
        second = t;
      }
    }
    nearest[q * 4] = best;
    nearest[q * 4 + 1] = bestDistance;
    nearest[q * 4 + 2] = second;
    nearest[q * 4 + 3] = secondDistance;
  }
  return nearest;
}

export async function alignCopy(copy: PageFeatures, original: PageFeatures): Promise<Alignment | null> {
  const cv = await openCv();
  const copyCount = copy.descriptors.length / DESCRIPTOR_BYTES;
  const originalCount = original.descriptors.length / DESCRIPTOR_BYTES;
  if (copyCount < 8 || originalCount < 8) return null;
  const nearest = nearestTwo(copy.descriptors, original.descriptors);
  const from: number[] = [];
  const to: number[] = [];
  for (let index = 0; index < copyCount; index++) {
    const best = nearest[index * 4]!;
    if (nearest[index * 4 + 1]! >= RATIO * nearest[index * 4 + 3]!) continue;
    from.push(copy.points[index * 2]!, copy.points[index * 2 + 1]!);
    to.push(original.points[best * 2]!, original.points[best * 2 + 1]!);
  }
  return withMats((keep) => {
    const matches = from.length / 2;
    if (matches < 8) return null;
    const source = keep(cv.matFromArray(matches, 1, cv.CV_32FC2, from));
    const target = keep(cv.matFromArray(matches, 1, cv.CV_32FC2, to));
    const inlierMask = keep(new cv.Mat());
    const homography = keep(cv.findHomography(source, target, cv.USAC_MAGSAC, REPROJECTION_PX, inlierMask));
    if (homography.empty()) return null;
    let inliers = 0;
    for (let index = 0; index < inlierMask.rows; index++) if (inlierMask.data[index]) inliers++;
    return { homography: Array.from(homography.data64F as Float64Array), inliers, matches };
  });
}
