/** Uploads: the body to a temp file, the row as the caller, the bytes moved into place before COMMIT. */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { asCaller, mapDatabaseError, ownerUuid } from './auth.ts';
import { isMimeTypeAllowed, readUpload } from './body.ts';
import type { StorageDeps } from './context.ts';
import { StorageError, errors } from './errors.ts';
import { placeFile, removeFile, writeTempFile } from './files.ts';
import { objectFilePath, validateObjectName } from './keys.ts';

export async function upload(deps: StorageDeps, c: Context, upsert: boolean): Promise<Response> {
  const { sql, root, tmpDir, caller, requestInfo, findBucket } = deps;
  const who = await caller(c);
  const bucketId = c.req.param('bucket') ?? '';
  const name = validateObjectName(c.req.param('name') ?? '');
  const bucket = await findBucket(bucketId);
  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
  const limit = Math.min(deps.fileSizeLimit, bucketLimit);
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
