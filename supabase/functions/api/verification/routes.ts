/** Routes of /api/verification (spec section 7): public, rate-limited per client in Postgres. */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { type VerifyHashRequest, verifyHashRequestSchema } from '../../_shared/api-contract.ts';
import { SERVER_TIMING, StageTimer } from '../../_shared/http/server-timing.ts';
import {
  parseJsonBody,
  parseJsonText,
  plainFileData,
  readJsonBodyText,
} from '../../_shared/http/validation.ts';
import { clientAddress } from '../../_shared/rate-limit.ts';
import { type AppEnv, optionalUser } from '../context.ts';
import { enforceRateLimit, fileBodyLimit, rateLimitSubject, smallBodyLimit } from '../limits.ts';
import { type HashedUpload, hashUpload, verifyByHash, verifyExactFile } from './exact.ts';
import { verificationStats, verifyCertificate } from './service.ts';

export const verificationRoutes = new Hono<AppEnv>();

/**
 * The data URL is validated by decodeDataUrl (header, alphabet, padding, size) as it is decoded;
 * running the contract's whole-string regex over a megabyte of base64 first would cost more than the
 * decoding and hashing together.
 */
const verifyBodySchema = z.object({
  fileData: z.string({ error: 'fileData is required' }).min(1, 'fileData is required'),
});

/**
 * The request's data URL and its file, decoded and hashed. The body clients send, `{"fileData":"…"}`,
 * has its data URL sliced out of the text instead of parsed: one copy of the megabytes of base64 less
 * per request, about 0.7 ms of the api's CPU with the collections it spares (docs/benchmarks.md). The
 * slice is what JSON.parse would give as long as it holds no control character; decoding it with
 * whitespace refused proves that (the header and base64 alphabet hold none), and any refusal sends the
 * body through JSON.parse, so every answer and error is the one the parse path gives.
 */
async function readUpload(c: Context<AppEnv>): Promise<{ fileData: string; upload: HashedUpload }> {
  const text = await readJsonBodyText(c);
  const plain = plainFileData(text);
  if (plain !== null) {
    try {
      return { fileData: plain, upload: await hashUpload(plain, { refuseWhitespace: true }) };
    } catch {
      // The parse path below gives this body its answer, or the error it deserves.
    }
  }
  const { fileData } = parseJsonText(text, verifyBodySchema);
  return { fileData, upload: await hashUpload(fileData) };
}

/**
 * Exact path in one round trip: the body is read and hashed while the caller's identity is checked,
 * then one SQL call takes the rate limit, looks the hash up and logs a hit. A request that fails before
 * that call (bad JSON, not a data URL, wrong type) is counted on its own, so every request counts once
 * and a client over its limit hears 429 whatever it sent.
 */
verificationRoutes.post('/verify', bodyLimit(fileBodyLimit), async (c) => {
  const deps = c.get('deps');
  const address = clientAddress(c.req.raw.headers, c.env?.remoteAddr?.hostname);
  const who = rateLimitSubject(c);
  who.catch(() => {}); // awaited below on every path
  const timer = new StageTimer();
  let fileData: string;
  let upload: HashedUpload;
  try {
    ({ fileData, upload } = await timer.time('read', () => readUpload(c)));
  } catch (error) {
    await enforceRateLimit(c, 'verify', await who);
    throw error;
  }
  const exact = await timer.time('exact', async () => verifyExactFile(deps, upload, await who, address));
  if (exact) {
    c.header(SERVER_TIMING, timer.header());
    return c.json(exact);
  }
  const result = await timer.time('content', () =>
    verifyCertificate(deps, c.get('caller'), fileData, upload, { clientAddress: address, timer }),
  );
  c.header(SERVER_TIMING, timer.header());
  return c.json(result);
});

verificationRoutes.post('/verify-hash', bodyLimit(smallBodyLimit), async (c) => {
  const address = clientAddress(c.req.raw.headers, c.env?.remoteAddr?.hostname);
  const who = rateLimitSubject(c);
  who.catch(() => {}); // awaited below on every path
  let request: VerifyHashRequest;
  try {
    request = await parseJsonBody(c, verifyHashRequestSchema);
  } catch (error) {
    await enforceRateLimit(c, 'verify_hash', await who);
    throw error;
  }
  return c.json(await verifyByHash(c.get('deps'), request, await who, address));
});

verificationRoutes.get('/stats', async (c) => {
  await optionalUser(c);
  return c.json({ stats: await verificationStats(c.get('deps'), c.get('caller')) });
});
