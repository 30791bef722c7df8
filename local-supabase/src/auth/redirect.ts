/**
 * Which `redirect_to` values GoTrue honours: the site URL's origin (any port on localhost), any
 * loopback IP, or a match of the allow list (`additional_redirect_urls`, glob patterns whose `*`
 * stops at '.' and '/', while `**` crosses them). Anything else falls back to the Referer, then
 * the site URL.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Compiles a GoTrue allow-list glob into an anchored regular expression. */
export function globToRegExp(pattern: string): RegExp {
  const segment = '[^./]';
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        out += '.*';
        i++;
      } else {
        out += `${segment}*`;
      }
    } else if (ch === '?') {
      out += segment;
    } else if (ch === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end === -1) {
        out += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      if (body.startsWith('!')) body = `^${body.slice(1)}`;
      out += `[${body.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (ch === '{') {
      braceDepth++;
      out += '(?:';
    } else if (ch === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (ch === ',' && braceDepth > 0) {
      out += '|';
    } else if (ch === '\\' && i + 1 < pattern.length) {
      out += escapeRegExp(pattern[i + 1] as string);
      i++;
    } else {
      out += escapeRegExp(ch);
    }
  }
  return new RegExp(`^${out}$`);
}

const isLocalhost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
const isLoopbackIp = (host: string) => /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
const isIpv4 = (host: string) => /^\d+\.\d+\.\d+\.\d+$/.test(host);
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

export class RedirectPolicy {
  private readonly allowList: RegExp[];

  constructor(
    readonly siteUrl: string,
    allowList: string[],
  ) {
    this.allowList = allowList.map(globToRegExp);
  }

  isAllowed(candidate: string): boolean {
    if (!candidate) return false;
    let base: URL;
    let target: URL;
    try {
      base = new URL(this.siteUrl);
      target = new URL(candidate);
    } catch {
      return false;
    }
    if (
      base.hostname === target.hostname &&
      base.protocol === target.protocol &&
      (base.port === target.port || isLocalhost(target.hostname))
    ) {
      return true;
    }
    if (/^\d+$/.test(target.hostname)) return false;
    if (isIpv4(target.hostname) || target.hostname.startsWith('[')) return isLoopbackIp(target.hostname);
    const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
    if (isHttp && !REGULAR_HOSTNAME.test(target.hostname)) return false;
    const withoutFragment = candidate.split('#')[0] ?? candidate;
    return this.allowList.some((pattern) => pattern.test(withoutFragment));
  }

  /** GoTrue's choice of where to send the user: redirect_to, else Referer, else the site URL. */
  resolve(redirectTo: string, referer: string | undefined): string {
    if (this.isAllowed(redirectTo)) return redirectTo;
    if (referer && this.isAllowed(referer)) return referer;
    return this.siteUrl;
  }
}
