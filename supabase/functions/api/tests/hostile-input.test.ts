/**
 * Hostile input, family by family (auth, certificates, verification, users, storage): at least 50
 * cases each, generated from a seeded list (HOSTILE_SEED, printed at the start; the same seed gives
 * the same cases). Every case must get a clear 4xx (a JSON body with a message), never a 5xx; nothing
 * may leak (stack traces, SQL, paths, keys); and the database and the bucket must look exactly the same
 * before and after each family. docs/security.md ("Hostile input") records the counts.
 */
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import {
  ANON_KEY,
  API_URL,
  db,
  demo,
  FUNCTION_URL,
  freshUser,
  type Persona,
  SERVICE_ROLE_KEY,
  test,
  toDataUrl,
  uploadUnique,
} from './helpers.ts';
import { pngFile } from '../../_shared/copies/png.ts';

// ---------------------------------------------------------------------------------------------
// Seeded generation
// ---------------------------------------------------------------------------------------------

const SEED = Number(Deno.env.get('HOSTILE_SEED') ?? 20261125) >>> 0;
console.log(`hostile-input: HOSTILE_SEED=${SEED}`);

/** mulberry32: small, fast and deterministic for a given seed. */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const randomBytes = (length: number) => Uint8Array.from({ length }, () => Math.floor(random() * 256));
const randomText = (length: number, alphabet: string) =>
  Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');

// ---------------------------------------------------------------------------------------------
// Payload catalogue
// ---------------------------------------------------------------------------------------------

const SQL_FRAGMENTS = [
  "' or '1'='1",
  "'; drop table public.certificates; --",
  'created_at; delete from public.profiles --',
  '1) union select email, null from auth.users --',
  '$$; select pg_sleep(5); $$',
  'id desc, (select 1/0)',
  "\\'; truncate storage.objects; --",
  "\"; update public.profiles set role = 'admin' --",
];

const NUL = '\u0000';
const RLO = '\u202e';
const COMBINING = 'a' + '\u0301'.repeat(10_000);
const UNICODE_STRINGS = [
  `cert${NUL}ificate`,
  `${RLO}fdp.exe`,
  COMBINING,
  '\ud800lone surrogate',
  '\ufeffbom',
  '𝕮𝖊𝖗𝖙 👩‍👩‍👧‍👦'.repeat(200),
  '\u200b\u200c\u200d\u2060',
];

const TRAVERSALS = [
  '../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/absolute/path.png',
  'a/../../b.png',
];

const MALFORMED_JSON = [
  '{',
  '{"fileData":',
  '[]',
  'null',
  '"just a string"',
  '12345',
  'true',
  "{'single': 'quotes'}",
  '{"a":1,}',
  // A BOM is dropped by the UTF-8 decoder, so it prefixes a truncated body here.
  '\ufeff{"role":"admin"',
  `{"role":"user"${NUL}}`,
  '['.repeat(5000) + ']'.repeat(5000),
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}',
];

const enc = new TextEncoder();
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

async function deflate(bytes: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const stream = bytes instanceof Uint8Array ? new Blob([bytes as Uint8Array<ArrayBuffer>]).stream() : bytes;
  const source = stream as unknown as ReadableStream<BufferSource>;
  return new Uint8Array(
    await new Response(source.pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  );
}

/** A stream of `total` zero bytes, made without holding them in memory. */
function zeros(total: number): ReadableStream<Uint8Array> {
  const block = new Uint8Array(1 << 20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(block.length, total - sent);
      controller.enqueue(block.subarray(0, size));
      sent += size;
    },
  });
}

async function png(width: number, height: number, idatRawBytes: number): Promise<Uint8Array> {
  return pngFile(width, height, await deflate(zeros(idatRawBytes)));
}

function gif(width: number, height: number, trailer = ''): Uint8Array {
  const le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  return concat(
    enc.encode('GIF89a'),
    new Uint8Array([...le(width), ...le(height), 0x80, 0, 0, 0, 0, 0, 255, 255, 255]),
    new Uint8Array([0x2c, 0, 0, 0, 0, ...le(width), ...le(height), 0, 2, 2, 0x4c, 0x01, 0]),
    enc.encode(trailer),
    new Uint8Array([0x3b]),
  );
}

function jpeg(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0,
    11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    1,
    1,
    0x11,
    0,
    0xff,
    0xd9,
  ]);
}

function bmp(width: number, height: number): Uint8Array {
  const out = new Uint8Array(54 + 64);
  const view = new DataView(out.buffer);
  out.set(enc.encode('BM'));
  view.setUint32(2, out.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  return out;
}

function tiff(width: number, height: number): Uint8Array {
  const entries: [number, number, number][] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 8],
    [277, 3, 1],
    [279, 4, 16],
  ];
  const out = new Uint8Array(8 + 2 + entries.length * 12 + 4 + 16);
  const view = new DataView(out.buffer);
  out.set(enc.encode('II'));
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  entries.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, 1, true);
    if (type === 3) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  });
  return out;
}

