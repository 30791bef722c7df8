/**
 * The security headers of the web app, computed from the HTML that is served: a Content-Security-Policy
 * whose script-src allows the page's own inline scripts by SHA-256 hash (no 'unsafe-inline' for
 * scripts), plus nosniff, a referrer policy and framing refused. The same functions print the headers
 * for a production static host (see print-headers.ts and docs/security.md, "Web hardening").
 */
import { createHash } from 'node:crypto';

export interface SecurityHeaderOptions {
  /** The Supabase project URL the app talks to (API, auth, signed storage URLs). */
  supabaseUrl: string;
}

/** Headers every response of the web app carries. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // For browsers without CSP frame-ancestors.
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** `'sha256-…'` sources for every inline script (one without src) in `html`, in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return [...new Set(hashes)];
}

/**
 * The policy for a page. Styles keep 'unsafe-inline' because Mantine sets style attributes and
 * injects its CSS variables at run time; scripts never do.
 */
export function contentSecurityPolicy(html: string, options: SecurityHeaderOptions): string {
  const api = new URL(options.supabaseUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(html)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", api],
    // PDF previews: signed storage URLs and blobs of the file being verified.
    'frame-src': ["'self'", 'blob:', api],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Headers for an HTML document. */
export function documentSecurityHeaders(
  html: string,
  options: SecurityHeaderOptions,
): Record<string, string> {
  return { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(html, options) };
}
