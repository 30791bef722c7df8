/**
 * Keypoints for alignment: ORB corners and binary descriptors, computed on a page fitted to
 * FEATURE_LONG_SIDE and reported in the given raster's own pixels. Stored for the original at
 * registration, computed for the copy per verification.
 */
import { fitWithin, type GrayRaster } from '../documents/raster.ts';
import { matFromRaster, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

export const FEATURE_LONG_SIDE = 1000;
export const DESCRIPTOR_BYTES = 32;

export interface PageFeatures {
  /** x, y pairs in the source raster's pixels. */
  points: Float32Array;
  /** DESCRIPTOR_BYTES per point. */
  descriptors: Uint8Array;
}

export async function pageFeatures(page: GrayRaster, maxFeatures: number): Promise<PageFeatures> {
  const cv = await openCv();
  const small = fitWithin(page, FEATURE_LONG_SIDE);
  const scale = page.width / small.width;
  return withMats((keep) => {
    const image = keep(matFromRaster(cv, small));
    const orb = keep(new cv.ORB(maxFeatures));
    const keypoints = keep(new cv.KeyPointVector());
    const descriptors = keep(new cv.Mat());
    const noMask = keep(new cv.Mat());
    orb.detectAndCompute(image, noMask, keypoints, descriptors);
    const count = descriptors.rows;
    const points = new Float32Array(count * 2);
    for (let index = 0; index < count; index++) {
      const point = keypoints.get(index).pt;
      points[index * 2] = point.x * scale;
      points[index * 2 + 1] = point.y * scale;
    }
    return { points, descriptors: new Uint8Array(descriptors.data) };
  });
}