/** A PDF with `pages` pages (one shared content stream) and, optionally, a huge inflating stream. */
async function pdf(pages: number, hugeStreamBytes = 0): Promise<Uint8Array> {
  const objects: Uint8Array[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${5 + i} 0 R`).join(' ');
  const content = enc.encode('BT /F1 24 Tf 72 720 Td (Certificate of nothing) Tj ET');
  const stream = hugeStreamBytes > 0 ? await deflate(zeros(hugeStreamBytes)) : content;
  const filter = hugeStreamBytes > 0 ? '/Filter /FlateDecode ' : '';
  objects.push(enc.encode('1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n'));
  objects.push(enc.encode(`2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj\n`));
  objects.push(enc.encode('3 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n'));
  objects.push(
    concat(
      enc.encode(`4 0 obj << ${filter}/Length ${stream.length} >> stream\n`),
      stream,
      enc.encode('\nendstream endobj\n'),
    ),
  );
  for (let i = 0; i < pages; i++) {
    objects.push(
      enc.encode(
        `${5 + i} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >> endobj\n`,
      ),
    );
  }
  const head = enc.encode('%PDF-1.7\n');
  let offset = head.length;
  const offsets = objects.map((object) => {
    const at = offset;
    offset += object.length;
    return at;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  return concat(head, ...objects, enc.encode(xref));
}

interface HostileFile {
  name: string;
  dataUrl: string;
}

/** Files no certificate endpoint may accept (or choke on), with the MIME a client might claim. */
let hostileFileList: Promise<HostileFile[]> | undefined;
function hostileFiles(): Promise<HostileFile[]> {
  hostileFileList ??= makeHostileFiles();
  return hostileFileList;
}

async function makeHostileFiles(): Promise<HostileFile[]> {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  const files: HostileFile[] = [
    {
      name: 'PNG declaring 100,000 x 100,000 pixels',
      dataUrl: toDataUrl(await png(100_000, 100_000, 1 << 20), 'image/png'),
    },
    {
      name: 'PNG whose 8 MB IDAT inflates from a few KB (bomb)',
      dataUrl: toDataUrl(await png(50_000, 50_000, 8 << 20), 'image/png'),
    },
    { name: 'GIF declaring 65,535 x 65,535 pixels', dataUrl: toDataUrl(gif(65_535, 65_535), 'image/gif') },
    { name: 'JPEG declaring 65,500 x 65,500 pixels', dataUrl: toDataUrl(jpeg(65_500, 65_500), 'image/jpeg') },
    {
      name: 'BMP declaring 100,000 x 100,000 pixels',
      dataUrl: toDataUrl(bmp(100_000, 100_000), 'image/bmp'),
    },
    {
      name: 'TIFF declaring 100,000 x 100,000 pixels',
      dataUrl: toDataUrl(tiff(100_000, 100_000), 'image/tiff'),
    },
    { name: 'PDF with 5,000 pages', dataUrl: toDataUrl(await pdf(5000), 'application/pdf') },
    {
      name: 'PDF with a stream inflating to 512 MB',
      dataUrl: toDataUrl(await pdf(1, 512 << 20), 'application/pdf'),
    },
    {
      name: 'PDF + HTML polyglot',
      dataUrl: toDataUrl(
        enc.encode('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF'),
        'application/pdf',
      ),
    },
    {
      // The classic GIF/JavaScript polyglot: the logical screen size bytes open a script comment.
      name: 'GIF + script polyglot',
      dataUrl: toDataUrl(
        concat(enc.encode('GIF89a/*=0;*/=1;alert(document.domain)//'), new Uint8Array([0x3b])),
        'image/gif',
      ),
    },
    {
      name: 'SVG with an onload script',
      dataUrl: toDataUrl(
        enc.encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
        'image/svg+xml',
      ),
    },
    {
      name: 'SVG declared as PNG',
      dataUrl: toDataUrl(
        enc.encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
        'image/png',
      ),
    },
    {
      name: 'HTML declared as PNG',
      dataUrl: toDataUrl(enc.encode('<!doctype html><script>alert(1)</script>'), 'image/png'),
    },
    {
      name: 'ELF/EXE bytes declared as JPEG',
      dataUrl: toDataUrl(concat(enc.encode('MZ\x90\x00'), randomBytes(2048)), 'image/jpeg'),
    },
    {
      name: 'ZIP declared as PDF',
      dataUrl: toDataUrl(concat(new Uint8Array([0x50, 0x4b, 3, 4]), randomBytes(512)), 'application/pdf'),
    },
    {
      name: 'truncated PNG signature only',
      dataUrl: toDataUrl(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'),
    },
    {
      name: 'damaged PDF (header and junk)',
      dataUrl: toDataUrl(concat(enc.encode('%PDF-1.7\n'), randomBytes(4096)), 'application/pdf'),
    },
    { name: 'random bytes', dataUrl: toDataUrl(randomBytes(4096), 'image/webp') },
    { name: 'broken base64 (symbols)', dataUrl: `data:image/png;base64,${randomText(64, '!@#$%^&*()')}` },
    { name: 'broken base64 (padding in the middle)', dataUrl: 'data:image/png;base64,iVBO==Rw0K==GgoA' },
    { name: 'base64 of a single character', dataUrl: 'data:image/png;base64,A' },
    { name: 'not a data URL', dataUrl: 'https://example.com/certificate.png' },
    { name: 'javascript: URL', dataUrl: 'javascript:alert(1)' },
    { name: 'data URL without base64', dataUrl: 'data:image/png,%89PNG' },
    { name: 'data URL with empty payload', dataUrl: 'data:image/png;base64,' },
    {
      name: 'base64 of 10 MB + 1 byte',
      dataUrl: `data:image/png;base64,${b64(new Uint8Array(10 * 1024 * 1024 + 1))}`,
    },
    {
      name: 'enormous base64 (20 MB of text)',
      dataUrl: `data:image/png;base64,${'A'.repeat(20 * 1024 * 1024)}`,
    },
    { name: 'non-ASCII in base64', dataUrl: `data:image/png;base64,iVBORw0K${COMBINING.slice(0, 200)}` },
  ];
  return files;
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

const b64url = (bytes: Uint8Array) =>
  Buffer.from(bytes).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jsonPart = (value: unknown) => b64url(enc.encode(JSON.stringify(value)));
const parts = (token: string) => token.split('.') as [string, string, string];
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString('utf8')) as Record<string, unknown>;

async function hs256(claims: Record<string, unknown>, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const body = `${jsonPart({ alg: 'HS256', typ: 'JWT' })}.${jsonPart(claims)}`;
  return `${body}.${b64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(body))))}`;
}

/** Tokens built from a real user's token: none of them may be accepted anywhere. */
async function forgedTokens(user: Persona, adminId: string): Promise<Record<string, string>> {
  const [header, , signature] = parts(user.token);
  const claims = claimsOf(user.token);
  const now = Math.floor(Date.now() / 1000);
  const asAdmin = { ...claims, sub: adminId, email: 'admin@example.com' };
  return {
    'alg none': `${jsonPart({ alg: 'none', typ: 'JWT' })}.${jsonPart(asAdmin)}.`,
    'alg none, empty signature and no dot': `${jsonPart({ alg: 'none' })}.${jsonPart(asAdmin)}`,
    'HS256 with another secret': await hs256(asAdmin, 'not-the-project-secret-at-all-0123456789'),
    'edited role claim (service_role), original signature': `${header}.${jsonPart({ ...claims, role: 'service_role' })}.${signature}`,
    'edited app_metadata role admin, original signature': `${header}.${jsonPart({ ...claims, app_metadata: { role: 'admin' } })}.${signature}`,
    "edited sub (the admin's id), original signature": `${header}.${jsonPart(asAdmin)}.${signature}`,
    'expired (HS256, another secret)': await hs256(
      { ...claims, iat: now - 7200, exp: now - 3600 },
      'x'.repeat(40),
    ),
    'garbage segments': `${randomText(40, 'abcdef')}.${randomText(80, 'ABCDEF')}.${randomText(43, '0123')}`,
    'header only': header,
    'a 64 KB token': `${header}.${'A'.repeat(64 * 1024)}.${signature}`,
    'NUL inside the token': `${header}.${NUL}.${signature}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Cases and how each is checked
