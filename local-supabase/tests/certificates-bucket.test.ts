/**
 * The real certificates bucket (from the migrations): private, reachable only through short-lived
 * signed URLs, and accepting exactly the contract's file types, like the certificates table.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { database, readEnv, serviceClient } from './support/auth-helpers.ts';

/** The contract's list, read from its source (the contract lives outside this package's project). */
const contract = readFileSync(
  new URL('../../supabase/functions/_shared/api-constants.ts', import.meta.url),
  'utf8',
);
const ACCEPTED_MIME_TYPES = [
  ...(/ACCEPTED_MIME_TYPES = \[([^\]]*)\]/.exec(contract)?.[1] ?? '').matchAll(/'([^']+)'/g),
].map((match) => match[1]);

const env = readEnv();
const sql = database(env);
const BUCKET = 'certificates';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

afterAll(() => sql.end());

describe('certificates bucket', () => {
  it('is private and accepts exactly the contract types, as the certificates table does', async () => {
    const [bucket] = await sql<{ public: boolean; allowed_mime_types: string[] }[]>`
      select public, allowed_mime_types from storage.buckets where id = ${BUCKET}`;
    expect(bucket?.public).toBe(false);
    expect(ACCEPTED_MIME_TYPES.length, 'the contract list was found in its source').toBeGreaterThan(0);
    expect([...(bucket?.allowed_mime_types ?? [])].sort()).toEqual([...ACCEPTED_MIME_TYPES].sort());

    const [check] = await sql<{ definition: string }[]>`
      select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'public.certificates'::regclass and contype = 'c'
        and pg_get_constraintdef(oid) like '%mime_type = ANY%'`;
    const listed = [...(check?.definition ?? '').matchAll(/'([a-z]+\/[a-z+.-]+)'/g)].map((m) => m[1]);
    expect([...new Set(listed)].sort()).toEqual([...ACCEPTED_MIME_TYPES].sort());
  });

  it('serves an object neither publicly nor anonymously, only by a signed URL that expires', async () => {
    const path = `${randomUUID()}/${randomUUID()}.png`;
    const files = serviceClient(env).storage.from(BUCKET);
    const uploaded = await files.upload(path, PNG, { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();
    try {
      const publicUrl = files.getPublicUrl(path).data.publicUrl;
      const viaPublic = await fetch(publicUrl);
      await viaPublic.arrayBuffer();
      expect(viaPublic.status).toBeGreaterThanOrEqual(400);

      const anonymous = await fetch(`${env.apiUrl}/storage/v1/object/authenticated/${BUCKET}/${path}`, {
        headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}` },
      });
      await anonymous.arrayBuffer();
      expect(anonymous.status).toBeGreaterThanOrEqual(400);

      // A URL valid for a minute opens the object. (One valid for a second or two cannot be shown to
      // open it first: the expiry is counted in whole seconds, and a busy machine may take that long.)
      const signed = await files.createSignedUrl(path, 60);
      expect(signed.error).toBeNull();
      const opened = await fetch(signed.data?.signedUrl ?? '');
      expect(opened.status).toBe(200);
      expect(Buffer.from(await opened.arrayBuffer()).equals(PNG)).toBe(true);
      // A URL for the same object whose time is up does not (after a wait that only has to be long enough).
      const short = await files.createSignedUrl(path, 1);
      expect(short.error).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const expired = await fetch(short.data?.signedUrl ?? '');
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ code: 'InvalidJWT' });
    } finally {
      await files.remove([path]);
    }
  });
});
