/** GET /bucket and /bucket/:id, as the caller (RLS on storage.buckets applies). */
import type { Hono } from 'hono';
import { asCaller } from '../auth.ts';
import type { StorageDeps } from '../context.ts';
import { errors } from '../errors.ts';

export function registerBucketRoutes(app: Hono, deps: StorageDeps): void {
  const { sql, caller, requestInfo } = deps;

  app.get('/bucket', async (c) => {
    const who = await caller(c);
    const rows = await asCaller(
      sql,
      who,
      requestInfo(c, 'storage.bucket.list'),
      (tx) => tx`
        select id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at
        from storage.buckets order by name`,
    );
    return c.json(rows);
  });

  app.get('/bucket/:id', async (c) => {
    const who = await caller(c);
    const rows = await asCaller(
      sql,
      who,
      requestInfo(c, 'storage.bucket.get'),
      (tx) => tx`
        select id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at
        from storage.buckets where id = ${c.req.param('id')}`,
    );
    if (!rows[0]) throw errors.noSuchBucket();
    return c.json(rows[0]);
  });
}