// ---------------------------------------------------------------------------------------------

type Family = 'auth' | 'certificates' | 'verification' | 'users' | 'storage';
type Base = 'function' | 'auth' | 'storage';

interface Case {
  name: string;
  method: string;
  base: Base;
  path: string;
  /** A bearer token; undefined sends the anon key, null sends none. */
  token?: string | null;
  body?: string | Uint8Array;
  contentType?: string;
  /** Narrower expectation than "any 4xx", where the right answer is known. */
  expect?: number[];
}

const BASES: Record<Base, string> = {
  function: FUNCTION_URL,
  auth: `${API_URL}/auth/v1`,
  storage: `${API_URL}/storage/v1`,
};

const SECRETS = [
  SERVICE_ROLE_KEY,
  Deno.env.get('JWT_SECRET') ?? SERVICE_ROLE_KEY,
  Deno.env.get('DB_URL') ?? '',
];
const LEAK =
  /\bat (?:async )?[\w.$<>]+ \(|file:\/\/|\/work\/|node_modules|\.ts:\d+|postgres(?:ql)?:\/\/|SQLSTATE|syntax error at|relation "|TypeError|ReferenceError|RangeError|PostgresError|\bstack\b/i;

interface Outcome {
  name: string;
  status: number;
  problem?: string;
}

async function send(entry: Case): Promise<Outcome> {
  const headers: Record<string, string> = { apikey: ANON_KEY };
  if (entry.token !== null) headers.authorization = `Bearer ${entry.token ?? ANON_KEY}`;
  if (entry.body !== undefined) headers['content-type'] = entry.contentType ?? 'application/json';
  let response: Response;
  const began = performance.now();
  try {
    response = await fetch(`${BASES[entry.base]}${entry.path}`, {
      method: entry.method,
      headers,
      body: entry.body as BodyInit | undefined,
    });
  } catch (error) {
    // Header values a browser could never send (NUL) are refused by fetch itself: nothing reached us.
    if (error instanceof TypeError && /header/i.test(error.message)) return { name: entry.name, status: 400 };
    throw error;
  }
  let text: string;
  let unread = false;
  try {
    text = await response.text();
  } catch {
    // The server answered before reading the whole (huge) body and closed the connection, as it
    // should; the status is what counts then.
    text = '';
    unread = true;
  }
  const took = performance.now() - began;
  if (took > 3000 || Deno.env.get('HOSTILE_VERBOSE')) {
    console.log(`  ${entry.name}: ${response.status} in ${Math.round(took)} ms`);
  }
  const outcome: Outcome = { name: entry.name, status: response.status };
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`server error ${response.status}`);
  else if (response.status < 400) problems.push(`accepted with ${response.status}`);
  else if (entry.expect && !entry.expect.includes(response.status))
    problems.push(`expected ${entry.expect.join('/')}, got ${response.status}`);
  let body: Record<string, unknown> | undefined;
  try {
    // HTTP-level refusals (URI or headers too long) come from the server itself, without a body.
    if (text === '' && [413, 414, 431].includes(response.status)) unread = true;
    if (!unread) body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    problems.push(`body is not JSON: ${text.slice(0, 120)}`);
  }
  const message =
    body && ['error', 'msg', 'message', 'error_description'].map((key) => body![key]).find(Boolean);
  if (body && typeof message !== 'string') problems.push(`no message in ${text.slice(0, 120)}`);
  if (LEAK.test(text)) problems.push(`leaks internals: ${text.slice(0, 200)}`);
  for (const secret of SECRETS) if (secret && text.includes(secret)) problems.push('leaks a secret');
  if (problems.length > 0) outcome.problem = problems.join('; ');
  return outcome;
}

