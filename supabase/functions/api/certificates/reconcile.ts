/**
 * Upload reconciliation. An upload writes the object first and the row second, so a crash between
 * the two (or a failed compensation) can leave an object no certificate points to; the reverse (a
 * row without its object) cannot come from an upload and is only reported, never "fixed" by deleting
 * a certificate. Objects younger than the grace period may belong to an upload still in flight and
 * are left alone. Runs when the function starts and by hand (`npm run reconcile`).
 */
import type { Sql } from '../../_shared/db.ts';
import type { StorageClient } from '../../_shared/storage.ts';
import { CERTIFICATE_BUCKET } from './model.ts';

/** Longer than any upload can take (the edge runtime's wall-clock limit is 150-400 s). */
export const DEFAULT_GRACE_SECONDS = 15 * 60;

export interface ReconcileReport {
  /** Objects without a certificate row, older than the grace period, that were removed. */
  removedObjects: string[];
  /** Certificates whose stored file is missing (reported for a person to look at). */
  rowsWithoutObject: string[];
}

export async function reconcileUploads(
  sql: Sql,
  storage: StorageClient,
  serviceRoleKey: string,
  graceSeconds = DEFAULT_GRACE_SECONDS,
): Promise<ReconcileReport> {
  // As the connection's own role (postgres): reconciliation looks past RLS at the whole bucket.
  const orphans = await sql<{ name: string }[]>`
    select o.name from storage.objects o
    where o.bucket_id = ${CERTIFICATE_BUCKET}
      and o.created_at < now() - make_interval(secs => ${graceSeconds})
      and not exists (select 1 from public.certificates c where c.storage_path = o.name)
    order by o.name
    limit 1000`;
  const removedObjects: string[] = [];
  for (let start = 0; start < orphans.length; start += 100) {
    const batch = orphans.slice(start, start + 100).map((row) => row.name);
    removedObjects.push(...(await storage.remove(serviceRoleKey, CERTIFICATE_BUCKET, batch)));
  }
  const missing = await sql<{ id: string }[]>`
    select c.id from public.certificates c
    where not exists (
      select 1 from storage.objects o where o.bucket_id = ${CERTIFICATE_BUCKET} and o.name = c.storage_path)
    order by c.id
    limit 1000`;
  return { removedObjects, rowsWithoutObject: missing.map((row) => row.id) };
}

/** The start-up run: never in the way of serving, its outcome only logged. */
export function reconcileInBackground(sql: Sql, storage: StorageClient, serviceRoleKey: string): void {
  const configured = Number(Deno.env.get('UPLOAD_RECONCILE_GRACE_SECONDS'));
  const grace = Number.isFinite(configured) && configured >= 60 ? configured : DEFAULT_GRACE_SECONDS;
  reconcileUploads(sql, storage, serviceRoleKey, grace).then(
    (report) => {
      if (report.removedObjects.length > 0)
        console.warn(`api: reconciliation removed ${report.removedObjects.length} orphaned object(s)`);
      if (report.rowsWithoutObject.length > 0)
        console.warn(`api: ${report.rowsWithoutObject.length} certificate(s) have no stored file`);
    },
    (error: unknown) => console.error('api: reconciliation failed', error),
  );
}
