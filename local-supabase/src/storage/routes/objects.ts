/** Objects: list, public and authenticated download, info, upload and removal. */
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { asCaller, mapDatabaseError } from '../auth.ts';
import { readJson } from '../body.ts';
import type { ObjectRow, StorageDeps } from '../context.ts';
import { sendObject } from '../download.ts';
import { errors } from '../errors.ts';
import { removeFile } from '../files.ts';
import { objectFilePath, validateObjectName } from '../keys.ts';
import { upload } from '../upload.ts';

const removeSchema = z.object({ prefixes: z.array(z.string().min(1)).min(1).max(1000) });
const listSchema = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().default(''),
});

export function registerObjectRoutes(app: Hono, deps: StorageDeps): void {
  const { sql, root, caller, requestInfo, findBucket, findObjectAs, findObjectAsAdmin } = deps;

  app.post('/object/list/:bucket', async (c) => {
    const who = await caller(c);
    const options = await readJson(c.req.raw, listSchema);
    const bucket = await findBucket(c.req.param('bucket'));
    const prefix =
      options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
    const search = options.search.toLowerCase();
    const order = options.sortBy.order === 'desc' ? sql`desc` : sql`asc`;
    const sortKey = options.sortBy.column === 'name' ? sql`name collate "C"` : sql(options.sortBy.column);
    const rows = await asCaller(
      sql,
      who,
      requestInfo(c, 'storage.object.list'),
      (tx) => tx`
        with level as (
          select o.*, rest, strpos(rest, '/') > 0 as is_folder, split_part(rest, '/', 1) as entry
          from storage.objects o, lateral (select substr(o.name, length(${prefix}) + 1) as rest) r
          where o.bucket_id = ${bucket.id} and left(o.name, length(${prefix})) = ${prefix}
        ), entries as (
          select entry as name, null::uuid as id, null::timestamptz as updated_at,
                 null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
          from level where is_folder group by entry
          union all
          select entry, id, updated_at, created_at, last_accessed_at, metadata from level where not is_folder
        )
        select * from entries
        where left(lower(name), length(${search})) = ${search}
        order by ${sortKey} ${order}, name collate "C"
        limit ${options.limit} offset ${options.offset}`,
    );
    return c.json(rows);
  });

  app.get('/object/public/:bucket/:name{.+}', async (c) => {
    const bucket = await findBucket(c.req.param('bucket'), { mustBePublic: true });
    const name = validateObjectName(c.req.param('name'));
    return sendObject(deps, c, bucket.id, await findObjectAsAdmin(bucket.id, name));
  });

  // supabase-js's info() and exists(): the object's details, looked up as the caller.
  app.get('/object/info/:bucket/:name{.+}', async (c) => {
    const who = await caller(c);
    const bucket = await findBucket(c.req.param('bucket'));
    const name = validateObjectName(c.req.param('name'));
    const rows = await asCaller(
      sql,
      who,
      requestInfo(c, 'storage.object.info'),
      (tx) => tx<(ObjectRow & { created_at: Date; user_metadata: unknown })[]>`
        select id, name, version, metadata, user_metadata, created_at, updated_at from storage.objects
        where bucket_id = ${bucket.id} and name = ${name}`,
    );
    const row = rows[0];
    if (!row) throw errors.noSuchKey();
    const meta = row.metadata ?? {};
    return c.json({
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: bucket.id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: row.updated_at,
      created_at: row.created_at,
    });
  });

  const download = async (c: Context) => {
    const who = await caller(c);
    const bucket = await findBucket(c.req.param('bucket') ?? '');
    const name = validateObjectName(c.req.param('name') ?? '');
    return sendObject(
      deps,
      c,
      bucket.id,
      await findObjectAs(c, who, bucket.id, name, 'storage.object.download'),
    );
  };
  app.get('/object/authenticated/:bucket/:name{.+}', download);
  app.get('/object/:bucket/:name{.+}', download);

  app.post('/object/:bucket/:name{.+}', (c) => upload(deps, c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/:name{.+}', (c) => upload(deps, c, true));

  app.delete('/object/:bucket', async (c) => {
    const who = await caller(c);
    const { prefixes } = await readJson(c.req.raw, removeSchema);
    const bucket = await findBucket(c.req.param('bucket'));
    let deleted: (ObjectRow & Record<string, unknown>)[];
    try {
      // Rows the caller may not see are not deleted and not reported, as in Storage.
      deleted = await asCaller(
        sql,
        who,
        requestInfo(c, 'storage.object.delete_many'),
        (tx) => tx<(ObjectRow & Record<string, unknown>)[]>`
          delete from storage.objects where bucket_id = ${bucket.id} and name = any(${prefixes})
          returning *`,
      );
    } catch (error) {
      return mapDatabaseError(error);
    }
    for (const row of deleted) {
      if (!row.version) continue;
      await removeFile(
        objectFilePath(root, bucket.id, row.name, row.version),
        path.join(root, bucket.id),
      ).catch((error: unknown) =>
        console.error(`[storage] could not remove bytes of ${bucket.id}/${row.name}:`, error),
      );
    }
    return c.json(deleted);
  });
}
