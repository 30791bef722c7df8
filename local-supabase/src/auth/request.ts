/** Request parsing shared by the routes: bounded JSON bodies validated with zod, client IP, redirect_to. */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';
import { AuthError, badRequest } from './errors.ts';

/** GoTrue wraps every request body in a 1 MiB reader. */
export const MAX_BODY_BYTES = 1 << 20;

const tooLarge = () =>
  new AuthError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY_BYTES} bytes)`);

/**
 * What is left of a refused body is read and dropped (up to this much), so the client finishes
 * sending and reads the 413; answering mid-upload and closing made its write fail with EPIPE.
 */
const DRAINED_BYTES_MAX = 16 * MAX_BODY_BYTES;

async function drainThenRefuse(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  read: number,
): Promise<never> {
  let size = read;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAINED_BYTES_MAX) {
      await reader.cancel();
      break;
    }
  }
  throw tooLarge();
}

async function readBodyText(c: Context): Promise<string> {
  const body = c.req.raw.body;
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) {
    if (!body) throw tooLarge();
    return drainThenRefuse(body.getReader(), 0);
  }
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) return drainThenRefuse(reader, size);
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const jsonTypeName = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
};

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Reads and validates a JSON body. Like GoTrue (Go's encoding/json), malformed JSON and values of the
 * wrong type are both `400 bad_json`; missing fields are left to the route, which answers with
 * GoTrue's own validation message.
 */
export async function readJson<T extends z.ZodType>(
  c: Context,
  schema: T,
  options: { allowEmpty?: boolean } = {},
): Promise<z.infer<T>> {
  const text = await readBodyText(c);
  if (text.trim() === '' && options.allowEmpty) return schema.parse({});
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = text.trim() === '' ? 'unexpected end of JSON input' : (error as Error).message;
    throw badRequest('bad_json', `Could not parse request body as JSON: ${reason}`);
  }
  // Postgres text cannot hold U+0000 (GoTrue's database refuses it too), and absurd nesting would
  // overflow the stack while validating: both are the client's error, not a 500.
  let result: ReturnType<typeof schema.safeParse>;
  try {
    if (JSON.stringify(parsed).includes('\\u0000')) {
      throw badRequest('bad_json', 'Could not parse request body as JSON: strings must not contain NUL');
    }
    result = schema.safeParse(parsed);
  } catch (error) {
    if (error instanceof RangeError)
      throw badRequest('bad_json', 'Could not parse request body as JSON: nested too deeply');
    throw error;
  }
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path ?? [];
    const field = path.length > 0 ? path.join('.') : 'body';
    const expected = issue && 'expected' in issue ? String(issue.expected) : 'a valid value';
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: cannot unmarshal ${jsonTypeName(valueAt(parsed, path))} into field ${field} of type ${expected}`,
    );
  }
  return result.data;
}

/** Optional string as GoTrue reads it: JSON null and absence both mean "". */
export const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** A metadata object (`data`, `user_metadata`, `app_metadata`); null means "not given". */
export const metadataObject = z.record(z.string(), z.unknown()).nullish();

const PRIVATE_ADDRESS =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|f[cd]|fe80:|::ffff:(127|10|192\.168)\.)/i;

/**
 * The caller's IP for per-IP rate limits. Proxies on private addresses (the gateway, a local edge
 * function forwarding its caller) are trusted: walking X-Forwarded-For from the right, the first
 * public address is the client; if every hop is private, the leftmost one is.
 */
export function clientIp(c: Context): string {
  let peer = '127.0.0.1';
  try {
    peer = getConnInfo(c).remote.address ?? peer;
  } catch {
    // Requests dispatched in-process (the gateway, app.request in tests) carry no socket.
  }
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  if (!PRIVATE_ADDRESS.test(peer) || hops.length === 0) return peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!PRIVATE_ADDRESS.test(hop)) return hop;
  }
  return hops[0] as string;
}

/** `redirect_to` as GoTrue reads it: a header of that name, else the query string. */
export const requestedRedirect = (c: Context): string =>
  c.req.header('redirect_to') ?? c.req.query('redirect_to') ?? '';
