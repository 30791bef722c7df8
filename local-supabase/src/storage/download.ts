/** Sends an object's bytes with Storage's headers (ETag, caching, download name, 304). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { ObjectRow, StorageDeps } from './context.ts';
import { errors } from './errors.ts';

export async function sendObject(
  deps: StorageDeps,
  c: Context,
  bucketId: string,
  row: ObjectRow,
): Promise<Response> {
  const file = deps.fileOf(bucketId, row);
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
