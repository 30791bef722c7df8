/**
 * The engine's line to the `ocr` function. Rasters go as grey bytes in base64; one request per
 * page, per batch of regions or per PDF (its bytes as they are). A busy OCR instance (503, or 546
 * at the runtime's limits) is retried briefly.
 */
import { decodeBase64, encodeBase64 } from '../documents/base64.ts';
import type { GrayRaster } from '../documents/raster.ts';
import { fetchWithRetry } from '../http/retry.ts';
import { SERVER_TIMING, type StageTimer } from '../http/server-timing.ts';
import type { PdfReading, RegionReading, TextLine } from '../ocr/protocol.ts';
import { UnreadableFileError } from '../processing/errors.ts';

/**
 * About 30-110 ms of the OCR function's CPU per line of 10-40 thousand pixels (docs/benchmarks.md
 * "Content path"): six such lines stay well inside the 2 s a request may use. Lines enlarged for
 * reading are larger, so a batch is also bounded by its pixels (six enlarged lines of 1.6 MP in all
 * went over the 2 s). Two requests are in flight at once, so the next batch travels while one is read
 * (and a hosted project may serve them on two instances).
 */
const REGIONS_PER_REQUEST = 6;
const PIXELS_PER_REQUEST = 400_000;
const REGION_REQUESTS_IN_FLIGHT = 2;

export class OcrUnavailableError extends Error {
  constructor(detail: string) {
    super(`OCR is unavailable: ${detail}`);
    this.name = 'OcrUnavailableError';
  }
}

function payload(raster: GrayRaster) {
  return { width: raster.width, height: raster.height, data: encodeBase64(raster.data) };
}

export class OcrClient {
  constructor(
    readonly supabaseUrl: string,
    readonly serviceRoleKey: string,
    /** Where one request's OCR calls are timed (the engine's Server-Timing), if anywhere. */
    readonly timer?: StageTimer,
  ) {}

  /** The same client, timing its calls into `timer`: `ocr-<route>` for the hop, `ocr-fn-*` for the function. */
  timed(timer: StageTimer): OcrClient {
    return new OcrClient(this.supabaseUrl, this.serviceRoleKey, timer);
  }

  #post<T>(path: string, body: unknown, pdf?: Uint8Array): Promise<T> {
    const route = path.slice(1).split('?')[0] ?? path;
    return this.timer
      ? this.timer.time(`ocr-${route}`, () => this.#send<T>(path, body, pdf))
      : this.#send<T>(path, body, pdf);
  }

  async #send<T>(path: string, body: unknown, pdf?: Uint8Array): Promise<T> {
    let response: Response;
    try {
      response = await fetchWithRetry(`${this.supabaseUrl}/functions/v1/ocr${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.serviceRoleKey}`,
          'content-type': pdf ? 'application/pdf' : 'application/json',
        },
        // The file's bytes come from a data URL or storage, never a SharedArrayBuffer.
        body: pdf ? (pdf as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
      });
    } catch {
      throw new OcrUnavailableError('0 unreachable');
    }
    this.timer?.merge(response.headers.get(SERVER_TIMING), 'ocr-fn-');
    if (response.ok) return (await response.json()) as T;
    const detail = (await response.text()).slice(0, 200);
    // The caller's PDF is damaged, protected or a bomb: its fault, not OCR's.
    if (pdf && response.status === 422) throw new UnreadableFileError(detail);
    throw new OcrUnavailableError(`${response.status} ${detail}`);
  }

  async readPageLines(page: GrayRaster): Promise<TextLine[]> {
    return (await this.#post<{ lines: TextLine[] }>('/page', { page: payload(page) })).lines;
  }

  /** Reads regions a few per request, so that no request of the OCR function passes its CPU limit. */
  async readRegions(regions: GrayRaster[]): Promise<RegionReading[]> {
    const batches: GrayRaster[][] = [];
    let pixels = 0;
    for (const region of regions) {
      const size = region.width * region.height;
      const last = batches.at(-1);
      if (last && last.length < REGIONS_PER_REQUEST && pixels + size <= PIXELS_PER_REQUEST) {
        last.push(region);
        pixels += size;
      } else {
        batches.push([region]);
        pixels = size;
      }
    }
    const readings: RegionReading[][] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(REGION_REQUESTS_IN_FLIGHT, batches.length) }, async () => {
        while (next < batches.length) {
          const index = next++;
          const batch = batches[index]!.map(payload);
          readings[index] = (
            await this.#post<{ readings: RegionReading[] }>('/regions', { regions: batch })
          ).readings;
        }
      }),
    );
    return readings.flat();
  }

  /** A PDF's text layer and the largest image on its first page, fitted within `longSide` (pdf.js runs in `ocr`). */
  async readPdf(bytes: Uint8Array, longSide: number): Promise<{ text: string; page: GrayRaster | null }> {
    const { text, page } = await this.#post<PdfReading>(`/pdf?longSide=${longSide}`, null, bytes);
    return { text, page: page && { width: page.width, height: page.height, data: decodeBase64(page.data) } };
  }
}
