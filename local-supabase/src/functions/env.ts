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
