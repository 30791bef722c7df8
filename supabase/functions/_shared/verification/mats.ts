/** Moving grey rasters in and out of OpenCV, and releasing what OpenCV allocated. */
import type { GrayRaster } from '../documents/raster.ts';
import type { OpenCv } from './opencv.ts';

// deno-lint-ignore no-explicit-any
export type Mat = any;

export function matFromRaster(cv: OpenCv, raster: GrayRaster): Mat {
  const mat = new cv.Mat(raster.height, raster.width, cv.CV_8UC1);
  mat.data.set(raster.data);
  return mat;
}

export function rasterFromMat(mat: Mat): GrayRaster {
  return { width: mat.cols, height: mat.rows, data: new Uint8Array(mat.data) };
}

/** Runs `work` and deletes every Mat/vector it registered, whatever happens. */
export function withMats<T>(work: (keep: <M extends { delete(): void }>(mat: M) => M) => T): T {
  const owned: { delete(): void }[] = [];
  try {
    return work((mat) => {
      owned.push(mat);
      return mat;
    });
  } finally {
    for (const mat of owned) mat.delete();
  }
}
