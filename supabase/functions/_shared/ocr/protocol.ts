/**
 * What the `engine` function asks the `ocr` function (server to server, service role key): read
 * the lines of a page, the text of a few regions, or a PDF's text layer and page image. Rasters
 * travel as grey bytes in base64. OCR is a function of its own because tesseract's WebAssembly
 * memory (about 130 MB for a page) and OpenCV's would not fit one 256 MB instance together, nor one
 * 18 MB bundle; PDF reading (pdf.js, 2.1 MB) lives here too for the engine's bundle
 * (docs/function-size.md).
 */
import * as v from '@badrap/valita';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextLine {
  box: Box;
  text: string;
  /** 0-1. */
  confidence: number;
}

export interface RegionReading {
  text: string;
  /** 0-1, the mean of the words' confidences; 0 when nothing was read. */
  confidence: number;
}

/** Largest side OCR accepts: a canonical page is 1400 px. */
export const MAX_OCR_SIDE = 2000;

const raster = v.object({
  width: v.number().assert((n) => Number.isInteger(n) && n > 0 && n <= MAX_OCR_SIDE, 'width out of range'),
  height: v.number().assert((n) => Number.isInteger(n) && n > 0 && n <= MAX_OCR_SIDE, 'height out of range'),
  /** Base64 of width x height grey bytes. */
  data: v.string(),
});

export const readPageRequest = v.object({ page: raster });
export const readRegionsRequest = v.object({ regions: v.array(raster) });
export type RasterPayload = v.Infer<typeof raster>;

/** What `POST /ocr/pdf?longSide=N` answers for the PDF bytes it is sent (application/pdf). */
export interface PdfReading {
  /** The text layer of every page, or '' for a scan. */
  text: string;
  /** The largest image painted on page 1, fitted within `longSide`; null for a PDF of vector text only. */
  page: RasterPayload | null;
}
