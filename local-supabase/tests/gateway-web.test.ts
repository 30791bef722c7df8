/** The web app server: config injection, SPA fallback, content types, cache headers, path safety. */
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp, webBuildIsStale } from '../src/web-server/index.ts';

let root: string;
let dist: string;
let server: ServerType;
let baseUrl: string;
const config = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon.key</script><script>x' };

const indexHtml = (asset: string) =>
  `<!doctype html><html><head><!-- app-config --></head><body><script type="module" src="/assets/${asset}"></script></body></html>`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'web-test-'));
  dist = path.join(root, 'web', 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'secret.txt'), 'outside dist');
  await writeFile(path.join(dist, 'index.html'), indexHtml('app-abc123.js'));
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'style-def456.css'), 'body{}');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

describe('web server', () => {
  it('injects the stack URL and anon key into index.html, safely escaped', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).not.toContain('<!-- app-config -->');
    const script = /<script>window\.__APP_CONFIG__=(.*?)<\/script>/.exec(html);
    expect(script?.[1]).toBeDefined();
    expect(JSON.parse(script?.[1] ?? '')).toEqual(config);
    expect(html).not.toContain('</script><script>x');
  });

  it('answers client routes with the app and keeps real 404s for files', async () => {
    for (const route of ['/login', '/admin/certificates/all', '/verify?x=1']) {
      const res = await fetch(`${baseUrl}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toContain('window.__APP_CONFIG__');
    }
    for (const missing of ['/assets/gone-000000.js', '/robots.txt']) {
      const res = await fetch(`${baseUrl}${missing}`);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get('content-type'), missing).not.toMatch(/html/);
    }
  });

  it('serves assets with their content type; hashed ones are immutable', async () => {
    const js = await fetch(`${baseUrl}/assets/app-abc123.js`);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log(1)');
    const css = await fetch(`${baseUrl}/assets/style-def456.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const svg = await fetch(`${baseUrl}/favicon.svg`);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('cache-control')).toBe('no-cache');
    const head = await fetch(`${baseUrl}/assets/app-abc123.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
  });

  it('never serves files outside web/dist and refuses other methods', async () => {
    for (const attempt of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await fetch(`${baseUrl}${attempt}`);
      expect(await res.text(), attempt).not.toContain('outside dist');
    }
    expect((await fetch(`${baseUrl}/%E0%A4%A`)).status).toBe(400);
    const post = await fetch(`${baseUrl}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  it('picks up a rebuild without a restart', async () => {
    await writeFile(path.join(dist, 'index.html'), indexHtml('app-999999.js'));
    const later = new Date(Date.now() + 5000);
    await utimes(path.join(dist, 'index.html'), later, later);
    expect(await (await fetch(`${baseUrl}/`)).text()).toContain('/assets/app-999999.js');
  });

  it('calls the build stale when a source is newer than web/dist', async () => {
    const web = path.join(root, 'web');
    await mkdir(path.join(web, 'src'), { recursive: true });
    const source = path.join(web, 'src', 'main.tsx');
    await writeFile(source, 'export {}');
    // Relative to the build's time, not the clock's: however long the tests before took, "old" is older.
    const builtAt = (await stat(path.join(dist, 'index.html'))).mtimeMs;
    const old = new Date(builtAt - 60_000);
    await utimes(source, old, old);
    await utimes(path.join(web, 'src'), old, old);
    expect(await webBuildIsStale(web)).toBe(false);
    const newer = new Date(builtAt + 60_000);
    await utimes(source, newer, newer);
    expect(await webBuildIsStale(web)).toBe(true);
    expect(await webBuildIsStale(path.join(root, 'no-web'))).toBe(true);
  });
});
