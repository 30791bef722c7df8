/**
 * Ink masks: where a page has marks, found by a local (adaptive) threshold, so uneven light,
 * shadows and coloured or dark bands are judged against their own surroundings. White text on a
 * dark band shows as the band's ink around the letters, so it is compared too.
 */
import type { GrayRaster } from '../documents/raster.ts';
import { matFromRaster, withMats } from './mats.ts';
import { openCv } from './opencv.ts';

export interface InkMasks {
  width: number;
  height: number;
  /** 1 where there is ink. */
  ink: Uint8Array;
  /** `ink` grown by one pixel: the tolerance for strokes a blur or a re-sampling thickened or moved. */
  near: Uint8Array;
}

export async function inkMasks(page: GrayRaster): Promise<InkMasks> {
  const cv = await openCv();
  const block = Math.max(15, Math.round(Math.max(page.width, page.height) / 45) | 1);
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, page));
    const smooth = keep(new cv.Mat());
    cv.GaussianBlur(source, smooth, new cv.Size(3, 3), 0);
    const binary = keep(new cv.Mat());
    cv.adaptiveThreshold(smooth, binary, 1, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, 18);
    const grown = keep(new cv.Mat());
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.dilate(binary, grown, kernel);
    return {
      width: page.width,
      height: page.height,
      ink: new Uint8Array(binary.data),
      near: new Uint8Array(grown.data),
    };
  });
}
