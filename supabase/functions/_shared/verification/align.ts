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

export async function alignCopy(copy: PageFeatures, original: PageFeatures): Promise<Alignment | null> {
  const cv = await openCv();
  const copyCount = copy.descriptors.length / DESCRIPTOR_BYTES;
  const originalCount = original.descriptors.length / DESCRIPTOR_BYTES;
  if (copyCount < 8 || originalCount < 8) return null;
  return withMats((keep) => {
    const copyDescriptors = keep(new cv.Mat(copyCount, DESCRIPTOR_BYTES, cv.CV_8UC1));
    copyDescriptors.data.set(copy.descriptors);
    const originalDescriptors = keep(new cv.Mat(originalCount, DESCRIPTOR_BYTES, cv.CV_8UC1));
    originalDescriptors.data.set(original.descriptors);
    const matcher = keep(new cv.BFMatcher(cv.NORM_HAMMING, false));
    const pairs = keep(new cv.DMatchVectorVector());
    matcher.knnMatch(copyDescriptors, originalDescriptors, pairs, 2);
    const from: number[] = [];
    const to: number[] = [];
    for (let index = 0; index < pairs.size(); index++) {
      const pair = pairs.get(index);
      if (pair.size() < 2) continue;
      const best = pair.get(0);
      const second = pair.get(1);
      if (best.distance >= RATIO * second.distance) continue;
      from.push(copy.points[best.queryIdx * 2]!, copy.points[best.queryIdx * 2 + 1]!);
      to.push(original.points[best.trainIdx * 2]!, original.points[best.trainIdx * 2 + 1]!);
    }
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
