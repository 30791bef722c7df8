/**
 * `npm run seed:certificates`: fills a fresh local stack with a handful of sample certificates, uploaded
 * through the api function as the demo admin (so hashing, OCR and storage run for real), one revoked.
 * Safe to run twice: files already registered are reported as already there and left alone.
 *
 * Stack from the environment (API_URL, ANON_KEY) or, failing that, the one `npm start` is running.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDataDir, readRunningState, ROOT_DIR } from '../local-supabase/src/stack/state.ts';

interface ManifestEntry {
  path: string;
  mimeType: string;
  fields: {
    title: string;
    recipient: string;
    course: string;
    grade: string;
    date: string;
    number: string;
    issuer: string;
  };
}

interface Seed {
  file: string;
  owner: 'admin' | 'user';
  revoke?: boolean;
}

/**
 * Two for the demo user's profile, two for the admin, one of them revoked. `scanned.pdf` is not one:
 * it is a scan of distinct-3.png (same certificate number), kept for trying verification of a scan.
 */
const SEEDS: Seed[] = [
  { file: 'base.png', owner: 'user' },
  { file: 'text-layer.pdf', owner: 'user' },
  { file: 'distinct-2.jpg', owner: 'admin' },
  { file: 'distinct-3.png', owner: 'admin', revoke: true },
];

const DEMO_PASSWORD = 'password123';

function stackEnv(): { apiUrl: string; anonKey: string } {
  if (process.env.API_URL && process.env.ANON_KEY) {
    return { apiUrl: process.env.API_URL, anonKey: process.env.ANON_KEY };
  }
  const state = readRunningState(defaultDataDir());
  if (!state) throw new Error('No stack: start one with `npm start` (or set API_URL and ANON_KEY).');
  return { apiUrl: state.env.API_URL, anonKey: state.env.ANON_KEY };
}

/** Connection failures that mean a pooled keep-alive connection was closed by the server meanwhile. */
const CLOSED_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * fetch, tried once more when it fails on a connection the server had already closed (its keep-alive
 * timeout ran out while this process was busy). Safe for every call here: sign-in is read-only and an
 * upload repeated after all answers 409 (already registered), which counts as done.
 */
async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (!code || !CLOSED_CONNECTION.has(code)) throw error;
    console.log(`retrying ${new URL(url).pathname} after a closed connection (${code})`);
    return fetch(url, init);
  }
}

async function signIn(apiUrl: string, anonKey: string, email: string) {
  const response = await fetchOnce(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id: string }; message?: string };
  if (!response.ok || !body.access_token || !body.user) {
    throw new Error(`Sign-in of ${email} failed: ${response.status} ${body.message ?? ''}`);
  }
  return { token: body.access_token, userId: body.user.id };
}

/**
 * The sample files, generated first if missing (several seconds of CPU in a child process). Awaited
 * without blocking this process's event loop, and before any request, so no pooled connection sits
 * idle past the gateway's keep-alive timeout meanwhile (the cause of "fetch failed" on a first start).
 */
async function samples(): Promise<{ dir: string; entries: ManifestEntry[] }> {
  const dir =
    process.env.SAMPLE_CERTIFICATES_DIR ?? path.join(ROOT_DIR, '.local-supabase', 'sample-certificates');
  if (!existsSync(path.join(dir, 'manifest.json'))) {
    console.log(`Generating sample certificates in ${dir} ...`);
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn('npm', ['run', '-s', 'certificates:samples', '--', '--out', dir], {
        cwd: ROOT_DIR,
        stdio: 'inherit',
      });
      child.once('error', () => resolve(null));
      child.once('exit', (code) => resolve(code));
    });
    if (status !== 0) throw new Error('Generating the sample certificates failed');
  }
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    files: ManifestEntry[];
  };
  return { dir, entries: manifest.files };
}

async function main() {
  const { apiUrl, anonKey } = stackEnv();
  const functionUrl = `${apiUrl}/functions/v1/api`;
  const { dir, entries } = await samples();
  const admin = await signIn(apiUrl, anonKey, 'admin@example.com');
  const user = await signIn(apiUrl, anonKey, 'user@example.com');

  const headers = {
    apikey: anonKey,
    authorization: `Bearer ${admin.token}`,
    'content-type': 'application/json',
  };
  for (const seed of SEEDS) {
    const entry = entries.find((e) => e.path === seed.file);
    if (!entry) throw new Error(`${seed.file} is missing from the sample manifest`);
    const bytes = readFileSync(path.join(dir, seed.file));
    const response = await fetchOnce(`${functionUrl}/certificates/upload-base64`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        fileData: `data:${entry.mimeType};base64,${bytes.toString('base64')}`,
        userId: seed.owner === 'admin' ? admin.userId : user.userId,
        mode: 'process',
        certificateName: entry.fields.title,
        recipientName: entry.fields.recipient,
        course: entry.fields.course,
        grade: entry.fields.grade,
        issueDate: entry.fields.date,
        certificateNumber: entry.fields.number,
        issuer: entry.fields.issuer,
      }),
    });
    const body = (await response.json()) as {
      certificate?: { id: string; revoked: boolean };
      error?: string;
    };
    // 409 with the certificate: this very file is already registered (a second run). A 409 without
    // one is another conflict (a certificate number taken by another file): a real failure.
    const alreadyThere = response.status === 409 && body.certificate !== undefined;
    if (response.status !== 201 && !alreadyThere) {
      throw new Error(`Upload of ${seed.file} failed: ${response.status} ${body.error ?? ''}`);
    }
    const certificate = body.certificate;
    console.log(`${response.status === 201 ? 'uploaded' : 'already there'}: ${seed.file} (${seed.owner})`);
    if (seed.revoke && certificate && !certificate.revoked) {
      const revoked = await fetchOnce(`${functionUrl}/certificates/revoke/${certificate.id}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ reason: 'Sample of a revoked certificate' }),
      });
      if (!revoked.ok && revoked.status !== 409)
        throw new Error(`Revoking ${seed.file} failed: ${revoked.status}`);
      await revoked.body?.cancel();
      console.log(`revoked: ${seed.file}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
