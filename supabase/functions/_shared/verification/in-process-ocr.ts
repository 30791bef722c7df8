/**
 * The OCR function's work done in this process (tesseract and pdf.js here, no stack), shaped as the
 * engine's OcrClient: for diagnose.ts and the tests that examine real copies in-process.
 */
import type { GrayRaster } from '../documents/raster.ts';
import { readPageLines, readRegion } from '../ocr/tesseract.ts';
import { readPdfPage } from '../processing/pdf.ts';
import type { OcrClient } from './ocr-client.ts';

export const inProcessOcr = {
  readPageLines: (page: GrayRaster) => readPageLines(page),
  readRegions: async (regions: GrayRaster[]) => {
    const readings = [];
    for (const region of regions) readings.push(await readRegion(region));
    return readings;
  },
  readPdf: (bytes: Uint8Array, longSide: number) => readPdfPage(bytes, longSide),
} as unknown as OcrClient;
