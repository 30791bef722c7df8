import { existsSync, readFileSync } from 'node:fs';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads a dotenv file of function secrets (`supabase/functions/.env`, as `supabase functions serve`
 * does): `KEY=value` lines, optional `export `, '#' comments, single or double quotes (double quotes
 * understand \n). Names starting with SUPABASE_ are reserved for the platform and skipped, as the CLI
 * skips them.
 */
export function readSecrets(file: string, warn: (message: string) => void): Record<string, string> {
  if (!existsSync(file)) return {};
  const secrets: Record<string, string> = {};
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = raw.trim().replace(/^export\s+/, '');
      if (line === '' || line.startsWith('#')) return;
      const eq = line.indexOf('=');
      const key = eq > 0 ? line.slice(0, eq).trim() : '';
      if (!NAME.test(key)) {
        warn(`${file}:${index + 1}: not a KEY=value line, ignored`);
        return;
      }
      if (key.startsWith('SUPABASE_')) {
        warn(`${file}:${index + 1}: names starting with SUPABASE_ are reserved, ${key} ignored`);
        return;
      }
      let value = line.slice(eq + 1).trim();
      const quote = value[0];
      if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
        value = value.slice(1, -1);
        if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
      } else {
        value = value.replace(/\s+#.*$/, '');
      }
      secrets[key] = value;
    });
  return secrets;
}

/**
 * Inherited so Deno finds its npm cache and can reach the registry on a first run: proxies, a custom
 * registry, and the certificate authorities npm and Node are told to trust.
 */
const PASSED_ENV = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'DENO_DIR',
  'XDG_CACHE_HOME',
  'NPM_CONFIG_REGISTRY',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];

/** The runner's own environment, only what a function process needs of it (PASSED_ENV). */
export const inheritedEnv = (): Record<string, string> =>
  Object.fromEntries(
    PASSED_ENV.flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key] as string]])),
  );
