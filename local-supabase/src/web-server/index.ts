/**
 * Serves the built web app (web/dist) like a static host would, with the SPA fallback to index.html and
 * the stack's URL and anon key injected at the `<!-- app-config -->` marker, so one build runs against any stack.
 * Every response carries the security headers of security-headers.ts; the page also its CSP.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { BASE_SECURITY_HEADERS, contentSecurityPolicy } from './security-headers.ts';

const CONFIG_MARKER = '<!-- app-config -->';
/** Sources whose change makes web/dist stale. */
const SOURCES = ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json'];

export interface WebAppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

async function newestMtime(target: string): Promise<number> {
  let info;
  try {
    info = await stat(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** True when web/dist is missing or older than any web source. */
export async function webBuildIsStale(webDir: string): Promise<boolean> {
  const built = path.join(webDir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = (await stat(built)).mtimeMs;
  const sources = await Promise.all(SOURCES.map((s) => newestMtime(path.join(webDir, s))));
  return Math.max(...sources) > builtAt;
}

/** Runs `npm run build -w web`; output goes to `log` line by line. */
export function buildWebApp(rootDir: string, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'web'], {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        output.trim().split('\n').slice(-40).forEach(log);
        reject(new Error(`Building the web app failed (npm run build -w web exited with ${code}).`));
      }
    });
  });
}

/** Hashed build output may be cached forever; everything else must be revalidated. */
function cacheControl(relative: string): string {
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function createWebApp(distDir: string, config: WebAppConfig): Hono {
  const app = new Hono();
  const root = path.resolve(distDir);
  const script = `<script>window.__APP_CONFIG__=${JSON.stringify(config).replaceAll('<', '\\u003c')}</script>`;
  // Re-read when the build changes under a running stack, so index.html never names assets that are gone.
  let cached: { mtimeMs: number; html: string; csp: string } | undefined;
  const index = async () => {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = (await readFile(file, 'utf8')).replace(CONFIG_MARKER, script);
      cached = { mtimeMs, html, csp: contentSecurityPolicy(html, { supabaseUrl: config.supabaseUrl }) };
    }
    return cached;
  };

  const sendIndex = async (method: string) => {
    const { html, csp } = await index();
    return new Response(method === 'HEAD' ? null : html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': csp,
      },
    });
  };

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) c.res.headers.set(name, value);
  });

  app.on(['GET', 'HEAD'], '*', async (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(c.req.url).pathname).replace(/^\/+/, '');
    } catch {
      return c.text('Bad Request', 400);
    }
    const file = path.resolve(root, relative);
    if (file !== root && !file.startsWith(root + path.sep)) return c.text('Not Found', 404);
    if (relative === '' || relative === 'index.html') return sendIndex(c.req.method);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) {
      const body = c.req.method === 'HEAD' ? null : await readFile(file);
      return new Response(body, {
        headers: {
          'Content-Type': getMimeType(file) ?? 'application/octet-stream',
          'Content-Length': String(info.size),
          'Cache-Control': cacheControl(relative),
        },
      });
    }
    // Client-side routes get the app; a missing asset or file must stay a 404, not HTML.
    if (relative.startsWith('assets/') || path.extname(relative) !== '') return c.text('Not Found', 404);
    return sendIndex(c.req.method);
  });
  app.all('*', (c) => c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' }));
  app.onError((error, c) => {
    console.error('[web] request failed:', error);
    return c.text('Internal Server Error', 500);
  });
  return app;
}
