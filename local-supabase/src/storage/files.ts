import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { errors } from './errors.ts';

export interface TempFile {
  path: string;
  size: number;
  /** Hex MD5 of the bytes: Storage's (S3's) ETag. */
  md5: string;
}

class TooLarge extends Error {}

/**
 * Streams a body into a fresh temp file, stopping as soon as it passes `limit` bytes, so an
 * oversize upload never sits on disk whole. The temp file is removed on any failure.
 */
export async function writeTempFile(
  tmpDir: string,
  body: ReadableStream<Uint8Array> | Uint8Array | null,
  limit: number,
): Promise<TempFile> {
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, randomUUID());
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) {
        done(new TooLarge());
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const source =
    body === null
      ? Readable.from([])
      : body instanceof Uint8Array
        ? Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)])
        : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  try {
    await pipeline(source, meter, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof TooLarge) throw errors.entityTooLarge();
    throw error;
  }
  return { path: file, size, md5: hash.digest('hex') };
}

/** Moves a finished temp file to its final place, creating the object's folders. */
export async function placeFile(tempFile: string, finalFile: string): Promise<void> {
  // A concurrent remove may prune the folder between mkdir and rename: try once more.
  for (let attempt = 0; ; attempt++) {
    await mkdir(path.dirname(finalFile), { recursive: true });
    try {
      await rename(tempFile, finalFile);
      return;
    } catch (error) {
      if (attempt > 0 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Deletes a stored file and the folders it leaves empty, never going above `stopAt`. */
export async function removeFile(file: string, stopAt: string): Promise<void> {
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  const top = path.resolve(stopAt);
  for (let dir = path.dirname(file); dir.startsWith(top + path.sep); dir = path.dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
  }
}
