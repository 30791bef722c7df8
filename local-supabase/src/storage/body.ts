import type { z } from 'zod';
import { errors } from './errors.ts';

/** JSON bodies of the object API are small (lists of names at most). */
const JSON_BODY_LIMIT = 1024 * 1024;
/** Room for multipart boundaries and the text fields around the file part. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Passes a body through while counting it, failing once it passes `limit` bytes. */
function limitStream(body: ReadableStream<Uint8Array>, limit: number, onExceeded: () => void) {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          onExceeded();
          controller.error(new Error('body too large'));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

function declaredLength(request: Request): number | undefined {
  const header = request.headers.get('content-length');
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** Reads and validates a JSON body; malformed, oversize or wrongly shaped bodies are InvalidRequest. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  if ((declaredLength(request) ?? 0) > JSON_BODY_LIMIT) throw errors.entityTooLarge();
  let exceeded = false;
  let text: string;
  try {
    const body = request.body ?? new Blob([]).stream();
    text = await new Response(limitStream(body, JSON_BODY_LIMIT, () => (exceeded = true))).text();
  } catch {
    throw exceeded ? errors.entityTooLarge() : errors.invalidRequest('Could not read the request body');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw errors.invalidRequest(`body/${issue?.path.join('/') ?? ''} ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}

export interface UploadBody {
  data: ReadableStream<Uint8Array> | Uint8Array | null;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseUserMetadata(json: string | null): Record<string, unknown> | null {
  if (json === null || json === '') return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Reported below, like any other malformed metadata.
  }
  throw errors.invalidRequest('Invalid metadata: expected a JSON object');
}

/**
 * Reads an upload as supabase-js sends it: multipart/form-data with the file part (field name "")
 * and `cacheControl`/`metadata` fields, or a raw body described by content-type, cache-control and
 * x-metadata (base64 JSON). Multipart bodies are buffered (they are at most `limit` bytes plus
 * boundaries); raw bodies stay a stream.
 */
export async function readUpload(request: Request, limit: number): Promise<UploadBody> {
  const contentType = request.headers.get('content-type') ?? '';
  const length = declaredLength(request);
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    if (length !== undefined && length > limit) throw errors.entityTooLarge();
    const header = request.headers.get('x-metadata');
    return {
      data: request.body,
      mimetype: contentType || 'application/octet-stream',
      cacheControl: request.headers.get('cache-control') ?? 'no-cache',
      userMetadata: parseUserMetadata(
        header === null ? null : Buffer.from(header, 'base64').toString('utf8'),
      ),
    };
  }
  const bodyLimit = limit + MULTIPART_OVERHEAD;
  if (length !== undefined && length > bodyLimit) throw errors.entityTooLarge();
  let exceeded = false;
  let form: FormData;
  try {
    const body = request.body ?? new Blob([]).stream();
    const limited = limitStream(body, bodyLimit, () => (exceeded = true));
    form = await new Response(limited, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw exceeded ? errors.entityTooLarge() : errors.invalidRequest('Invalid multipart/form-data body');
  }
  const named = form.get('');
  const file = named instanceof Blob ? named : [...form.values()].find((value) => value instanceof Blob);
  if (!(file instanceof Blob)) throw errors.invalidRequest('No content provided');
  if (file.size > limit) throw errors.entityTooLarge();
  const cacheTime = form.get('cacheControl');
  const metadata = form.get('metadata');
  return {
    data: new Uint8Array(await file.arrayBuffer()),
    mimetype: file.type || 'application/octet-stream',
    cacheControl: typeof cacheTime === 'string' && cacheTime !== '' ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: parseUserMetadata(typeof metadata === 'string' ? metadata : null),
  };
}

/** Storage's mime check: `type/*` entries match a whole type, others the exact media type. */
export function isMimeTypeAllowed(mimetype: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const requested = (mimetype.split(';')[0] ?? '').trim().toLowerCase();
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.endsWith('/*')) return requested.startsWith(rule.slice(0, -1));
    return rule === requested;
  });
}
