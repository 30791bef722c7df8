/** Request parsing with zod: every body, path and query parameter is validated before use. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from '../errors.ts';

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describe(result.error));
  return result.data;
}

/**
 * True when a string anywhere in the parsed JSON (keys included) holds U+0000. A walk, not a search of
 * JSON.stringify's output: on a file upload that copied the whole body (megabytes of base64) again and
 * was the largest CPU cost of an exact verification.
 */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsNul);
  return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item));
}

/**
 * The request body as text: its chunks collected, joined once and decoded once. Deno's Request.json()
 * and text() cost about twice the CPU time on a 1.6 MB upload (docs/benchmarks.md), which made reading
 * the body the largest part of an exact verification.
 */
async function readBodyText(request: Request): Promise<string> {
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    length += read.value.length;
  }
  let bytes = chunks[0] ?? new Uint8Array(0);
  if (chunks.length > 1) {
    bytes = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
  }
  return new TextDecoder().decode(bytes);
}

/** The body text; a body that cannot be read counts as invalid JSON, a refused one keeps its error. */
export async function readJsonBodyText(c: Context): Promise<string> {
  try {
    return await readBodyText(c.req.raw);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Request body must be valid JSON');
  }
}

/** Body text parsed as JSON and validated: 400 for invalid JSON, NUL characters or absurd nesting. */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  try {
    // Postgres text cannot hold U+0000: refuse it here rather than fail in the database.
    if (holdsNul(body)) throw new HttpError(400, 'Text must not contain NUL characters');
    return parseWith(schema, body);
  } catch (error) {
    // Absurdly nested JSON overflows the stack while it is walked.
    if (error instanceof RangeError) throw new HttpError(400, 'Request body is nested too deeply');
    throw error;
  }
}

export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseJsonText(await readJsonBodyText(c), schema);
}

const PLAIN_UPLOAD_START = '{"fileData":"';
const PLAIN_UPLOAD_END = '"}';

/**
 * The value of a body written exactly `{"fileData":"…"}` with no quote or backslash inside the value,
 * as a slice of the text (it shares the text's memory; JSON.parse would copy megabytes of base64 into a
 * new string), else null. JSON.parse gives the same value unless it holds a control character, which
 * JSON refuses unescaped: the caller must rule that out (a base64 data URL holds none).
 */
export function plainFileData(text: string): string | null {
  const valueEnd = text.length - PLAIN_UPLOAD_END.length;
  if (
    valueEnd <= PLAIN_UPLOAD_START.length ||
    !text.startsWith(PLAIN_UPLOAD_START) ||
    !text.endsWith(PLAIN_UPLOAD_END) ||
    text.indexOf('"', PLAIN_UPLOAD_START.length) !== valueEnd ||
    text.indexOf('\\', PLAIN_UPLOAD_START.length) !== -1
  ) {
    return null;
  }
  return text.slice(PLAIN_UPLOAD_START.length, valueEnd);
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

export function parseParam<S extends z.ZodType>(c: Context, name: string, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.param(name));
  if (!result.success) throw new HttpError(400, `${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}
