/** Routes of /api/verification (spec section 7): public, rate-limited per client in Postgres. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { verifyHashRequestSchema } from '../../_shared/api-contract.ts';
import { parseJsonBody } from '../../_shared/http/validation.ts';
import { clientAddress } from '../../_shared/rate-limit.ts';
import { type AppEnv, optionalUser } from '../context.ts';
import { fileBodyLimit, rateLimit, smallBodyLimit } from '../limits.ts';
import { hashUpload, verifyByHash, verifyExactFile } from './exact.ts';
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

verificationRoutes.post('/verify', rateLimit('verify'), bodyLimit(fileBodyLimit), async (c) => {
  const { fileData } = await parseJsonBody(c, verifyBodySchema);
  const address = clientAddress(c.req.raw.headers, c.env?.remoteAddr?.hostname);
  const deps = c.get('deps');
  const exact = await verifyExactFile(deps, await hashUpload(fileData), address);
  if (exact) return c.json(exact);
  return c.json(await verifyCertificate(deps, c.get('caller'), fileData, { clientAddress: address }));
});

verificationRoutes.post('/verify-hash', rateLimit('verify_hash'), bodyLimit(smallBodyLimit), async (c) => {
  const request = await parseJsonBody(c, verifyHashRequestSchema);
  const address = clientAddress(c.req.raw.headers, c.env?.remoteAddr?.hostname);
  return c.json(await verifyByHash(c.get('deps'), request, address));
});

verificationRoutes.get('/stats', async (c) => {
  await optionalUser(c);
  return c.json({ stats: await verificationStats(c.get('deps'), c.get('caller')) });
});
