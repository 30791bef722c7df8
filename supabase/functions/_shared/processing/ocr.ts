/**
 * OCR, in-process: tesseract's WebAssembly core (tesseract.js-core) is driven directly, without
 * tesseract.js's worker, because the hosted edge runtime has no worker threads. Everything OCR
 * needs sits behind `recogniseText`, so the step can move to a background worker if a hosted
 * project needs more CPU time than a request allows (docs/verification-pipeline.md).
 */
import { dirname, join } from 'node:path';
import engData from '@tesseract.js-data/eng';
// The build with the WebAssembly inlined: nothing to locate at run time. Plain SIMD (not relaxed
// SIMD) because relaxed SIMD may round differently per CPU, and OCR text must be reproducible.
import TesseractCore from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js';
import { fitWithin, type GrayRaster } from '../documents/raster.ts';

/** Longest side given to OCR; certificate text stays well above tesseract's preferred x-height. */
export const OCR_MAX_SIDE = 2000;
/**
 * Words tesseract is less sure of than this are graphics (seals, borders, signatures), not text.
 * 80, not 60: on the seeded accuracy set it cut false rejects of genuine copies from 69 % to 28 %
 * with no forgery accepted (docs/accuracy.md).
 */
export const MIN_WORD_CONFIDENCE = 80;
/** LSTM-only engine: the build above carries no legacy engine. */
const OEM_LSTM_ONLY = 1;

interface TessWord {
  text: string;
  confidence: number;
}
interface TessJson {
  blocks?: { paragraphs: { lines: { words: TessWord[] }[] }[] }[] | null;
}
interface TessApi {
  Init(dataPath: null, lang: string, oem: number): number;
  SetVariable(name: string, value: string): boolean;
  SetImageFile(exifOrientation: number, angle: number): number;
  Recognize(monitor: null): number;
  GetJSONText(page: number): string;
  Clear(): void;
}
interface TessModule {
  FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void };
  TessBaseAPI: new () => TessApi;
}

interface Engine {
  module: TessModule;
  api: TessApi;
}

let engine: Promise<Engine> | undefined;

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** English LSTM model ("best_int") from the pinned npm package, read from disk. */
async function englishTrainedData(): Promise<Uint8Array> {
  // The package's entry point names its default model folder; the integer "best" model sits beside it.
  const path = join(dirname(engData.langPath), '4.0.0_best_int', 'eng.traineddata.gz');
  return await gunzip(await Deno.readFile(path));
}

async function startEngine(): Promise<Engine> {
  const [module, trainedData] = await Promise.all([
    (TesseractCore as (options: object) => Promise<TessModule>)({}),
    englishTrainedData(),
  ]);
  module.FS.writeFile('/eng.traineddata', trainedData);
  const api = new module.TessBaseAPI();
  if (api.Init(null, 'eng', OEM_LSTM_ONLY) !== 0) throw new Error('OCR engine failed to initialise');
  api.SetVariable('debug_file', '/dev/null');
  // Certificates are scanned or rendered near 150-300 dpi; saying so silences a guess per image.
  api.SetVariable('user_defined_dpi', '200');
  return { module, api };
}

/** The OCR engine, started once per isolate (about 0.3 s) and reused. */
function getEngine(): Promise<Engine> {
  engine ??= startEngine().catch((error) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

function toPgm(raster: GrayRaster): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${raster.width} ${raster.height}\n255\n`);
  const pgm = new Uint8Array(header.length + raster.data.length);
  pgm.set(header);
  pgm.set(raster.data, header.length);
  return pgm;
}

/**
 * Reads the text of a grayscale image: lines of confident words, one line per text line.
 * Runs synchronously inside WebAssembly once the engine is loaded, so calls never interleave.
 */
export async function recogniseText(raster: GrayRaster): Promise<string> {
  const { module, api } = await getEngine();
  const input = fitWithin(raster, OCR_MAX_SIDE);
  module.FS.writeFile('/input', toPgm(input));
  try {
    if (api.SetImageFile(1, 0) !== 0) throw new Error('OCR could not read the image');
    api.Recognize(null);
    const json = JSON.parse(api.GetJSONText(0)) as TessJson;
    const lines: string[] = [];
    for (const block of json.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words.filter((word) => word.confidence >= MIN_WORD_CONFIDENCE);
          if (words.length > 0) lines.push(words.map((word) => word.text).join(' '));
        }
      }
    }
    return lines.join('\n');
  } finally {
    api.Clear();
    module.FS.unlink('/input');
  }
}
