/**
 * The `ocr` function: tesseract reads a page's lines or a few regions, and pdf.js reads a PDF's text
 * layer and page image, for the `engine` function, which alone calls it (service role key). One job
 * at a time per instance: tesseract's memory for a page is about 130 MB of the 256 MB an instance
 * has. PDF reading is here rather than in the engine for the engine's bundle size (docs/function-size.md).
 */
import * as v from '@badrap/valita';
import { MAX_FILE_BYTES } from '../_shared/api-constants.ts';
import { decodeBase64, encodeBase64 } from '../_shared/documents/base64.ts';
import type { GrayRaster } from '../_shared/documents/raster.ts';
import { HttpError } from '../_shared/errors.ts';
import { Admission } from '../_shared/http/admission.ts';
import { SERVER_TIMING, StageTimer } from '../_shared/http/server-timing.ts';
import { json, serveRoutes } from '../_shared/http/service-routes.ts';
import {
  MAX_OCR_SIDE,
  type PdfReading,
  type RasterPayload,
  readPageRequest,
  readRegionsRequest,
} from '../_shared/ocr/protocol.ts';
import { readPageLines, readRegion } from '../_shared/ocr/tesseract.ts';
import { UnreadableFileError } from '../_shared/processing/errors.ts';
import { readPdfPage } from '../_shared/processing/pdf.ts';

const WORK = new Admission({ active: 1, queued: 4, maxWaitMs: 20_000, retryAfterSeconds: 5 });
const MAX_REGIONS = 24;

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

async function parse<T>(request: Request, schema: v.Type<T>): Promise<T> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new BadRequest('Body must be JSON');
  }
  const result = schema.try(body, { mode: 'strip' });
  if (!result.ok) throw new BadRequest(`Invalid request: ${result.message}`);
  return result.value;
}

function rasterOf(payload: RasterPayload): GrayRaster {
  let data: Uint8Array;
  try {
    data = decodeBase64(payload.data);
  } catch {
    throw new BadRequest('data must be base64');
  }
  if (data.length !== payload.width * payload.height)
    throw new BadRequest('data does not match width x height');
  return { width: payload.width, height: payload.height, data };
}

async function pdfBytes(request: Request): Promise<Uint8Array> {
  const tooLarge = () => new BadRequest(`A PDF may have at most ${MAX_FILE_BYTES} bytes`, 413);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FILE_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_FILE_BYTES) throw tooLarge();
  return bytes;
}

export function createOcrApp(serviceRoleKey: string): (request: Request) => Promise<Response> {
  return serveRoutes({
    basePath: '/ocr',
    serviceRoleKey,
    unauthorizedMessage: 'OCR answers the service only',
    post: {
      '/page': async (request) => {
        const timer = new StageTimer();
        const { page } = await parse(request, readPageRequest);
        const raster = rasterOf(page);
        const lines = await WORK.run(() => timer.time('read', () => readPageLines(raster)), { timer });
        return json({ lines }, 200, { [SERVER_TIMING]: timer.header() });
      },

      '/regions': async (request) => {
        const { regions } = await parse(request, readRegionsRequest);
        if (regions.length > MAX_REGIONS) throw new BadRequest(`At most ${MAX_REGIONS} regions per request`);
        const timer = new StageTimer();
        const rasters = regions.map(rasterOf);
        const readings = await WORK.run(
          () =>
            timer.time('read', async () => {
              const results = [];
              for (const raster of rasters) results.push(await readRegion(raster));
              return results;
            }),
          { timer },
        );
        return json({ readings }, 200, { [SERVER_TIMING]: timer.header() });
      },

      '/pdf': async (request, url) => {
        const longSide = Number(url.searchParams.get('longSide'));
        if (!Number.isInteger(longSide) || longSide < 1 || longSide > MAX_OCR_SIDE)
          throw new BadRequest(`longSide must be an integer from 1 to ${MAX_OCR_SIDE}`);
        const timer = new StageTimer();
        const bytes = await pdfBytes(request);
        const { text, page } = await WORK.run(() => timer.time('read', () => readPdfPage(bytes, longSide)), {
          timer,
        });
        return json(
          {
            text,
            page: page && { width: page.width, height: page.height, data: encodeBase64(page.data) },
          } satisfies PdfReading,
          200,
          { [SERVER_TIMING]: timer.header() },
        );
      },
    },
    onError: (error) => {
      if (error instanceof BadRequest) return json({ error: error.message }, error.status);
      if (error instanceof UnreadableFileError) return json({ error: error.message }, 422);
      if (error instanceof HttpError) return json({ error: error.message }, error.status, error.headers);
      console.error('ocr: unhandled error', error);
      return json({ error: 'Internal server error' }, 500);
    },
  });
}
