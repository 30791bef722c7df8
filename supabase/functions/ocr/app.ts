/**
 * The `ocr` function: tesseract reads a page's lines or a few regions for the `engine` function,
 * which alone calls it (service role key). One job at a time per instance: tesseract's memory for
 * a page is about 130 MB of the 256 MB an instance has.
 */
import * as v from '@badrap/valita';
import { Hono } from 'hono';
import { decodeBase64 } from '../_shared/documents/base64.ts';
import type { GrayRaster } from '../_shared/documents/raster.ts';
import { HttpError } from '../_shared/errors.ts';
import { Admission } from '../_shared/http/admission.ts';
import { holdsServiceRoleKey } from '../_shared/http/service-role.ts';
import { type RasterPayload, readPageRequest, readRegionsRequest } from '../_shared/ocr/protocol.ts';
import { readPageLines, readRegion } from '../_shared/ocr/tesseract.ts';

const WORK = new Admission({ active: 1, queued: 4, maxWaitMs: 20_000, retryAfterSeconds: 5 });
const MAX_REGIONS = 24;

class BadRequest extends Error {}

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

export function createOcrApp(serviceRoleKey: string): Hono {
  const app = new Hono().basePath('/ocr');

  app.use('*', async (c, next) => {
    if (!holdsServiceRoleKey(c.req.header('authorization'), serviceRoleKey)) {
      return c.json({ error: 'OCR answers the service only' }, 401);
    }
    await next();
  });

  app.post('/page', async (c) => {
    const { page } = await parse(c.req.raw, readPageRequest);
    const raster = rasterOf(page);
    return c.json({ lines: await WORK.run(() => readPageLines(raster)) });
  });

  app.post('/regions', async (c) => {
    const { regions } = await parse(c.req.raw, readRegionsRequest);
    if (regions.length > MAX_REGIONS) throw new BadRequest(`At most ${MAX_REGIONS} regions per request`);
    const rasters = regions.map(rasterOf);
    const readings = await WORK.run(async () => {
      const results = [];
      for (const raster of rasters) results.push(await readRegion(raster));
      return results;
    });
    return c.json({ readings });
  });

  app.onError((error, c) => {
    if (error instanceof BadRequest) return c.json({ error: error.message }, 400);
    if (error instanceof HttpError)
      return c.json({ error: error.message }, error.status as 503, error.headers);
    console.error('ocr: unhandled error', error);
    return c.json({ error: 'Internal server error' }, 500);
  });

  return app;
}
