import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificationResult } from '@contract';
import type { VerificationProgress } from './verify-certificate';

/**
 * Hash-first verification against a real HTTP server, through the app's own adapter, the
 * browser's XMLHttpRequest (upload progress) and WebCrypto: which calls go out, in which order,
 * with which bodies, and what the caller hears while they run.
 */

type Handler = (res: ServerResponse, body: string) => void;

let server: Server;
let routes: Map<string, Handler>;
const seen: { path: string; body: string }[] = [];
let verifyCertificateFile: typeof import('./verify-certificate').verifyCertificateFile;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
  res.end(JSON.stringify(body));
}

function result(overrides: Partial<VerificationResult>): VerificationResult {
  return {
    verified: false,
    message: 'Certificate not found: no registered certificate matches this file',
    certificate: null,
    uploadedFile: { size: 0, type: 'image/png', hash: 'f'.repeat(64) },
    matchChannel: null,
    outcome: 'not_found',
    verdict: 'unknown',
    copyKind: null,
    differences: [],
    reasons: [],
    confidence: 0,
    evidence: null,
    registeredWithheld: false,
    ...overrides,
  };
}

const IDENTICAL = result({
  verified: true,
  message: 'Certificate verified: this file is identical to a registered certificate',
  matchChannel: 'exact_file',
  outcome: 'valid',
  verdict: 'identical',
  copyKind: 'original_file',
  confidence: 1,
});

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'apikey, authorization, content-type, accept',
        'Access-Control-Allow-Methods': 'POST, GET',
      });
      res.end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace('/functions/v1/api', '');
      seen.push({ path, body });
      const handler = routes.get(path);
      if (handler) handler(res, body);
      else json(res, 404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The adapter reads its address when first imported: point it at this server, then import.
  window.__APP_CONFIG__ = {
    supabaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    supabaseAnonKey: 'test-anon-key',
  };
  vi.resetModules();
  ({ verifyCertificateFile } = await import('./verify-certificate'));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  routes = new Map();
  routes.set('/verification/verify', (res, body) => {
    const { fileData } = JSON.parse(body) as { fileData: string };
    // The answer waits a little, as the comparison does, so the caller sees that stage.
    setTimeout(() => json(res, 200, result({ message: `seen ${fileData.length} characters` })), 50);
  });
});

const BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
const SHA256 = createHash('sha256').update(BYTES).digest('hex');

function pngFile(): File {
  return new File([BYTES], 'jane.png', { type: 'image/png' });
}

async function verify(file: File) {
  const progress: VerificationProgress[] = [];
  const answer = await verifyCertificateFile(file, { onProgress: (p) => progress.push(p) });
  return { answer, progress, stages: [...new Set(progress.map((p) => p.stage))] };
}

describe('verifyCertificateFile (hash-first)', () => {
  it('asks by SHA-256 first and uploads the file when the server has no hash endpoint (404)', async () => {
    const { answer, stages, progress } = await verify(pngFile());

    expect(seen.map((request) => request.path)).toEqual([
      '/verification/verify-hash',
      '/verification/verify',
    ]);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      fileHash: SHA256,
      size: BYTES.length,
      type: 'image/png',
    });
    const dataUrl = `data:image/png;base64,${Buffer.from(BYTES).toString('base64')}`;
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ fileData: dataUrl });
    expect(answer.via).toBe('upload');
    expect(answer.result.message).toBe(`seen ${dataUrl.length} characters`);

    expect(stages).toEqual(['hashing', 'checking-hash', 'uploading', 'comparing']);
    // The upload's total is the request body's size: the JSON around the data URL.
    const uploads = progress.filter(
      (p): p is Extract<VerificationProgress, { stage: 'uploading' }> => p.stage === 'uploading',
    );
    expect(uploads.at(-1)?.total).toBe(JSON.stringify({ fileData: dataUrl }).length);
  });

  it('answers an identical file by its hash alone, without uploading it', async () => {
    routes.set('/verification/verify-hash', (res) => json(res, 200, IDENTICAL));
    const { answer, stages } = await verify(pngFile());

    expect(seen.map((request) => request.path)).toEqual(['/verification/verify-hash']);
    expect(answer).toEqual({ result: IDENTICAL, via: 'hash' });
    expect(stages).toEqual(['hashing', 'checking-hash']);
  });

  it('uploads when the hash is not registered', async () => {
    routes.set('/verification/verify-hash', (res) => json(res, 200, result({})));
    const { answer } = await verify(pngFile());

    expect(seen.map((request) => request.path)).toEqual([
      '/verification/verify-hash',
      '/verification/verify',
    ]);
    expect(answer.via).toBe('upload');
  });

  it('stops with the server message when the hash check is rate limited', async () => {
    routes.set('/verification/verify-hash', (res) =>
      json(res, 429, { error: 'Too many verification requests. Try again in 60 seconds.' }),
    );
    await expect(verify(pngFile())).rejects.toThrow(
      'Too many verification requests. Try again in 60 seconds.',
    );
    expect(seen.map((request) => request.path)).toEqual(['/verification/verify-hash']);
  });

  it('uploads a file whose type the browser does not know by its extension, hashing it first', async () => {
    const tiff = new File([new Uint8Array([0x49, 0x49, 0x2a, 0x00])], 'scan.TIF', { type: '' });
    await verify(tiff);
    expect(JSON.parse(seen[0]?.body ?? '')).toMatchObject({ type: 'image/tiff', size: 4 });
    expect(seen[1]?.path).toBe('/verification/verify');
  });
});
