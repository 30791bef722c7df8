/** Resamples a copy into the original page's pixels, with a mask of where the copy has content. */
import type { GrayRaster } from '../documents/raster.ts';
import { matFromRaster, rasterFromMat, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

export interface WarpedCopy {
  page: GrayRaster;
  /** 255 where the copy covers the original page, 0 where it is cut off. */
  visible: GrayRaster;
}

export async function warpOntoOriginal(
  copy: GrayRaster,
  homography: number[],
  width: number,
  height: number,
): Promise<WarpedCopy> {
  const cv = await openCv();
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, copy));
    const matrix = keep(cv.matFromArray(3, 3, cv.CV_64F, homography));
    const size = new cv.Size(width, height);
    const warped = keep(new cv.Mat());
    // Replicated, not white, past the copy's edge: a white border next to a dark band at the page's
    // edge made the band look like ink over a whole row of tiles. `visible` says what is really seen.
    cv.warpPerspective(source, warped, matrix, size, cv.INTER_LINEAR, cv.BORDER_REPLICATE);
    const coverage = keep(new cv.Mat(copy.height, copy.width, cv.CV_8UC1, new cv.Scalar(255)));
    const visible = keep(new cv.Mat());
    cv.warpPerspective(
      coverage,
      visible,
      matrix,
      size,
      cv.INTER_NEAREST,
      cv.BORDER_CONSTANT,
      new cv.Scalar(0),
    );
    return { page: rasterFromMat(warped), visible: rasterFromMat(visible) };
  });
}

/** Maps a point through a row-major 3 x 3 homography. */
export function mapPoint(homography: number[], x: number, y: number): [number, number] {
  const [a, b, c, d, e, f, g, h, i] = homography as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const w = g * x + h * y + i;
  return [(a * x + b * y + c) / w, (d * x + e * y + f) / w];
}
