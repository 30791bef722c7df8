/** Routes of /api/certificates (spec section 7), plus the admin review extension. */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  certificatePageRequestSchema,
  certificateStatsQuerySchema,
  extractCertificateRequestSchema,
  lifecycleReasonRequestSchema,
  listCertificatesQuerySchema,
  listRevokedCertificatesQuerySchema,
  optionalReasonRequestSchema,
  publicIdParamSchema,
  resendInvitationRequestSchema,
  updateCertificateRequestSchema,
  uploadCertificateRequestSchema,
  userCertificatesQuerySchema,
  uuidParamSchema,
  verifiableCopyQuerySchema,
} from '../../_shared/api-contract.ts';
import { parseJsonBody, parseParam, parseQuery, parseWith } from '../../_shared/http/validation.ts';
import { HttpError } from '../../_shared/errors.ts';
import { type AppEnv, requireAdmin, requireUser } from '../context.ts';
import { enforceRateLimit, fileBodyLimit, rateLimit, smallBodyLimit } from '../limits.ts';
import {
  certificateStats,
  listCertificates,
  listRevokedCertificates,
  listUserCertificates,
  getCertificate,
  getPublicCertificate,
  listUserNamedCertificates,
  resumeCertificate,
  reviewCertificate,
  revokeCertificate,
  setCertificatePage,
  suspendCertificate,
  unrevokeCertificate,
  updateCertificateFields,
} from './service.ts';
import { verifiableCopy } from './copy.ts';
import { extractCertificateFields } from './extract.ts';
import { resendInvitation } from './invitation.ts';
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

/** A body is optional for unrevoke and resume (the spec's unrevoke has none). */
async function optionalReason(c: Context): Promise<string | undefined> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  return parseWith(optionalReasonRequestSchema, body).reason || undefined;
}

certificateRoutes.post('/revoke/:id', async (c) => {
  const user = await requireAdmin(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  const { reason } = await parseJsonBody(c, lifecycleReasonRequestSchema);
  return c.json(await revokeCertificate(c.get('deps'), user, id, reason));
});

certificateRoutes.post('/unrevoke/:id', async (c) => {
  const user = await requireAdmin(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  return c.json(await unrevokeCertificate(c.get('deps'), user, id, await optionalReason(c)));
});

certificateRoutes.post('/suspend/:id', async (c) => {
  const user = await requireAdmin(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  const { reason } = await parseJsonBody(c, lifecycleReasonRequestSchema);
  return c.json(await suspendCertificate(c.get('deps'), user, id, reason));
});

certificateRoutes.post('/resume/:id', async (c) => {
  const user = await requireAdmin(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  return c.json(await resumeCertificate(c.get('deps'), user, id, await optionalReason(c)));
});

certificateRoutes.post('/extract', bodyLimit(fileBodyLimit), async (c) => {
  const user = await requireAdmin(c);
  const { fileData } = await parseJsonBody(c, extractCertificateRequestSchema);
  return c.json(await extractCertificateFields(c.get('deps'), user, fileData));
});

certificateRoutes.get('/public/:publicId', async (c) => {
  // A malformed id is "not found" like a private or unknown one, so the answer says nothing more.
  const parsed = publicIdParamSchema.safeParse(c.req.param('publicId'));
  if (!parsed.success) throw new HttpError(404, 'Certificate not found');
  const publicId = parsed.data;
  return c.json(await getPublicCertificate(c.get('deps'), publicId));
});

certificateRoutes.get('/:id/verifiable-copy', rateLimit('copy'), async (c) => {
  const user = await requireUser(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  const { format } = parseQuery(c, verifiableCopyQuerySchema);
  const copy = await verifiableCopy(c.get('deps'), user, id, format);
  return c.body(copy.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': copy.mimeType,
    'content-disposition': `attachment; filename="${copy.fileName}"`,
    'cache-control': 'private, no-store',
    'access-control-expose-headers': 'content-disposition',
  });
});

certificateRoutes.patch('/:id/page', async (c) => {
  const user = await requireUser(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  const body = await parseJsonBody(c, certificatePageRequestSchema);
  return c.json(await setCertificatePage(c.get('deps'), user, id, body.public));
});

certificateRoutes.post('/:id/invite', bodyLimit(smallBodyLimit), async (c) => {
  const user = await requireAdmin(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  const { invitationRedirectTo } = await parseJsonBody(c, resendInvitationRequestSchema);
  await enforceRateLimit(c, 'invite', { kind: 'admin', userId: user.userId });
  return c.json(await resendInvitation(c.get('deps'), user, id, invitationRedirectTo));
});

certificateRoutes.patch('/:id', async (c) => {
  const user = await requireAdmin(c);
  const id = parseParam(c, 'id', uuidParamSchema);
  const body = await parseJsonBody(c, updateCertificateRequestSchema);
  return c.json(await updateCertificateFields(c.get('deps'), user, id, body));
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

certificateRoutes.get('/:id', async (c) => {
  const user = await requireUser(c);
  return c.json(await getCertificate(c.get('deps'), user, parseParam(c, 'id', uuidParamSchema)));
});
