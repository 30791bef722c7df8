/**
 * Prints the web app's security headers for a production static host, computed from the built
 * web/dist/index.html (run after `npm run build -w web`):
 *
 *   npx tsx local-supabase/src/web-server/print-headers.ts https://<project>.supabase.co [--format=netlify|nginx|json]
 *
 * `netlify` writes the `_headers` file format (Netlify, Cloudflare Pages); `nginx` writes add_header
 * lines; `json` the plain map (for Vercel's vercel.json "headers" or any other host).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_SECURITY_HEADERS, documentSecurityHeaders } from './security-headers.ts';

const ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

function main(argv: string[]): void {
  const supabaseUrl = argv.find((arg) => !arg.startsWith('--'));
  const format =
    /^--format=(\w+)$/.exec(argv.find((arg) => arg.startsWith('--format=')) ?? '')?.[1] ?? 'netlify';
  if (!supabaseUrl) {
    console.error('usage: print-headers.ts <supabase project URL> [--format=netlify|nginx|json]');
    process.exit(2);
  }
  const html = readFileSync(path.join(ROOT, 'web', 'dist', 'index.html'), 'utf8');
  const document = documentSecurityHeaders(html, { supabaseUrl });
  if (format === 'json') {
    console.log(JSON.stringify({ document, other: BASE_SECURITY_HEADERS }, null, 2));
  } else if (format === 'nginx') {
    for (const [name, value] of Object.entries(document))
      console.log(`add_header ${name} "${value}" always;`);
  } else {
    console.log('/*');
    for (const [name, value] of Object.entries(document)) console.log(`  ${name}: ${value}`);
  }
}

main(process.argv.slice(2));
