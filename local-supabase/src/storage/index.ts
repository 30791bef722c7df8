/**
 * The Storage subset of the local stand-in, mounted at /storage/v1: what supabase-js's storage client
 * calls for uploads, downloads, signed URLs, removal and listing. Metadata lives in storage.buckets
 * and storage.objects (queried as the caller, so RLS policies decide), bytes under
 * `<dataDir>/storage/<bucket>/<name>/<version>`. See docs/local-stack-storage-functions.md.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { StackContext, StackService } from '../stack/types.ts';
import { asCaller, authenticate, mapDatabaseError, ownerUuid, type Caller } from './auth.ts';
import { isMimeTypeAllowed, readJson, readUpload } from './body.ts';
import { StorageError, errors } from './errors.ts';
import { placeFile, removeFile, writeTempFile } from './files.ts';
import { isValidBucketId, objectFilePath, validateObjectName } from './keys.ts';

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  updated_at: Date | null;
}

const signSchema = z.object({ expiresIn: z.number().int().min(1) });
const signManySchema = z.object({
  expiresIn: z.number().int().min(1),
  paths: z.array(z.string().min(1)).min(1).max(1000),
});
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

const SIGNED_URL_NOT_FOUND = 'Either the object does not exist or you do not have access to it';

export async function createStorageService(ctx: StackContext): Promise<StackService> {
  const sql = ctx.sql('supabase_storage_admin');
  const root = path.join(ctx.dataDir, 'storage');
  // Same file system as the buckets, so the final rename is atomic.
  const tmpDir = path.join(ctx.dataDir, 'storage-tmp');
  const secret = new TextEncoder().encode(ctx.keys.jwtSecret);
  const app = new Hono();

  const caller = (c: Context) => authenticate(ctx.keys, c.req.header('authorization'));
  const requestInfo = (c: Context, operation: string) => ({
    method: c.req.method,
    path: c.req.path,
    operation,
  });

  /** Bucket lookups run as the storage admin, as in Storage: buckets are not filtered by RLS here. */
  async function findBucket(id: string, options: { mustBePublic?: boolean } = {}): Promise<BucketRow> {
    if (!isValidBucketId(id)) throw errors.noSuchBucket();
    const [bucket] = await sql<BucketRow[]>`
      select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = ${id}`;
    if (!bucket || (options.mustBePublic && !bucket.public)) throw errors.noSuchBucket();
    return bucket;
  }

  function fileOf(bucketId: string, row: ObjectRow): string {
    if (!row.version) throw errors.noSuchKey();
    return objectFilePath(root, bucketId, row.name, row.version);
  }

  async function sendObject(c: Context, bucketId: string, row: ObjectRow): Promise<Response> {
    const file = fileOf(bucketId, row);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw errors.noSuchKey();
    const meta = row.metadata ?? {};
    const eTag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
    const headers = new Headers({
      'content-type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
      'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
      'content-length': String(info.size),
      'last-modified': (row.updated_at ?? info.mtime).toUTCString(),
    });
    if (eTag) headers.set('etag', eTag);
    const download = c.req.query('download');
    if (download !== undefined) {
      const filename = download || path.posix.basename(row.name);
      headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
    }
    if (eTag && c.req.header('if-none-match') === eTag) {
      headers.delete('content-length');
      return new Response(null, { status: 304, headers });
    }
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  }

  async function findObjectAs(c: Context, who: Caller, bucketId: string, name: string, operation: string) {
    const rows = await asCaller(
      sql,
      who,
      requestInfo(c, operation),
      (tx) => tx<ObjectRow[]>`
        select id, name, version, metadata, updated_at from storage.objects
        where bucket_id = ${bucketId} and name = ${name}`,
    );
    const row = rows[0];
    if (!row) throw errors.noSuchKey();
    return row;
  }

  async function findObjectAsAdmin(bucketId: string, name: string): Promise<ObjectRow> {
    const [row] = await sql<ObjectRow[]>`
      select id, name, version, metadata, updated_at from storage.objects
      where bucket_id = ${bucketId} and name = ${name}`;
    if (!row) throw errors.noSuchKey();
    return row;
  }

  async function upload(c: Context, upsert: boolean): Promise<Response> {
    const who = await caller(c);
    const bucketId = c.req.param('bucket') ?? '';
    const name = validateObjectName(c.req.param('name') ?? '');
    const bucket = await findBucket(bucketId);
    const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
    const limit = Math.min(ctx.config.storage.fileSizeLimit, bucketLimit);
    const body = await readUpload(c.req.raw, limit);
    if (!isMimeTypeAllowed(body.mimetype, bucket.allowed_mime_types)) {
      throw errors.invalidMimeType(body.mimetype);
    }
    const temp = await writeTempFile(tmpDir, body.data, limit);
    const version = randomUUID();
    const finalFile = objectFilePath(root, bucket.id, name, version);
    const metadata = {
      eTag: `"${temp.md5}"`,
      size: temp.size,
      mimetype: body.mimetype,
      cacheControl: body.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: temp.size,
      httpStatusCode: 200,
    };
    let placed = false;
    let result: { id: string; previousVersion: string | null };
    try {
      result = await asCaller(
        sql,
        who,
        requestInfo(c, upsert ? 'storage.object.upload_upsert' : 'storage.object.upload'),
        async (tx) => {
          // Serialises writers of one name, so the previous version read below is the one replaced.
          await tx`select pg_advisory_xact_lock(hashtextextended(${`${bucket.id}/${name}`}, 0))`;
          const previous = upsert
            ? await tx<{ version: string | null }[]>`
              select version from storage.objects where bucket_id = ${bucket.id} and name = ${name}`
            : [];
          const values = {
            bucket_id: bucket.id,
            name,
            owner: ownerUuid(who),
            owner_id: who.claims.sub ?? null,
            metadata: tx.json(metadata),
            user_metadata: body.userMetadata === null ? null : tx.json(body.userMetadata as never),
            version,
          };
          const [row] = upsert
            ? await tx<{ id: string }[]>`
              insert into storage.objects ${tx(values)}
              on conflict (bucket_id, name) do update set
                owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()
              returning id`
            : await tx<{ id: string }[]>`insert into storage.objects ${tx(values)} returning id`;
          if (!row) throw errors.internal();
          // Moved into place before COMMIT: if the move fails the row is rolled back with it.
          await placeFile(temp.path, finalFile);
          placed = true;
          return { id: row.id, previousVersion: previous[0]?.version ?? null };
        },
      );
    } catch (error) {
      // Nothing is left behind: neither the temp file nor bytes without a row.
      await rm(placed ? finalFile : temp.path, { force: true });
      if (placed) await removeFile(finalFile, path.join(root, bucket.id));
      if (error instanceof StorageError) throw error;
      return mapDatabaseError(error);
    }
    if (result.previousVersion) {
      await removeFile(
        objectFilePath(root, bucket.id, name, result.previousVersion),
        path.join(root, bucket.id),
      );
    }
    return c.json({ Id: result.id, Key: `${bucket.id}/${name}` });
  }

  async function signToken(bucketId: string, name: string, expiresIn: number): Promise<string> {
    return new SignJWT({ url: `${bucketId}/${name}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(secret);
  }

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
    return sendObject(c, bucketId, await findObjectAsAdmin(bucketId, name));
  });

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
    return sendObject(c, bucket.id, await findObjectAsAdmin(bucket.id, name));
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
    return sendObject(c, bucket.id, await findObjectAs(c, who, bucket.id, name, 'storage.object.download'));
  };
  app.get('/object/authenticated/:bucket/:name{.+}', download);
  app.get('/object/:bucket/:name{.+}', download);

  app.post('/object/:bucket/:name{.+}', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/:name{.+}', (c) => upload(c, true));

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

  // A catch-all route rather than notFound(): a mounted sub-app's notFound is not consulted. Unknown
  // routes are real 404s in Storage (its router answers them, not its error envelope).
  app.all('*', (c) => c.json(errors.notFound().body(), 404));

  app.onError((error, c) => {
    if (error instanceof StorageError) return c.json(error.body(), error.httpStatus);
    console.error('[storage] request failed:', error);
    return c.json(errors.internal().body(), 500);
  });

  return {
    app,
    // The pool belongs to the stack context, which closes it; nothing else is held open here.
    stop: async () => {},
  };
}
