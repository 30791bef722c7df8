import postgres from 'postgres';
import { randomBytes, randomUUID } from 'node:crypto';

function databaseUrl(): string {
  const url = process.env.DB_URL;
  if (!url)
    throw new Error('DB_URL is not set: run the end-to-end tests through `npm test` or with the status env.');
  return url;
}

/**
 * Adds plain certificate rows (no files) owned by `ownerId`, so list paging has more than one page
 * without running OCR on dozens of uploads. Returns their ids for clean-up.
 */
export async function insertFillerCertificates(ownerId: string, count: number): Promise<string[]> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => undefined });
  try {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = randomUUID();
      const fileHash = randomBytes(32).toString('hex');
      await sql`
        insert into public.certificates
          (id, user_id, uploaded_by, certificate_name, certificate_hash, storage_path, file_type, mime_type,
           file_size, file_hash, content_hash, verification_status)
        values
          (${id}, ${ownerId}, ${ownerId}, ${`Filler certificate ${index + 1}`}, ${randomBytes(32).toString('hex')},
           ${`${ownerId}/${id}.png`}, 'image', 'image/png', ${2048 + index}, ${fileHash}, null, 'verified')`;
      ids.push(id);
    }
    return ids;
  } finally {
    await sql.end();
  }
}

export async function deleteCertificates(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => undefined });
  try {
    await sql`delete from public.certificates where id = any(${ids}::uuid[])`;
  } finally {
    await sql.end();
  }
}
