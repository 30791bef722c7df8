import path from 'node:path';
import { errors } from './errors.ts';

/** S3's key limit; Storage rejects longer names too. */
const MAX_KEY_BYTES = 1024;
/** Each segment becomes a directory name on disk, and common file systems stop at 255 bytes. */
const MAX_SEGMENT_BYTES = 255;
// Control characters (C0, DEL, C1) and backslashes never reach the disk: they are how names escape
// or confuse a folder on some platforms, and Storage's own key check refuses them as well.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\\]/;
// Storage's bucket-name alphabet, without '/'.
const BUCKET_ID = /^[\w!\-.*'() &$@=;:+,?]+$/;

/**
 * Checks an object name before it touches the disk: it must be a relative path of non-empty
 * segments, none of them '.' or '..', so `<bucket>/<name>` always stays inside the bucket folder.
 * Empty segments are refused as well, because `a//b` and `a/b` would share one folder.
 */
export function validateObjectName(name: string): string {
  const fail = () => errors.invalidKey(name);
  if (name.length === 0 || Buffer.byteLength(name) > MAX_KEY_BYTES || FORBIDDEN_CHARS.test(name))
    throw fail();
  for (const segment of name.split('/')) {
    if (
      segment === '' ||
      segment === '.' ||
      segment === '..' ||
      Buffer.byteLength(segment) > MAX_SEGMENT_BYTES
    ) {
      throw fail();
    }
  }
  return name;
}

export function isValidBucketId(id: string): boolean {
  return BUCKET_ID.test(id) && id !== '.' && id !== '..' && Buffer.byteLength(id) <= MAX_SEGMENT_BYTES;
}

/**
 * Where a version of an object lives: `<root>/<bucket>/<name>/<version>`. Keeping each version in a
 * folder named after the object (as Storage's file backend does) lets `a` and `a/b` coexist and
 * lets an upsert write the new bytes before the old ones are removed.
 */
export function objectFilePath(root: string, bucketId: string, name: string, version: string): string {
  const bucketDir = path.resolve(root, bucketId);
  const file = path.resolve(bucketDir, ...name.split('/'), version);
  if (!isValidBucketId(bucketId) || !file.startsWith(bucketDir + path.sep)) throw errors.invalidKey(name);
  return file;
}
