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
  /**
   * Ink or faint ink grown by one pixel: the tolerance for strokes a blur or a re-sampling thickened,
   * moved or lightened.
   */
  near: Uint8Array;
}

/** Darker than the surroundings by this much is ink; by FAINT_C, faint ink (tolerance only). */
const INK_C = 18;
const FAINT_C = 10;

export async function inkMasks(page: GrayRaster): Promise<InkMasks> {
  const cv = await openCv();
  const block = Math.max(15, Math.round(Math.max(page.width, page.height) / 45) | 1);
  return withMats((keep) => {
    const source = keep(matFromRaster(cv, page));
    const smooth = keep(new cv.Mat());
    cv.GaussianBlur(source, smooth, new cv.Size(3, 3), 0);
    const binary = keep(new cv.Mat());
    cv.adaptiveThreshold(smooth, binary, 1, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, INK_C);
    // The tolerance is grown from faint ink too (hysteresis): a thin light rule or a stroke's edge
    // sits near the threshold, and re-sampling tips it under on one side and over on the other.
    const faint = keep(new cv.Mat());
    cv.adaptiveThreshold(smooth, faint, 1, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, FAINT_C);
    const grown = keep(new cv.Mat());
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.dilate(faint, grown, kernel);
    return {
      width: page.width,
      height: page.height,
      ink: new Uint8Array(binary.data),
      near: new Uint8Array(grown.data),
    };
  });
}
