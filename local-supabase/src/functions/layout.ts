/** Which folders are functions, and where each one's code and config are. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FunctionConfig } from '../stack/types.ts';

/** Where a function's code and config are, resolved the way the Supabase CLI resolves them. */
export interface FunctionLayout {
  entrypoint: string;
  /** deno.json(c) or import map; undefined when the function has none (then Deno runs without one). */
  config: string | undefined;
  /** Glob patterns of static files deployed with it (absolute). */
  staticFiles: string[];
}

/**
 * The CLI's precedence (`supabase functions serve|deploy`): `import_map` from config.toml, else the
 * function's own deno.json, else its deno.jsonc, else `functions/import_map.json`. There is no fallback
 * to `functions/deno.json`: a function that needs it names it with `import_map`, so what runs here is
 * what deploys. The entrypoint is `entrypoint` from config.toml, else `<name>/index.ts`.
 */
export function functionLayout(
  functionsDir: string,
  name: string,
  config: { importMap?: string; entrypoint?: string; staticFiles?: string[] } | undefined,
): FunctionLayout {
  const dir = path.join(functionsDir, name);
  const candidates = [
    config?.importMap,
    path.join(dir, 'deno.json'),
    path.join(dir, 'deno.jsonc'),
    path.join(functionsDir, 'import_map.json'),
  ];
  return {
    entrypoint: config?.entrypoint ?? path.join(dir, 'index.ts'),
    config: config?.importMap ?? candidates.find((file) => file !== undefined && existsSync(file)),
    staticFiles: config?.staticFiles ?? [],
  };
}

// Folder names starting with '_' hold shared code, not functions (as with the Supabase CLI).
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** A folder the runner serves: a function's name, not disabled in config.toml, with its entry module. */
export function isServedFunction(
  functionsDir: string,
  name: string,
  functions: Record<string, FunctionConfig>,
): boolean {
  return (
    FUNCTION_NAME.test(name) &&
    functions[name]?.enabled !== false &&
    existsSync(functionLayout(functionsDir, name, functions[name]).entrypoint)
  );
}
