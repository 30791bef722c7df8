/** What every storage route needs: the admin pool, where bytes live, the caller, and lookups. */
import path from 'node:path';
import type { Context } from 'hono';
import type { StackContext } from '../stack/types.ts';
import { asCaller, authenticate, type Caller } from './auth.ts';
import { errors } from './errors.ts';
import { isValidBucketId, objectFilePath } from './keys.ts';

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
  id: string;
  name: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  updated_at: Date | null;
}

export type StorageDeps = ReturnType<typeof createStorageDeps>;

export function createStorageDeps(ctx: StackContext) {
  const sql = ctx.sql('supabase_storage_admin');
  const root = path.join(ctx.dataDir, 'storage');
  // Same file system as the buckets, so the final rename is atomic.
  const tmpDir = path.join(ctx.dataDir, 'storage-tmp');
  const secret = new TextEncoder().encode(ctx.keys.jwtSecret);
  const fileSizeLimit = ctx.config.storage.fileSizeLimit;

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

  return {
    sql,
    root,
    tmpDir,
    secret,
    fileSizeLimit,
    caller,
    requestInfo,
    findBucket,
    fileOf,
    findObjectAs,
    findObjectAsAdmin,
  };
}

export type { Caller };
