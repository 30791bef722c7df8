/**
 * The Storage subset of the local stand-in, mounted at /storage/v1: what supabase-js's storage client
 * calls for uploads, downloads, signed URLs, removal and listing. Metadata lives in storage.buckets
 * and storage.objects (queried as the caller, so RLS policies decide), bytes under
 * `<dataDir>/storage/<bucket>/<name>/<version>`. See docs/local-stack-storage-functions.md.
 */
import { Hono } from 'hono';
import type { StackContext, StackService } from '../stack/types.ts';
import { createStorageDeps } from './context.ts';
import { StorageError, errors } from './errors.ts';
import { registerBucketRoutes } from './routes/buckets.ts';
import { registerObjectRoutes } from './routes/objects.ts';
import { registerSignedUrlRoutes } from './routes/signed-urls.ts';

export async function createStorageService(ctx: StackContext): Promise<StackService> {
  const deps = createStorageDeps(ctx);
  const app = new Hono();

  registerBucketRoutes(app, deps);
  registerSignedUrlRoutes(app, deps);
  registerObjectRoutes(app, deps);

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
