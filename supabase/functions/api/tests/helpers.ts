/**
 * Shared test plumbing: the running stack from the environment (see docs/api.md), personas signed in
 * through the real supabase-js client, API calls through the gateway, sample certificates.
 */
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import type { ReconcileReport } from '../certificates/reconcile.ts';
import { compressRgb, pngFile } from '../../_shared/copies/png.ts';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value)
    throw new Error(`${name} is not set: run the tests through scripts/with-test-stack.ts (see docs/api.md)`);
  return value;
}

export const API_URL = env('API_URL').replace(/\/+$/, '');
export const ANON_KEY = env('ANON_KEY');
export const SERVICE_ROLE_KEY = env('SERVICE_ROLE_KEY');
/** FUNCTION_URL overrides where the function is reached, e.g. a copy served on its own port. */
export const FUNCTION_URL = (Deno.env.get('FUNCTION_URL') ?? `${API_URL}/functions/v1/api`).replace(
  /\/+$/,
  '',
);
export const DEMO_PASSWORD = 'password123';

/** A direct connection as `postgres` for arranging and checking state behind the API's back. */
export const db = postgres(env('DB_URL'), { prepare: false, max: 4, onnotice: () => {} });

/**
 * Deno.test without the op/resource sanitizers: the shared database pool and keep-alive HTTP
 * connections deliberately outlive a single test.
 */
export function test(name: string, fn: () => Promise<void>) {
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });
}

export interface Persona {
  label: string;
  userId: string;
  email: string;
  token: string;
}

const client = () =>
  createClient(API_URL, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });

export const admin = createClient(API_URL, SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

export async function signIn(label: string, email: string, password = DEMO_PASSWORD): Promise<Persona> {
  const { data, error } = await client().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message}`);
  return { label, userId: data.user.id, email, token: data.session.access_token };
}

// Sign-ins are rate-limited per IP by the auth server, so each persona signs in once per test run.
const cache = new Map<string, Promise<Persona>>();
function once(key: string, make: () => Promise<Persona>): Promise<Persona> {
  let persona = cache.get(key);
  if (!persona) {
    persona = make();
    cache.set(key, persona);
  }
  return persona;
}

/** The demo accounts from supabase/seed.sql. */
export const demo = (role: 'admin' | 'moderator' | 'user') =>
  once(`demo:${role}`, () => signIn(role, `${role}@example.com`));

let counter = 0;
/** A confirmed account created through the auth admin API, signed in. */
export async function freshUser(label: string, role?: 'admin' | 'moderator'): Promise<Persona> {
  counter += 1;
  const email = `api-test-${label}-${Date.now()}-${counter}@example.com`;
  const { error } = await admin.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
    user_metadata: { firstname: 'Test', lastname: label },
  });
  if (error) throw new Error(`createUser failed: ${error.message}`);
  if (role) await db`update public.profiles set role = ${role} where email = ${email}`;
  return signIn(label, email);
}

/** Memoised fresh personas for the role matrix (one sign-in each per run). */
export const sharedUser = (key: string) => once(`fresh:${key}`, () => freshUser(key));

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string | null; json?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { apikey: ANON_KEY, ...options.headers };
  if (options.token !== null) headers.authorization = `Bearer ${options.token ?? ANON_KEY}`;
  let body: string | undefined = options.rawBody;
  if (options.json !== undefined) body = JSON.stringify(options.json);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${FUNCTION_URL}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the assertions will show it.
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export const toDataUrl = (bytes: Uint8Array, mime: string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

export interface SampleEntry {
  path: string;
  kind: string;
  mimeType: string;
  expected: { sameAs?: string; editedOf?: string };
}

/** Where `npm run certificates:samples` writes by default; SAMPLE_CERTIFICATES_DIR overrides it. */
const DEFAULT_SAMPLES_DIR = new URL('../../../../.local-supabase/sample-certificates', import.meta.url)
  .pathname;
const samplesDir = () => Deno.env.get('SAMPLE_CERTIFICATES_DIR') ?? DEFAULT_SAMPLES_DIR;

export function sampleBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(samplesDir(), path)));
}

export function sampleManifest(): SampleEntry[] {
  return (JSON.parse(readFileSync(join(samplesDir(), 'manifest.json'), 'utf8')) as { files: SampleEntry[] })
    .files;
}

export function sampleDataUrl(path: string): string {
  const entry = sampleManifest().find((file) => file.path === path);
  if (!entry) throw new Error(`sample ${path} is not in the manifest`);
  return toDataUrl(sampleBytes(path), entry.mimeType);
}

/**
 * A small PNG of four random colour blocks: a unique, valid, text-free image, so tests that only
 * need "some certificate" never collide on file_hash or share a content_hash with the samples.
 */
export async function uniquePng(width = 96, height = 64): Promise<Uint8Array> {
  const colours = Array.from({ length: 4 }, () => crypto.getRandomValues(new Uint8Array(3)));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]!;
      data.set(colour, (y * width + x) * 3);
    }
  }
  return pngFile(width, height, await compressRgb({ width, height, data }));
}

export const uniquePngDataUrl = async () => toDataUrl(await uniquePng(), 'image/png');

/** Uploads a unique image through the API as `persona` for `owner` (default: themself). */
export async function uploadUnique(persona: Persona, owner = persona.userId, name?: string) {
  const response = await call<{ certificate: { id: string; storage_path?: string; file_hash: string } }>(
    'POST',
    '/certificates/upload-base64',
    {
      token: persona.token,
      json: { fileData: await uniquePngDataUrl(), userId: owner, mode: 'process', certificateName: name },
    },
  );
  if (response.status !== 201)
    throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.certificate;
}

/** Names of the stored objects under `prefix` in the certificates bucket, read from the database. */
export async function storedObjects(prefix: string): Promise<string[]> {
  const rows = await db<{ name: string }[]>`
    select name from storage.objects where bucket_id = 'certificates' and name like ${prefix + '%'}`;
  return rows.map((row) => row.name);
}

/** The single row a query must return. */
export function one<T>(rows: readonly T[]): T {
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
  return rows[0]!;
}

/** `npm run reconcile -- --grace-seconds 0`, as an operator runs it by hand, and its JSON report. */
export async function reconcileByHand(): Promise<ReconcileReport> {
  const output = await new Deno.Command('npm', {
    args: ['run', '-s', 'reconcile', '--', '--grace-seconds', '0'],
    cwd: new URL('../../../../', import.meta.url).pathname,
    env: Deno.env.toObject(),
    stdout: 'piped',
    stderr: 'inherit',
  }).output();
  assert.equal(output.code, 0, 'npm run reconcile failed');
  return JSON.parse(new TextDecoder().decode(output.stdout)) as ReconcileReport;
}