/** Everything a hostile request could change: counts plus digests of the columns that matter. */
async function snapshot(): Promise<Record<string, string>> {
  const [row] = await db<Record<string, string>[]>`
    select
      (select count(*) from auth.users)::text as auth_users,
      (select md5(coalesce(string_agg(id::text || coalesce(email, '') || coalesce(encrypted_password, '')
        || coalesce(banned_until::text, '') || coalesce(raw_user_meta_data::text, '')
        || coalesce(raw_app_meta_data::text, ''), ',' order by id), '')) from auth.users) as auth_digest,
      (select md5(coalesce(string_agg(auth_id::text || role || status || coalesce(firstname, '')
        || coalesce(lastname, '') || coalesce(username, ''), ',' order by auth_id), '')) from public.profiles) as profiles,
      (select md5(coalesce(string_agg(id::text || revoked::text || verification_status::text
        || coalesce(certificate_name, '') || user_id::text, ',' order by id), '')) from public.certificates) as certificates,
      (select md5(coalesce(string_agg(bucket_id || '/' || name, ',' order by bucket_id, name), '')) from storage.objects) as objects,
      (select md5(coalesce(string_agg(id::text || public::text || coalesce(allowed_mime_types::text, ''), ','), ''))
        from storage.buckets) as buckets`;
  return row!;
}

const CONCURRENCY = 4;

async function runFamily(family: Family, cases: Case[]) {
  assert.ok(cases.length >= 50, `${family}: only ${cases.length} cases`);
  const before = await snapshot();
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const entry = cases[next++]!;
        outcomes.push(await send(entry));
      }
    }),
  );
  const after = await snapshot();
  const byStatus = new Map<number, number>();
  for (const outcome of outcomes) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
  const summary = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(`hostile-input ${family}: ${cases.length} cases -> ${summary.join(', ')}`);
  const failures = outcomes.filter((outcome) => outcome.problem);
  assert.deepEqual(
    failures.map((failure) => `${failure.name}: ${failure.problem}`),
    [],
    `${family}: ${failures.length} of ${cases.length} cases misbehaved`,
  );
  assert.deepEqual(after, before, `${family}: hostile requests changed state`);
}

// ---------------------------------------------------------------------------------------------
// The actors and their data
// ---------------------------------------------------------------------------------------------

interface Actors {
  admin: Persona;
  user: Persona;
  other: Persona;
  otherCertificateId: string;
  otherObject: string;
  forged: Record<string, string>;
}

let actors: Promise<Actors> | undefined;
function arrange(): Promise<Actors> {
  actors ??= (async () => {
    const admin = await demo('admin');
    const user = await freshUser('hostile');
    const other = await freshUser('hostile-other');
    const certificate = await uploadUnique(other, other.userId, 'Other user certificate');
    const [object] = await db<{ name: string }[]>`
      select storage_path as name from public.certificates where id = ${certificate.id}`;
    return {
      admin,
      user,
      other,
      otherCertificateId: certificate.id,
      otherObject: object!.name,
      forged: await forgedTokens(user, admin.userId),
    };
  })();
  return actors;
}

const json = (value: unknown) => JSON.stringify(value);

/** Requests with every forged token against `target`. */
function tokenCases(a: Actors, target: Omit<Case, 'name' | 'token'>): Case[] {
  return Object.entries(a.forged).map(([label, token]) => ({
    ...target,
    name: `${target.method} ${target.path} with a forged token (${label})`,
    token,
    expect: [401, 403, 431],
  }));
}

