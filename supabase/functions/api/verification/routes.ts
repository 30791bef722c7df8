/** Routes of /api/verification (spec section 7): public, rate-limited per client. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { verifyCertificateRequestSchema } from '../../_shared/api-contract.ts';
import { HttpError } from '../../_shared/errors.ts';
import { parseJsonBody } from '../../_shared/http/validation.ts';
import { clientAddress } from '../../_shared/rate-limit.ts';
import { type AppEnv, optionalUser } from '../context.ts';
import { fileBodyLimit } from '../limits.ts';
import { verificationStats, verifyCertificate } from './service.ts';

export const verificationRoutes = new Hono<AppEnv>();

verificationRoutes.post(
  '/verify',
  async (c, next) => {
    const user = await optionalUser(c);
    // Admins are exempt: they are trusted operators who may check certificates in bulk.
    if (user?.role === 'admin') return next();
    const key = user
      ? `user:${user.userId}`
      : `ip:${clientAddress(c.req.raw.headers, c.env?.remoteAddr?.hostname)}`;
    const decision = c.get('deps').verifyLimiter.hit(key);
    if (!decision.allowed) {
      throw new HttpError(
        429,
        'Too many verification requests; please try again later',
        {},
        {
          'Retry-After': String(decision.retryAfter),
        },
      );
    }
    await next();
  },
  bodyLimit(fileBodyLimit),
  async (c) => {
    const { fileData } = await parseJsonBody(c, verifyCertificateRequestSchema);
    const address = clientAddress(c.req.raw.headers, c.env?.remoteAddr?.hostname);
    return c.json(
      await verifyCertificate(c.get('deps'), c.get('caller'), fileData, { clientAddress: address }),
    );
  },
);

verificationRoutes.get('/stats', async (c) => {
  await optionalUser(c);
  return c.json({ stats: await verificationStats(c.get('deps'), c.get('caller')) });
});
