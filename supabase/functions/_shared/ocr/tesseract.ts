/**
 * OCR of a page or of single regions with tesseract-wasm (one WebAssembly build, run in-process:
 * the hosted edge runtime has no workers). The engine is created once per process; the model is
 * tesseract's integer "best" English model (about 3 MB gzipped), a static file of the `ocr` function
 * (ocr/model/README.md), read on first use. It is not an npm package: the bundler packs a package
 * whole, and @tesseract.js-data/eng holds a second, 11 MB model (docs/function-size.md).
 */
import { createOCREngine, type OCREngine } from 'tesseract-wasm';
import type { GrayRaster } from '../documents/raster.ts';
import type { RegionReading, TextLine } from './protocol.ts';

let engine: Promise<OCREngine> | undefined;

/** Deployed with the function: config.toml lists it in `[functions.ocr] static_files`. */
export const MODEL_FILE = new URL('../../ocr/model/eng.traineddata.gz', import.meta.url);

async function loadModel(): Promise<Uint8Array> {
  const compressed = await Deno.readFile(MODEL_FILE);
  const stream = new Blob([compressed]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function ocrEngine(): Promise<OCREngine> {
  engine ??= (async () => {
    const created = await createOCREngine();
    created.loadModel(await loadModel());
    return created;
  })();
  return engine;
}

/** Creates the engine and loads its model now, so that no request pays for it. */
export async function warmOcr(): Promise<void> {
  await ocrEngine();
}

function toImageData(raster: GrayRaster): ImageData {
  const rgba = new Uint8ClampedArray(raster.width * raster.height * 4);
  for (let index = 0, offset = 0; index < raster.data.length; index++, offset += 4) {
    const value = raster.data[index]!;
    rgba[offset] = value;
    rgba[offset + 1] = value;
    rgba[offset + 2] = value;
    rgba[offset + 3] = 255;
  }
  return { data: rgba, width: raster.width, height: raster.height, colorSpace: 'srgb' } as ImageData;
}

/**
 * Tesseract reads a line again inverted when it read it with low confidence, and keeps the better
 * reading. A page is read as given, its light-on-dark text already turned dark on light by the
 * caller (ink.ts normalisePolarity, number.ts stackLines), so the second reading is wasted work:
 * it doubled the CPU of every poorly read line, and a diploma's ornament border, read as four
 * lines of nothing, took a whole-page read over the hosted 2 s (docs/verification-pipeline.md
 * "Registration's page read within the hosted CPU").
 */
const READ_INVERTED = 'tessedit_do_invert';

/** Reads every text line of a page (dark on light), with its box in the page's pixels. */
export async function readPageLines(page: GrayRaster): Promise<TextLine[]> {
  const ocr = await ocrEngine();
  ocr.loadImage(toImageData(page));
  const readInverted = ocr.getVariable(READ_INVERTED);
  ocr.setVariable(READ_INVERTED, '0');
  try {
    return ocr
      .getTextBoxes('line')
      .map((item) => ({
        box: {
          x: item.rect.left,
          y: item.rect.top,
          width: item.rect.right - item.rect.left,
          height: item.rect.bottom - item.rect.top,
        },
        text: item.text.trim(),
        confidence: item.confidence,
      }))
      .filter((line) => line.text.length > 0);
  } finally {
    // A region (a copy's line cut out for reading) is still read either way round.
    ocr.setVariable(READ_INVERTED, readInverted);
    ocr.clearImage();
  }
}

/** Reads one region (a line cut out of a page, with a margin): its text and mean confidence. */
export async function readRegion(region: GrayRaster): Promise<RegionReading> {
  const ocr = await ocrEngine();
  ocr.loadImage(toImageData(region));
  try {
    const words = ocr.getTextBoxes('word');
    if (words.length === 0) return { text: '', confidence: 0 };
    const confidence = words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
    return { text: words.map((word) => word.text.trim()).join(' '), confidence };
  } finally {
    ocr.clearImage();
  }
}
