/**
 * The `engine` function: registration and comparison of certificate pages (OpenCV, OCR). Only
 * the `api` function and maintenance scripts call it, with the service role key; it is a separate
 * function so that each bundle stays under the hosted 20 MB limit and the api stays fast.
 */
import * as v from '@badrap/valita';
import { MAX_FILE_BYTES } from '../_shared/api-constants.ts';
import { decodeDataUrl } from '../_shared/processing/data-url.ts';
import { detectFileType } from '../_shared/processing/detect.ts';
import { ImageDecodeError } from '../_shared/processing/decode.ts';
import { FileTooLargeError, InvalidDataUrlError, UnreadableFileError } from '../_shared/processing/errors.ts';
import {
  backfillRequest,
  type BackfillResponse,
  readRequest,
  type ReadResponse,
  registerRequest,
  type RegisterResponse,
  stampRequest,
  verifyRequest,
  type VerifyResponse,
} from '../_shared/verification/engine-protocol.ts';
import { readText, registerOriginal } from '../_shared/verification/register.ts';
import {
  certificatesToRegister,
  countToRegister,
  issuedValues,
  indexStoredNumbers,
  saveRegistration,
} from '../_shared/verification/store.ts';
import { verifyCopy } from '../_shared/verification/verify.ts';
import { verifiableCopy } from '../_shared/copies/stamp.ts';
import { NoPageRasterError } from '../_shared/verification/page.ts';
import { HttpError } from '../_shared/errors.ts';
import { Admission } from '../_shared/http/admission.ts';
import { SERVER_TIMING, StageTimer } from '../_shared/http/server-timing.ts';
import { json, serveRoutes } from '../_shared/http/service-routes.ts';
import { OcrUnavailableError } from '../_shared/verification/ocr-client.ts';
import type { EngineDeps } from './deps.ts';

/**
 * One comparison or registration at a time per instance: each takes up to ~2 s of CPU and, with
 * OpenCV's 128 MB of WebAssembly memory, a second one at once would risk the 256 MB limit. A wait
 * longer than 10 s (predicted from the recent jobs, or spent) is answered 503 + Retry-After: the api
 * retries twice, so a verifier hears back within about 30 s at worst instead of 60 s.
 */
const WORK = new Admission({ active: 1, queued: 4, maxWaitMs: 10_000, retryAfterSeconds: 5 });
/**
 * Registrations, backfill, reading and stamping are not a verifier waiting: they may wait up to 60 s
 * (before, 20 s and the api's two retries gave them about as long), well inside the 150 s wall clock.
 */
const BACKGROUND = { maxWaitMs: 60_000 };

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
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

function fileOf(fileData: string) {
  const bytes = decodeDataUrl(fileData, MAX_FILE_BYTES);
  const detected = detectFileType(bytes);
  if (!detected) throw new BadRequest('Unsupported file type', 415);
  return { bytes, detected };
}

function answerError(error: unknown): Response {
  if (error instanceof BadRequest) return json({ error: error.message }, error.status);
  if (error instanceof HttpError) return json({ error: error.message }, error.status, error.headers);
  if (error instanceof FileTooLargeError) return json({ error: 'File size must be less than 10MB' }, 413);
  if (error instanceof InvalidDataUrlError) return json({ error: error.message }, 400);
  if (error instanceof ImageDecodeError || error instanceof UnreadableFileError) {
    return json({ error: 'The file could not be read; it may be damaged or password-protected' }, 422);
  }
  if (error instanceof NoPageRasterError) {
    return json(
      { error: 'The certificate is a PDF without a page image; no copy can be drawn from it' },
      422,
    );
  }
  if (error instanceof OcrUnavailableError) {
    console.error('engine:', error.message);
    return json({ error: 'The verification engine is busy; please try again shortly' }, 503, {
      'Retry-After': '5',
    });
  }
  console.error('engine: unhandled error', error);
  return json({ error: 'Internal server error' }, 500);
}

export function createEngineApp(deps: EngineDeps): (request: Request) => Promise<Response> {
  return serveRoutes({
    basePath: '/engine',
    serviceRoleKey: deps.env.serviceRoleKey,
    unauthorizedMessage: 'The engine answers the service only',
    post: {
      '/register': async (request) => {
        const input = await parse(request, registerRequest);
        const { bytes, detected } = fileOf(input.fileData);
        const issued = await issuedValues(deps.sql, input.certificateId);
        const registration = await WORK.run(
          () => registerOriginal(bytes, detected, deps.ocr, issued),
          BACKGROUND,
        );
        await saveRegistration(deps.sql, input.certificateId, registration);
        return json({
          certificateId: input.certificateId,
          lines: registration.lines.length,
        } satisfies RegisterResponse);
      },

      '/verify': async (request) => {
        const timer = new StageTimer();
        const { bytes, detected } = await timer.time('parse', async () =>
          fileOf((await parse(request, verifyRequest)).fileData),
        );
        const finding = await WORK.run(
          () => timer.time('work', () => verifyCopy(deps.sql, deps.ocr.timed(timer), bytes, detected, timer)),
          { timer },
        );
        return json(finding satisfies VerifyResponse, 200, { [SERVER_TIMING]: timer.header() });
      },

      '/read': async (request) => {
        const input = await parse(request, readRequest);
        const { bytes, detected } = fileOf(input.fileData);
        return json(
          (await WORK.run(() => readText(bytes, detected, deps.ocr), BACKGROUND)) satisfies ReadResponse,
        );
      },

      /** The verifiable copy of a stored certificate file (PNG or PDF bytes); the api checked the caller's rights. */
      '/stamp': async (request) => {
        const input = await parse(request, stampRequest);
        const bytes = await deps.storage.download(deps.env.serviceRoleKey, 'certificates', input.storagePath);
        const detected = detectFileType(bytes);
        if (!detected) throw new BadRequest('The stored file has an unsupported type', 422);
        const copy = await WORK.run(
          () =>
            verifiableCopy(
              bytes,
              detected,
              { url: input.url, certificateNumber: input.certificateNumber },
              input.format,
              deps.ocr,
            ),
          BACKGROUND,
        );
        return new Response(copy as Uint8Array<ArrayBuffer>, {
          headers: { 'content-type': input.format === 'pdf' ? 'application/pdf' : 'image/png' },
        });
      },

      '/backfill': async (request) => {
        const input = await parse(request, backfillRequest);
        // Registrations older than the number channel: their numbers from the stored lines, cheaply.
        await indexStoredNumbers(deps.sql, 1000);
        const work = await certificatesToRegister(deps.sql, Math.min(Math.max(input.limit ?? 5, 1), 50));
        let registered = 0;
        let failed = 0;
        for (const certificate of work) {
          try {
            const bytes = await deps.storage.download(
              deps.env.serviceRoleKey,
              'certificates',
              certificate.storage_path,
            );
            const detected = detectFileType(bytes);
            if (!detected) throw new Error('stored file has an unsupported type');
            await saveRegistration(
              deps.sql,
              certificate.id,
              await WORK.run(
                () => registerOriginal(bytes, detected, deps.ocr, certificate.issued),
                BACKGROUND,
              ),
            );
            registered++;
          } catch (error) {
            failed++;
            console.error('engine: backfill could not register', certificate.id, error);
          }
        }
        const remaining = (await countToRegister(deps.sql)) - failed;
        return json({ registered, failed, remaining: Math.max(0, remaining) } satisfies BackfillResponse);
      },
    },
    onError: answerError,
  });
}
