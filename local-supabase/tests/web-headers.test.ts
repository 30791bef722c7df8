/** Security headers of the served web app: CSP with hashed inline scripts, nosniff, referrer, framing. */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../src/web-server/index.ts';
import { inlineScriptHashes } from '../src/web-server/security-headers.ts';

let root: string;
let server: ServerType;
let baseUrl: string;
const config = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon-key' };
const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-headers-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><!-- app-config --></head>` +
      '<body><script type="module" src="/assets/app.js"></script></body></html>',
  );
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: createWebApp(dist, config).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s),
    );
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('web app security headers', () => {
  it('sends a CSP on the page that allows exactly its own inline scripts, by hash', async () => {
    for (const route of ['/', '/login', '/reset-password']) {
      const res = await fetch(`${baseUrl}${route}`);
      const html = await res.text();
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      const scripts = csp.get('script-src') ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      const configScript = /<script>(window\.__APP_CONFIG__=.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(configScript).not.toBe('');
      expect(scripts.sort()).toEqual(["'self'", sha256(THEME_SCRIPT), sha256(configScript)].sort());
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:54321']);
    }
  });

  it('sends nosniff, a referrer policy and no framing on every answer, assets and 404s included', async () => {
    for (const route of ['/', '/assets/app.js', '/assets/missing.js', '/nope.txt']) {
      const res = await fetch(`${baseUrl}${route}`);
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), route).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), route).toBe('DENY');
    }
    const post = await fetch(`${baseUrl}/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('hashes only scripts without src, and each once', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><SCRIPT type="text/javascript">a()</SCRIPT>' +
      '<script>\n  b();\n</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('\n  b();\n')]);
  });
});
