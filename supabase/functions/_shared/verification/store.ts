/**
 * The engine's SQL: registrations in, candidates out. Runs with the function's own database
 * role (private schema, never exposed to the Data API).
 */
import type { Sql, Tx } from '../db.ts';
import type { PageFeatures } from './features.ts';
import { type IssuedValues, NO_ISSUED_VALUES, readingKey, type RegisteredLine } from './fields.ts';
import { registeredNumbers } from './number.ts';
import { decodePage, encodePage, ENGINE_VERSION, type Registration } from './register.ts';

export interface StoredRegistration {
  certificateId: string;
  page: ReturnType<typeof decodePage>;
  features: PageFeatures;
  lines: RegisteredLine[];
  /** The page's hash as registration computed and stored it (page-hash.ts). */
  pageHash: bigint;
}

/** What the engine keeps of a registration with a page, as loadRegistration gives it back. */
export function storedRegistration(certificateId: string, registration: Registration): StoredRegistration {
  if (!registration.picture) throw new Error('The registration has no page picture to compare with');
  const { page, features, pageHash } = registration.picture;
  return { certificateId, page, features, lines: registration.lines, pageHash };
}

/** Readings shorter than this are too common across certificates to tell siblings apart. */
const MIN_READING_LENGTH = 4;

function bytesOf(array: Float32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

export async function saveRegistration(
  sql: Sql,
  certificateId: string,
  registration: Registration,
): Promise<void> {
  const readings = [...new Set(registration.lines.map((line) => readingKey(line.text)))].filter(
    (reading) => reading.length >= MIN_READING_LENGTH,
  );
  const picture = registration.picture;
  await sql.begin(async (tx) => {
    await tx`
      insert into private.certificate_registrations
        (certificate_id, engine_version, page_width, page_height, page_png, keypoints, descriptors, lines, page_hash)
      values (${certificateId}, ${ENGINE_VERSION}, ${picture?.page.width ?? null}, ${picture?.page.height ?? null},
        ${picture ? encodePage(picture.page) : null}, ${picture ? bytesOf(picture.features.points) : null},
        ${picture?.features.descriptors ?? null}, ${tx.json(registration.lines as never)},
        ${picture ? picture.pageHash.toString() : null})
      on conflict (certificate_id) do update set
        engine_version = excluded.engine_version, page_width = excluded.page_width, page_height = excluded.page_height,
        page_png = excluded.page_png, keypoints = excluded.keypoints, descriptors = excluded.descriptors,
        lines = excluded.lines, page_hash = excluded.page_hash, registered_at = now()`;
    // The spec's ocr_content: what the engine read on the page, line by line.
    await tx`
      update public.certificates set ocr_content = ${registration.lines.map((line) => line.text).join('\n') || null}
      where id = ${certificateId}`;
    await tx`delete from private.certificate_readings where certificate_id = ${certificateId}`;
    if (readings.length > 0) {
      await tx`
        insert into private.certificate_readings (reading, certificate_id)
        select unnest(${readings}::text[]), ${certificateId}::uuid`;
    }
    await saveNumbers(tx, certificateId, registration.lines);
  });
}

/** A number key worth keeping or looking up: the shape private.certificate_numbers' check accepts. */
const NUMBER_KEY_SHAPE = '^[0-9A-Z]{4,100}$';

/** The registered numbers (number.ts), keyed in SQL (private.certificate_number_key: one rule for both sides). */
async function saveNumbers(tx: Tx, certificateId: string, lines: RegisteredLine[]): Promise<void> {
  const numbers = registeredNumbers(lines);
  await tx`delete from private.certificate_numbers where certificate_id = ${certificateId}`;
  await tx`
    insert into private.certificate_numbers (number_key, certificate_id)
    select distinct key, ${certificateId}::uuid
    from unnest(${numbers}::text[]) as number, private.certificate_number_key(number) as key
    where key ~ ${NUMBER_KEY_SHAPE}`;
  await tx`
    update private.certificate_registrations set numbers_indexed = true
    where certificate_id = ${certificateId}`;
}

/**
 * Registrations saved before numbers were kept (migrations 20261126030100 and 20261126040100): their
 * numbers from the stored lines (no OCR), each registration once, whether or not it prints one. Part
 * of the backfill; returns how many were visited.
 */
export async function indexStoredNumbers(sql: Sql, limit: number): Promise<number> {
  const rows = await sql<{ certificate_id: string; lines: RegisteredLine[] }[]>`
    select r.certificate_id, r.lines from private.certificate_registrations r
    where not r.numbers_indexed
    limit ${limit}`;
  for (const row of rows) await sql.begin((tx) => saveNumbers(tx, row.certificate_id, row.lines));
  return rows.length;
}

/** A candidate a printed number names, with its stored page hash (to tell its design). */
export interface NumberedCandidate {
  certificateId: string;
  pageHash: bigint;
}

const numberedCandidate = (row: { certificate_id: string; page_hash: string }): NumberedCandidate => ({
  certificateId: row.certificate_id,
  pageHash: BigInt(row.page_hash),
});

/**
 * Registered certificates whose number is one of `tokens` (as read on a copy), in the order of the
 * tokens: the certificate_number column by its key's index, and the numbers read at registration by
 * the primary key of private.certificate_numbers. Only certificates with a page to compare.
 */
export async function certificatesNumbered(
  sql: Sql,
  tokens: string[],
  limit: number,
): Promise<NumberedCandidate[]> {
  if (tokens.length === 0) return [];
  return (await numberedLookup(sql, tokens, limit)).map(numberedCandidate);
}

/** certificatesNumbered's query, unsent: run it, or EXPLAIN it inside another (supabase/tests). */
export function numberedLookup(sql: Sql | Tx, tokens: string[], limit: number) {
  return sql<{ certificate_id: string; page_hash: string }[]>`
    with keys as (
      select key, min(position) as position
      from unnest(${tokens}::text[]) with ordinality as t (token, position),
        private.certificate_number_key(token) as key
      where key ~ ${NUMBER_KEY_SHAPE}
      group by 1
    ),
    found as (
      select c.id as certificate_id, k.position from keys k
      join public.certificates c on private.certificate_number_key(c.certificate_number) = k.key
      union all
      select n.certificate_id, k.position from keys k
      join private.certificate_numbers n on n.number_key = k.key
    )
    select f.certificate_id, r.page_hash::text as page_hash from found f
    join private.certificate_registrations r on r.certificate_id = f.certificate_id and r.page_png is not null
    group by f.certificate_id, r.page_hash order by min(f.position) limit ${limit}`;
}

/**
 * Glyphs a number must have for one glyph off to point at a certificate: in a shorter one (a year on
 * a number's line) one glyph off matches a large share of all certificates and tells nothing.
 */
const NEAR_NUMBER_LEAST_GLYPHS = 6;

/**
 * Registered certificates whose number is one of `tokens` but for exactly one glyph (keys of one
 * length, at least NEAR_NUMBER_LEAST_GLYPHS, migration 20261127200100's variants), with a page hash
 * within `maxDistance` of one of the copy's `hashes` (the copy's design: a near number on another
 * design is a coincidence); in the order of the tokens, then nearest page first. Equal numbers are
 * certificatesNumbered's.
 */
export async function certificatesNearlyNumbered(
  sql: Sql | Tx,
  tokens: string[],
  hashes: bigint[],
  maxDistance: number,
  limit: number,
): Promise<NumberedCandidate[]> {
  if (tokens.length === 0 || hashes.length === 0) return [];
  return (await nearlyNumberedLookup(sql, tokens, hashes, maxDistance, limit)).map(numberedCandidate);
}

/** certificatesNearlyNumbered's query, unsent: run it, or EXPLAIN it inside another (supabase/tests). */
export function nearlyNumberedLookup(
  sql: Sql | Tx,
  tokens: string[],
  hashes: bigint[],
  maxDistance: number,
  limit: number,
) {
  return sql<{ certificate_id: string; page_hash: string }[]>`
    with keys as (
      select key, private.certificate_number_variants(key) as variants, min(position) as position
      from unnest(${tokens}::text[]) with ordinality as t (token, position),
        private.certificate_number_key(token) as key
      where key ~ ${NUMBER_KEY_SHAPE} and length(key) >= ${NEAR_NUMBER_LEAST_GLYPHS}
      group by 1
    ),
    found as (
      select c.id as certificate_id, k.position from keys k
      join public.certificates c
        on private.certificate_number_variants(private.certificate_number_key(c.certificate_number)) && k.variants
        and private.certificate_number_key(c.certificate_number) <> k.key
      union all
      select n.certificate_id, k.position from keys k
      join private.certificate_numbers n
        on private.certificate_number_variants(n.number_key) && k.variants and n.number_key <> k.key
    ),
    ranked as (
      select certificate_id, min(position) as position from found group by certificate_id
    )
    select f.certificate_id, page.page_hash::text as page_hash from ranked f
    cross join lateral (
      select r.page_hash, r.registered_at, min(bit_count((r.page_hash # h)::bit(64))) as distance
      from private.certificate_registrations r
      cross join unnest(${hashes.map(String)}::bigint[]) as h
      where r.certificate_id = f.certificate_id and r.page_png is not null
      group by r.page_hash, r.registered_at
    ) as page
    where page.distance <= ${maxDistance}
    order by f.position, page.distance, page.registered_at desc
    limit ${limit}`;
}

/** Glyphs a read number may differ in from a registered one and still point at it (`numbersGlyphsOff`). */
export const MAX_NUMBER_GLYPHS_OFF = 2;

/**
 * Of `candidates`, those whose number (registered in the certificate_number column or read at
 * registration) is one of `tokens` (keys compared as certificatesNumbered compares them) of the same
 * length with at most MAX_NUMBER_GLYPHS_OFF glyphs other, each with the fewest glyphs off: a number
 * forged by one digit names no certificate, but of the registrations that share the copy's design it
 * points at the one it was forged from. Two glyphs, since the number read at registration may hold an
 * OCR slip of its own (UMN-2621-000376 for 2021, forged to 000375).
 */
export async function numbersGlyphsOff(
  sql: Sql | Tx,
  tokens: string[],
  candidates: string[],
): Promise<Map<string, number>> {
  if (tokens.length === 0 || candidates.length === 0) return new Map();
  const rows = await sql<{ certificate_id: string; glyphs: number }[]>`
    with keys as (
      select distinct key from unnest(${tokens}::text[]) as token,
        private.certificate_number_key(token) as key
      where key ~ ${NUMBER_KEY_SHAPE}
    ),
    numbers as (
      select n.certificate_id, n.number_key as key from private.certificate_numbers n
      where n.certificate_id = any(${candidates}::uuid[])
      union all
      select c.id, private.certificate_number_key(c.certificate_number) from public.certificates c
      where c.id = any(${candidates}::uuid[])
    ),
    compared as (
      select n.certificate_id, (
        select count(*) from generate_series(1, length(k.key)) as i
        where substr(n.key, i, 1) <> substr(k.key, i, 1)
      )::int as glyphs
      from numbers n join keys k on length(n.key) = length(k.key)
    )
    select certificate_id, min(glyphs) as glyphs from compared
    where glyphs <= ${MAX_NUMBER_GLYPHS_OFF}
    group by certificate_id`;
  return new Map(rows.map((row) => [row.certificate_id, row.glyphs]));
}

/**
 * Registrations whose page hash is nearest any of the copy's (one per way of cutting its page out,
 * page-hash.ts copyPageHashes), nearest first: one pass over the hashes, each row against each
 * copy hash (at most four).
 */
export async function nearestRegistrations(
  sql: Sql,
  hashes: bigint[],
  limit: number,
  maxDistance: number,
): Promise<{ certificateId: string; distance: number; pageHash: bigint }[]> {
  const rows = await sql<{ certificate_id: string; distance: number; page_hash: string }[]>`
    select r.certificate_id, min(bit_count((r.page_hash # h)::bit(64)))::int as distance,
      r.page_hash::text as page_hash
    from private.certificate_registrations r, unnest(${hashes.map(String)}::bigint[]) as h
    where r.page_hash is not null and bit_count((r.page_hash # h)::bit(64)) <= ${maxDistance}
    group by r.certificate_id, r.registered_at, r.page_hash
    order by distance, r.registered_at desc
    limit ${limit}`;
  return rows.map((row) => ({
    certificateId: row.certificate_id,
    distance: row.distance,
    pageHash: BigInt(row.page_hash),
  }));
}

/** Certificates that carry one of these readings (same template, another recipient or number). */
export async function registrationsReading(
  sql: Sql,
  readings: string[],
  besides: string[],
): Promise<string[]> {
  const keys = readings.map(readingKey).filter((reading) => reading.length >= MIN_READING_LENGTH);
  if (keys.length === 0) return [];
  const rows = await sql<{ certificate_id: string }[]>`
    select certificate_id from private.certificate_readings
    where reading = any(${keys}::text[]) and not (certificate_id = any(${besides}::uuid[]))
    group by certificate_id order by count(*) desc limit 3`;
  return rows.map((row) => row.certificate_id);
}

export async function loadRegistration(sql: Sql, certificateId: string): Promise<StoredRegistration | null> {
  const [row] = await sql<
    {
      page_png: Uint8Array;
      keypoints: Uint8Array;
      descriptors: Uint8Array;
      lines: RegisteredLine[];
      page_hash: string;
    }[]
  >`
    select page_png, keypoints, descriptors, lines, page_hash::text as page_hash
    from private.certificate_registrations
    where certificate_id = ${certificateId} and page_png is not null`;
  if (!row) return null;
  const points = new Float32Array(row.keypoints.byteLength / 4);
  new Uint8Array(points.buffer).set(row.keypoints);
  return {
    certificateId,
    page: decodePage(row.page_png),
    features: { points, descriptors: new Uint8Array(row.descriptors) },
    lines: row.lines,
    pageHash: BigInt(row.page_hash),
  };
}

/** The certificates with no registration of the current engine version (the backfill's to do). */
const unregistered = (sql: Sql) => sql`
  public.certificates c
  left join private.certificate_registrations r on r.certificate_id = c.id
  where r.certificate_id is null or r.engine_version < ${ENGINE_VERSION}`;

interface IssuedColumns {
  recipient_name: string | null;
  certificate_number: string | null;
}

const issuedOf = (row: IssuedColumns): IssuedValues => ({
  recipientName: row.recipient_name,
  certificateNumber: row.certificate_number,
});

/** Certificates with a stored file but no registration of the current engine version (the backfill's work list). */
export async function certificatesToRegister(
  sql: Sql,
  limit: number,
): Promise<{ id: string; storage_path: string; issued: IssuedValues }[]> {
  const rows = await sql<({ id: string; storage_path: string } & IssuedColumns)[]>`
    select c.id, c.storage_path, c.recipient_name, c.certificate_number from ${unregistered(sql)}
    order by c.created_at limit ${limit}`;
  return rows.map((row) => ({ id: row.id, storage_path: row.storage_path, issued: issuedOf(row) }));
}

/** How many certificates the backfill has still to register (its work list's length, counted). */
export async function countToRegister(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from ${unregistered(sql)}`;
  return row?.count ?? 0;
}

/**
 * What the issuer entered for a certificate that its page prints (registration names their lines);
 * nothing for a row gone meanwhile, whose registration then has no certificate to belong to.
 */
export async function issuedValues(sql: Sql, certificateId: string): Promise<IssuedValues> {
  const [row] = await sql<IssuedColumns[]>`
    select recipient_name, certificate_number from public.certificates where id = ${certificateId}`;
  return row ? issuedOf(row) : NO_ISSUED_VALUES;
}