function malformedBodies(target: Omit<Case, 'name' | 'body'>): Case[] {
  return [
    ...MALFORMED_JSON.map((body) => ({
      ...target,
      name: `${target.method} ${target.path} body ${json(body.slice(0, 30))}`,
      body,
    })),
    {
      ...target,
      name: `${target.method} ${target.path} form-encoded`,
      body: 'role=admin',
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      ...target,
      name: `${target.method} ${target.path} invalid UTF-8`,
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    { ...target, name: `${target.method} ${target.path} empty body`, body: '' },
  ];
}

// ---------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------

function authCases(a: Actors): Case[] {
  const cases: Case[] = [];
  const signup = (name: string, body: unknown, expect?: number[]): Case => ({
    name: `signup: ${name}`,
    method: 'POST',
    base: 'auth',
    path: '/signup',
    body: typeof body === 'string' ? body : json(body),
    expect,
  });
  const password = (name: string, body: unknown): Case => ({
    name: `password grant: ${name}`,
    method: 'POST',
    base: 'auth',
    path: '/token?grant_type=password',
    body: typeof body === 'string' ? body : json(body),
  });
  for (const body of MALFORMED_JSON) cases.push(signup(`malformed ${json(body.slice(0, 20))}`, body));
  cases.push(signup('email is a number', { email: 5, password: 'password123' }));
  cases.push(signup('password is an array', { email: 'x@example.com', password: ['a'] }));
  cases.push(signup('email is an object', { email: { $gt: '' }, password: 'password123' }));
  cases.push(signup('no password', { email: 'nopass@example.com' }));
  cases.push(signup('too short password', { email: 'short@example.com', password: '1' }));
  cases.push(signup('1 MB password', { email: 'big@example.com', password: 'p'.repeat(1 << 20) }));
  cases.push(signup('password is null', { email: 'null-password@example.com', password: null }));
  for (const fragment of SQL_FRAGMENTS.slice(0, 4))
    cases.push(signup(`SQL in email ${fragment}`, { email: fragment, password: 'password123' }));
  for (const text of UNICODE_STRINGS)
    cases.push(
      signup(`unicode email ${json(text.slice(0, 12))}`, { email: `${text}@`, password: 'password123' }),
    );
  cases.push(signup('10 KB email', { email: `${'a'.repeat(10_000)}@example.com`, password: 'password123' }));
  for (const body of MALFORMED_JSON.slice(0, 6)) cases.push(password(`malformed ${json(body)}`, body));
  cases.push(password('wrong password', { email: 'admin@example.com', password: 'wrong-password' }));
  cases.push(password('SQL as password', { email: 'admin@example.com', password: "' or '1'='1" }));
  cases.push(password('email of wrong type', { email: ['admin@example.com'], password: 'password123' }));
  cases.push(password('NUL in email', { email: `admin@example.com${NUL}`, password: 'password123' }));
  cases.push(password('RLO in email', { email: `${RLO}moc.elpmaxe@nimda`, password: 'password123' }));
  for (const grant of ['', 'client_credentials', "password' or 1=1--", '../admin', 'refresh_token']) {
    cases.push({
      name: `grant_type ${json(grant)}`,
      method: 'POST',
      base: 'auth',
      path: `/token?grant_type=${encodeURIComponent(grant)}`,
      body: json({ refresh_token: randomText(12, 'abcdef0123456789') }),
    });
  }
  for (const [label, token] of Object.entries(a.forged)) {
    cases.push({
      name: `GET /user with ${label}`,
      method: 'GET',
      base: 'auth',
      path: '/user',
      token,
      expect: [401, 403, 431],
    });
    cases.push({
      name: `PUT /user with ${label}`,
      method: 'PUT',
      base: 'auth',
      path: '/user',
      token,
      body: json({ data: { role: 'admin' } }),
      expect: [401, 403, 431],
    });
  }
  cases.push({
    name: 'admin users list with a user token',
    method: 'GET',
    base: 'auth',
    path: '/admin/users',
    token: a.user.token,
    expect: [401, 403],
  });
  cases.push({
    name: 'admin users list with the anon key',
    method: 'GET',
    base: 'auth',
    path: '/admin/users',
    expect: [401, 403],
  });
  cases.push({
    name: 'delete another user through the admin API with a user token',
    method: 'DELETE',
    base: 'auth',
    path: `/admin/users/${a.other.userId}`,
    token: a.user.token,
    expect: [401, 403],
  });
  cases.push({
    name: 'ban another user through the admin API with a forged token',
    method: 'PUT',
    base: 'auth',
    path: `/admin/users/${a.other.userId}`,
    token: a.forged['alg none'],
    body: json({ ban_duration: '876000h' }),
    expect: [401, 403],
  });
  cases.push({
    name: 'verify with a garbage token',
    method: 'POST',
    base: 'auth',
    path: '/verify',
    body: json({ type: 'signup', token_hash: "' or 1=1--" }),
  });
  cases.push({
    name: 'verify with wrong types',
    method: 'POST',
    base: 'auth',
    path: '/verify',
    body: json({ type: 7, token_hash: {} }),
  });
  return cases;
}

async function certificateCases(a: Actors): Promise<Case[]> {
  const cases: Case[] = [];
  const upload = (name: string, body: unknown, token = a.user.token, expect?: number[]): Case => ({
    name: `upload: ${name}`,
    method: 'POST',
    base: 'function',
    path: '/certificates/upload-base64',
    token,
    body: typeof body === 'string' ? body : json(body),
    expect,
  });
  const valid = `data:image/png;base64,${Buffer.from(await png(8, 8, 8 * 25)).toString('base64')}`;
  for (const file of await hostileFiles())
    cases.push(upload(file.name, { fileData: file.dataUrl, userId: a.user.userId }));
  cases.push(
    ...malformedBodies({
      method: 'POST',
      base: 'function',
      path: '/certificates/upload-base64',
      token: a.user.token,
    }),
  );
  cases.push(upload('fileData is a number', { fileData: 42, userId: a.user.userId }));
  cases.push(upload('fileData is an object', { fileData: { data: 'x' }, userId: a.user.userId }));
  cases.push(upload('userId is not a UUID', { fileData: valid, userId: "' or 1=1--" }));
  cases.push(upload('userId traversal', { fileData: valid, userId: '../../admin' }));
  cases.push(upload("another user's id", { fileData: valid, userId: a.other.userId }, a.user.token, [403]));
  cases.push(upload('mode other than process', { fileData: valid, userId: a.user.userId, mode: 'raw' }));
  cases.push(
    upload('a 100 KB certificate name', {
      fileData: valid,
      userId: a.user.userId,
      certificateName: 'n'.repeat(100_000),
    }),
  );
  cases.push(
    upload(
      'NUL in the certificate name',
      { fileData: valid, userId: a.user.userId, certificateName: `a${NUL}b` },
      a.user.token,
      [400],
    ),
  );
  cases.push(
    upload(
      'NUL in the file name',
      { fileData: valid, userId: a.user.userId, fileName: `a${NUL}.png` },
      a.user.token,
      [400],
    ),
  );
  cases.push(
    upload('a name of 10,000 combining marks', {
      fileData: valid,
      userId: a.user.userId,
      certificateName: COMBINING,
    }),
  );
  for (const traversal of TRAVERSALS.slice(0, 2)) {
    // Valid file, hostile name: must not be stored under that name; refused as over-long or as the
    // user's file being unreadable? Neither: the name is cut to its base name. These go with a bomb so
    // that the case stays a refusal and the traversal is parsed first.
    cases.push(
      upload(`file name ${traversal} with a bomb`, {
        fileData: (await hostileFiles())[0]!.dataUrl,
        userId: a.user.userId,
        fileName: traversal,
      }),
    );
  }
  cases.push(upload('anonymous upload', { fileData: valid, userId: a.user.userId }, ANON_KEY, [401]));
  // Every filter, sort and paging parameter each list takes (unknown parameters are ignored).
  const lists: [string, string[]][] = [
    ['/certificates/all', ['sortBy', 'sortOrder', 'fileType', 'verificationStatus', 'limit', 'offset']],
    ['/certificates/revoked', ['sortBy', 'sortOrder', 'fileType', 'limit', 'offset']],
  ];
  for (const [list, params] of lists) {
    for (const param of params) {
      cases.push({
        name: `${list}?${param}= SQL`,
        method: 'GET',
        base: 'function',
        path: `${list}?${param}=${encodeURIComponent(pick(SQL_FRAGMENTS))}`,
        token: a.admin.token,
        expect: [400],
      });
    }
  }
  cases.push({
    name: 'stats scope SQL',
    method: 'GET',
    base: 'function',
    path: `/certificates/stats?scope=${encodeURIComponent(pick(SQL_FRAGMENTS))}`,
    token: a.admin.token,
    expect: [400],
  });
  cases.push({
    name: 'limit 1e9',
    method: 'GET',
    base: 'function',
    path: '/certificates/all?limit=1000000000',
    token: a.admin.token,
    expect: [400],
  });
  cases.push({
    name: 'offset negative',
    method: 'GET',
    base: 'function',
    path: '/certificates/all?offset=-1',
    token: a.admin.token,
    expect: [400],
  });
  cases.push({
    name: 'limit NaN',
    method: 'GET',
    base: 'function',
    path: `/certificates/user/${a.user.userId}?limit=NaN`,
    token: a.user.token,
    expect: [400],
  });
  cases.push({
    name: 'user list offset SQL',
    method: 'GET',
    base: 'function',
    path: `/certificates/user/${a.user.userId}?offset=${encodeURIComponent(SQL_FRAGMENTS[0]!)}`,
    token: a.user.token,
    expect: [400],
  });
  cases.push({
    name: "another user's certificates",
    method: 'GET',
    base: 'function',
    path: `/certificates/user/${a.other.userId}`,
    token: a.user.token,
    expect: [403],
  });
  cases.push({
    name: "another user's named certificates",
    method: 'GET',
    base: 'function',
    path: `/certificates/user/${a.other.userId}/with-name`,
    token: a.user.token,
    expect: [403],
  });
  cases.push({
    name: 'user id traversal in the path',
    method: 'GET',
    base: 'function',
    path: '/certificates/user/..%2F..%2Fall',
    token: a.user.token,
  });
  cases.push({
    name: 'user id SQL in the path',
    method: 'GET',
    base: 'function',
    path: `/certificates/user/${encodeURIComponent(SQL_FRAGMENTS[0]!)}`,
    token: a.user.token,
    expect: [400],
  });
  for (const action of ['revoke', 'unrevoke', 'approve', 'reject']) {
    cases.push({
      name: `${action} another user's certificate as a user`,
      method: 'POST',
      base: 'function',
      path: `/certificates/${action}/${a.otherCertificateId}`,
      token: a.user.token,
      expect: [403],
    });
    cases.push({
      name: `${action} a non-UUID`,
      method: 'POST',
      base: 'function',
      path: `/certificates/${action}/${encodeURIComponent(pick(SQL_FRAGMENTS))}`,
      token: a.admin.token,
      expect: [400],
    });
    cases.push({
      name: `${action} an unknown id`,
      method: 'POST',
      base: 'function',
      path: `/certificates/${action}/${crypto.randomUUID()}`,
      token: a.admin.token,
      // Revoking needs a reason (issue 9); with one, only the unknown id is wrong.
      body: JSON.stringify({ reason: 'Issued in error' }),
      contentType: 'application/json',
      expect: [404],
    });
  }
  cases.push(...tokenCases(a, { method: 'GET', base: 'function', path: '/certificates/all' }));
  cases.push(
    ...tokenCases(a, {
      method: 'POST',
      base: 'function',
      path: `/certificates/revoke/${a.otherCertificateId}`,
    }),
  );
  return cases;
}

async function verificationCases(a: Actors): Promise<Case[]> {
  const cases: Case[] = [];
  const verify = (name: string, body: unknown): Case => ({
    name: `verify: ${name}`,
    method: 'POST',
    base: 'function',
    path: '/verification/verify',
    // As the admin, so the per-client rate limit does not turn the cases into 429s.
    token: a.admin.token,
    body: typeof body === 'string' ? body : json(body),
  });
  for (const file of await hostileFiles()) cases.push(verify(file.name, { fileData: file.dataUrl }));
  cases.push(
    ...malformedBodies({
      method: 'POST',
      base: 'function',
      path: '/verification/verify',
      token: a.admin.token,
    }),
  );
  cases.push(verify('fileData is a number', { fileData: 7 }));
  cases.push(verify('fileData is null', { fileData: null }));
  cases.push(verify('fileData is an array', { fileData: ['data:image/png;base64,AAAA'] }));
  cases.push(verify('no fileData', { file: 'data:image/png;base64,AAAA' }));
  for (const text of UNICODE_STRINGS.slice(0, 4))
    cases.push(verify(`unicode fileData ${json(text.slice(0, 8))}`, { fileData: text }));
  for (const fragment of SQL_FRAGMENTS.slice(0, 3))
    cases.push(verify(`SQL as fileData ${fragment}`, { fileData: fragment }));
  cases.push({
    name: 'verify: 30 MB body',
    method: 'POST',
    base: 'function',
    path: '/verification/verify',
    token: a.admin.token,
    body: json({ fileData: `data:image/png;base64,${'A'.repeat(30 << 20)}` }),
    expect: [413],
  });
  cases.push(
    ...tokenCases(a, {
      method: 'POST',
      base: 'function',
      path: '/verification/verify',
      body: json({ fileData: 'data:image/png;base64,AAAA' }),
    }),
  );
  cases.push(...tokenCases(a, { method: 'GET', base: 'function', path: '/verification/stats' }));
  return cases;
}

function userCases(a: Actors): Case[] {
  const cases: Case[] = [];
  const patch = (
    name: string,
    userId: string,
    field: 'role' | 'status',
    body: unknown,
    token = a.admin.token,
    expect?: number[],
  ): Case => ({
    name: `PATCH ${field}: ${name}`,
    method: 'PATCH',
    base: 'function',
    path: `/users/${userId}/${field}`,
    token,
    body: typeof body === 'string' ? body : json(body),
    expect,
  });
  for (const field of ['role', 'status'] as const) {
    cases.push(
      ...malformedBodies({
        method: 'PATCH',
        base: 'function',
        path: `/users/${a.other.userId}/${field}`,
        token: a.admin.token,
      }),
    );
    cases.push(patch('wrong type', a.other.userId, field, { [field]: 1 }, a.admin.token, [400]));
    cases.push(patch('array', a.other.userId, field, { [field]: ['admin'] }, a.admin.token, [400]));
    cases.push(
      patch('unknown value', a.other.userId, field, { [field]: 'superadmin' }, a.admin.token, [400]),
    );
    cases.push(
      patch('SQL value', a.other.userId, field, { [field]: pick(SQL_FRAGMENTS) }, a.admin.token, [400]),
    );
    cases.push(patch('NUL value', a.other.userId, field, { [field]: `admin${NUL}` }, a.admin.token, [400]));
    cases.push(patch('RLO value', a.other.userId, field, { [field]: `${RLO}nimda` }, a.admin.token, [400]));
    cases.push(
      patch(
        'as a plain user',
        a.other.userId,
        field,
        { [field]: field === 'role' ? 'admin' : 'banned' },
        a.user.token,
        [403],
      ),
    );
    cases.push(
      patch(
        'as a user on themself',
        a.user.userId,
        field,
        { [field]: field === 'role' ? 'admin' : 'active' },
        a.user.token,
        [403],
      ),
    );
    cases.push(
      patch(
        'admin on themself',
        a.admin.userId,
        field,
        { [field]: field === 'role' ? 'user' : 'banned' },
        a.admin.token,
        [403],
      ),
    );
    cases.push(
      patch(
        'unknown user',
        crypto.randomUUID(),
        field,
        { [field]: field === 'role' ? 'user' : 'active' },
        a.admin.token,
        [404],
      ),
    );
    cases.push(
      patch(
        'SQL user id',
        encodeURIComponent(pick(SQL_FRAGMENTS)),
        field,
        { [field]: 'user' },
        a.admin.token,
        [400],
      ),
    );
    cases.push(patch('traversal user id', '..%2F..%2Fusers', field, { [field]: 'user' }));
    cases.push(
      patch(
        '20 KB body',
        a.other.userId,
        field,
        { [field]: 'user', pad: 'x'.repeat(20_000) },
        a.admin.token,
        [413],
      ),
    );
  }
  cases.push({
    name: 'list users as a user',
    method: 'GET',
    base: 'function',
    path: '/users',
    token: a.user.token,
    expect: [403],
  });
  cases.push({
    name: 'user stats as a user',
    method: 'GET',
    base: 'function',
    path: '/users/stats',
    token: a.user.token,
    expect: [403],
  });
  cases.push({
    name: 'list users anonymously',
    method: 'GET',
    base: 'function',
    path: '/users',
    expect: [401],
  });
  cases.push({
    name: 'delete another user as a user',
    method: 'DELETE',
    base: 'function',
    path: `/users/${a.other.userId}`,
    token: a.user.token,
    expect: [403],
  });
  cases.push({
    name: 'admin deletes themself',
    method: 'DELETE',
    base: 'function',
    path: `/users/${a.admin.userId}`,
    token: a.admin.token,
    expect: [403],
  });
  cases.push({
    name: 'delete an unknown user',
    method: 'DELETE',
    base: 'function',
    path: `/users/${crypto.randomUUID()}`,
    token: a.admin.token,
    expect: [404],
  });
  cases.push({
    name: 'delete a SQL id',
    method: 'DELETE',
    base: 'function',
    path: `/users/${encodeURIComponent(SQL_FRAGMENTS[1]!)}`,
    token: a.admin.token,
    expect: [400],
  });
  cases.push(...tokenCases(a, { method: 'GET', base: 'function', path: '/users' }));
  cases.push(...tokenCases(a, { method: 'DELETE', base: 'function', path: `/users/${a.other.userId}` }));
  return cases;
}

async function storageCases(a: Actors): Promise<Case[]> {
  const cases: Case[] = [];
  const put = (
    name: string,
    objectPath: string,
    body: Uint8Array | string,
    contentType: string,
    token = a.user.token,
    expect?: number[],
  ): Case => ({
    name: `upload object: ${name}`,
    method: 'POST',
    base: 'storage',
    path: `/object/certificates/${objectPath}`,
    token,
    body,
    contentType,
    expect,
  });
  const small = await png(4, 4, 4 * 13);
  const own = a.user.userId;
  // Users write only through the API (migration 0900): direct uploads are refused whatever the path.
  for (const traversal of TRAVERSALS)
    cases.push(put(`raw traversal ${traversal}`, `${own}/${traversal}`, small, 'image/png'));
  for (const traversal of TRAVERSALS)
    cases.push(put(`traversal ${traversal}`, `${own}/${encodeURIComponent(traversal)}`, small, 'image/png'));
  cases.push(put("into another user's folder", `${a.other.userId}/x.png`, small, 'image/png'));
  cases.push(put("over another user's object", a.otherObject, small, 'image/png'));
  cases.push(put('into the own folder (API only)', `${own}/direct.png`, small, 'image/png'));
  cases.push(put('anonymously', `${own}/anon.png`, small, 'image/png', ANON_KEY));
  cases.push(put('SVG', `${own}/x.svg`, enc.encode('<svg onload="alert(1)"/>'), 'image/svg+xml'));
  cases.push(put('HTML', `${own}/x.html`, enc.encode('<script>alert(1)</script>'), 'text/html'));
  cases.push(put('11 MB', `${own}/big.png`, new Uint8Array(11 << 20), 'image/png'));
  cases.push(put('NUL in the name', `${own}/a${encodeURIComponent(NUL)}b.png`, small, 'image/png'));
  cases.push(put('RLO in the name', `${own}/${encodeURIComponent(`${RLO}gnp.exe`)}`, small, 'image/png'));
  cases.push(
    put('10,000 combining marks in the name', `${own}/${encodeURIComponent(COMBINING)}`, small, 'image/png'),
  );
  for (const [label, token] of Object.entries(a.forged)) {
    cases.push(
      put(
        `with a forged token (${label})`,
        `${own}/forged.png`,
        small,
        'image/png',
        token,
        [400, 401, 403, 431],
      ),
    );
  }
  for (const bucket of ['..%2Fcertificates', encodeURIComponent(SQL_FRAGMENTS[0]!), 'no-such-bucket']) {
    cases.push({
      name: `upload into bucket ${bucket}`,
      method: 'POST',
      base: 'storage',
      path: `/object/${bucket}/x.png`,
      token: a.user.token,
      body: small,
      contentType: 'image/png',
    });
  }
  cases.push({
    name: "read another user's object",
    method: 'GET',
    base: 'storage',
    path: `/object/authenticated/certificates/${a.otherObject}`,
    token: a.user.token,
  });
  cases.push({
    name: "read another user's object by traversal",
    method: 'GET',
    base: 'storage',
    path: `/object/authenticated/certificates/${own}/..%2F${a.otherObject}`,
    token: a.user.token,
  });
  cases.push({
    name: 'public URL of a private object',
    method: 'GET',
    base: 'storage',
    path: `/object/public/certificates/${a.otherObject}`,
  });
  cases.push({
    name: "sign another user's object",
    method: 'POST',
    base: 'storage',
    path: `/object/sign/certificates/${a.otherObject}`,
    token: a.user.token,
    body: json({ expiresIn: 60 }),
  });
  cases.push({
    name: 'sign with a negative expiry',
    method: 'POST',
    base: 'storage',
    path: `/object/sign/certificates/${a.otherObject}`,
    token: a.user.token,
    body: json({ expiresIn: -1 }),
  });
  cases.push({
    name: 'sign with a string expiry',
    method: 'POST',
    base: 'storage',
    path: `/object/sign/certificates/${a.otherObject}`,
    token: a.user.token,
    body: json({ expiresIn: '1; drop table' }),
  });
  cases.push({
    name: 'signed URL with a forged token',
    method: 'GET',
    base: 'storage',
    path: `/object/sign/certificates/${a.otherObject}?token=${a.forged['HS256 with another secret']}`,
  });
  cases.push({
    name: 'signed URL with a token for another path',
    method: 'GET',
    base: 'storage',
    path: `/object/sign/certificates/${own}/x.png?token=${a.forged['edited role claim (service_role), original signature']}`,
  });
  cases.push({
    name: "move another user's object",
    method: 'POST',
    base: 'storage',
    path: '/object/move',
    token: a.user.token,
    body: json({ bucketId: 'certificates', sourceKey: a.otherObject, destinationKey: `${own}/stolen.png` }),
  });
  cases.push({
    name: "copy another user's object",
    method: 'POST',
    base: 'storage',
    path: '/object/copy',
    token: a.user.token,
    body: json({ bucketId: 'certificates', sourceKey: a.otherObject, destinationKey: `${own}/stolen.png` }),
  });
  cases.push({
    name: 'list with malformed JSON',
    method: 'POST',
    base: 'storage',
    path: '/object/list/certificates',
    token: a.user.token,
    body: '{"prefix":',
  });
  cases.push({
    name: 'list with a wrong-typed limit',
    method: 'POST',
    base: 'storage',
    path: '/object/list/certificates',
    token: a.user.token,
    body: json({ prefix: '', limit: 'all' }),
  });
  cases.push({
    name: 'list with a wrong-typed sortBy',
    method: 'POST',
    base: 'storage',
    path: '/object/list/certificates',
    token: a.user.token,
    body: json({ prefix: '', sortBy: { column: pick(SQL_FRAGMENTS), order: 'asc' } }),
  });
  cases.push({
    name: 'create a bucket as a user',
    method: 'POST',
    base: 'storage',
    path: '/bucket',
    token: a.user.token,
    body: json({ name: 'evil', public: true }),
  });
  cases.push({
    name: 'make the bucket public as a user',
    method: 'PUT',
    base: 'storage',
    path: '/bucket/certificates',
    token: a.user.token,
    body: json({ public: true }),
  });
  cases.push({
    name: 'empty the bucket as a user',
    method: 'POST',
    base: 'storage',
    path: '/bucket/certificates/empty',
    token: a.user.token,
  });
  cases.push({
    name: 'delete the bucket as a user',
    method: 'DELETE',
    base: 'storage',
    path: '/bucket/certificates',
    token: a.user.token,
  });
  for (const body of MALFORMED_JSON.slice(0, 6)) {
    cases.push({
      name: `create bucket with ${json(body)}`,
      method: 'POST',
      base: 'storage',
      path: '/bucket',
      token: a.user.token,
      body,
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// The tests (one per family; each family's state is compared before and after)
// ---------------------------------------------------------------------------------------------

test('hostile input: auth (sign-up, sign-in, user and admin endpoints)', async () => {
  const a = await arrange();
  await runFamily('auth', authCases(a));
});

test('hostile input: certificates', async () => {
  const a = await arrange();
  await runFamily('certificates', await certificateCases(a));
});

test('hostile input: verification', async () => {
  const a = await arrange();
  await runFamily('verification', await verificationCases(a));
});

test('hostile input: users', async () => {
  const a = await arrange();
  await runFamily('users', userCases(a));
});

test('hostile input: storage', async () => {
  const a = await arrange();
  await runFamily('storage', await storageCases(a));
});
