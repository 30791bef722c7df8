/** Signed URLs: signing one or many objects as the caller, and serving an object by its token. */
import type { Hono } from 'hono';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { asCaller } from '../auth.ts';
import { readJson } from '../body.ts';
import type { StorageDeps } from '../context.ts';
import { sendObject } from '../download.ts';
import { errors } from '../errors.ts';
import { validateObjectName } from '../keys.ts';

const signSchema = z.object({ expiresIn: z.number().int().min(1) });
const signManySchema = z.object({
  expiresIn: z.number().int().min(1),
  paths: z.array(z.string().min(1)).min(1).max(1000),
});

const SIGNED_URL_NOT_FOUND = 'Either the object does not exist or you do not have access to it';

export function registerSignedUrlRoutes(app: Hono, deps: StorageDeps): void {
  const { sql, secret, caller, requestInfo, findBucket, findObjectAs, findObjectAsAdmin } = deps;

  async function signToken(bucketId: string, name: string, expiresIn: number): Promise<string> {
    return new SignJWT({ url: `${bucketId}/${name}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(secret);
  }

  app.post('/object/sign/:bucket/:name{.+}', async (c) => {
    const who = await caller(c);
    const { expiresIn } = await readJson(c.req.raw, signSchema);
    const bucket = await findBucket(c.req.param('bucket'));
    const name = validateObjectName(c.req.param('name'));
    await findObjectAs(c, who, bucket.id, name, 'storage.object.sign');
    const token = await signToken(bucket.id, name, expiresIn);
    return c.json({ signedURL: `/object/sign/${bucket.id}/${name}?token=${token}` });
  });

  app.post('/object/sign/:bucket', async (c) => {
    const who = await caller(c);
    const { expiresIn, paths } = await readJson(c.req.raw, signManySchema);
    const bucket = await findBucket(c.req.param('bucket'));
    const visible = await asCaller(
      sql,
      who,
      requestInfo(c, 'storage.object.sign_many'),
      (tx) => tx<{ name: string }[]>`
        select name from storage.objects where bucket_id = ${bucket.id} and name = any(${paths})`,
    );
    const names = new Set(visible.map((row) => row.name));
    const results = await Promise.all(
      paths.map(async (p) =>
        names.has(p)
          ? {
              error: null,
              path: p,
              signedURL: `/object/sign/${bucket.id}/${p}?token=${await signToken(bucket.id, p, expiresIn)}`,
            }
          : { error: SIGNED_URL_NOT_FOUND, path: p, signedURL: null },
      ),
    );
    return c.json(results);
  });

  app.get('/object/sign/:bucket/:name{.+}', async (c) => {
    const token = c.req.query('token');
    if (!token) throw errors.invalidRequest('querystring must have required property token');
    let url: unknown;
    try {
      ({
        payload: { url },
      } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
    } catch (error) {
      throw errors.invalidJwt(error instanceof Error ? error.message : undefined);
    }
    const bucketId = c.req.param('bucket');
    const name = validateObjectName(c.req.param('name'));
    if (url !== `${bucketId}/${name}`) throw errors.invalidSignature();
    await findBucket(bucketId);
    return sendObject(deps, c, bucketId, await findObjectAsAdmin(bucketId, name));
  });
}
