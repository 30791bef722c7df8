/** Routes of /api/certificates (spec section 7), plus the admin review extension. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  certificateStatsQuerySchema,
  listCertificatesQuerySchema,
  listRevokedCertificatesQuerySchema,
  uploadCertificateRequestSchema,
  userCertificatesQuerySchema,
  uuidParamSchema,
} from '../../_shared/api-contract.ts';
import { parseJsonBody, parseParam, parseQuery } from '../../_shared/http/validation.ts';
import { type AppEnv, requireAdmin, requireUser } from '../context.ts';
import { fileBodyLimit, rateLimit } from '../limits.ts';
import {
  certificateStats,
  listCertificates,
  listRevokedCertificates,
  listUserCertificates,
  listUserNamedCertificates,
  reviewCertificate,
  revokeCertificate,
  unrevokeCertificate,
} from './service.ts';
import { uploadCertificate } from './upload.ts';

export const certificateRoutes = new Hono<AppEnv>();

certificateRoutes.post('/upload-base64', rateLimit('upload'), bodyLimit(fileBodyLimit), async (c) => {
  const user = await requireUser(c);
  const { mode: _mode, ...input } = await parseJsonBody(c, uploadCertificateRequestSchema);
  return c.json(await uploadCertificate(c.get('deps'), user, input, c.req.raw.headers), 201);
});

certificateRoutes.get('/user/:userId/with-name', async (c) => {
  const user = await requireUser(c);
  const userId = parseParam(c, 'userId', uuidParamSchema);
  return c.json(await listUserNamedCertificates(c.get('deps'), user, userId));
});

certificateRoutes.get('/user/:userId', async (c) => {
  const user = await requireUser(c);
  const userId = parseParam(c, 'userId', uuidParamSchema);
  const query = parseQuery(c, userCertificatesQuerySchema);
  return c.json(await listUserCertificates(c.get('deps'), user, userId, query));
});

certificateRoutes.get('/all', async (c) => {
  const user = await requireAdmin(c);
  return c.json(await listCertificates(c.get('deps'), user, parseQuery(c, listCertificatesQuerySchema)));
});

certificateRoutes.get('/revoked', async (c) => {
  const user = await requireAdmin(c);
  return c.json(
    await listRevokedCertificates(c.get('deps'), user, parseQuery(c, listRevokedCertificatesQuerySchema)),
  );
});

certificateRoutes.get('/stats', async (c) => {
  const user = await requireAdmin(c);
  const { scope } = parseQuery(c, certificateStatsQuerySchema);
  return c.json({ stats: await certificateStats(c.get('deps'), user, scope) });
});

certificateRoutes.post('/revoke/:id', async (c) => {
  const user = await requireAdmin(c);
  return c.json(await revokeCertificate(c.get('deps'), user, parseParam(c, 'id', uuidParamSchema)));
});

certificateRoutes.post('/unrevoke/:id', async (c) => {
  const user = await requireAdmin(c);
  return c.json(await unrevokeCertificate(c.get('deps'), user, parseParam(c, 'id', uuidParamSchema)));
});

certificateRoutes.post('/approve/:id', async (c) => {
  const user = await requireAdmin(c);
  return c.json(
    await reviewCertificate(c.get('deps'), user, parseParam(c, 'id', uuidParamSchema), 'verified'),
  );
});

certificateRoutes.post('/reject/:id', async (c) => {
  const user = await requireAdmin(c);
  return c.json(await reviewCertificate(c.get('deps'), user, parseParam(c, 'id', uuidParamSchema), 'failed'));
});
