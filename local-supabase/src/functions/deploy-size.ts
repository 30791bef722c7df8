/**
 * What `supabase functions deploy` would pack for a function, measured without deploying: every file
 * of its module graph as the Supabase bundler (the edge runtime's eszip bundler) includes it, and
 * every npm package of its lockfile as a whole folder. See docs/function-size.md for how the bundler
 * packs a function (with the sources) and why this is an upper bound.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { configArgs } from './worker.ts';
import type { FunctionLayout } from './layout.ts';

/** Hosted Supabase refuses bundles over 20 MB; the check keeps a margin (decimal megabytes, the smaller reading). */
export const DEPLOY_SIZE_LIMIT_BYTES = 18_000_000;

export interface SizePart {
  /** A module specifier, an npm package `name@version`, a static file or the config file. */
  name: string;
  kind: 'module' | 'npm' | 'static' | 'config';
  bytes: number;
}

export interface FunctionSize {
  name: string;
  parts: SizePart[];
  /** Sum of the parts, per kind and in all. */
  moduleBytes: number;
  npmBytes: number;
  staticBytes: number;
  configBytes: number;
  totalBytes: number;
  /**
   * npm packages (`name@version`) packed only because the lockfile holds them: no code of the function
   * imports them. Each is dead weight; drop it from the function's deno.json and run deno install.
   */
  lockedOnly: string[];
}

interface DenoInfo {
  roots: string[];
  modules: {
    kind: string;
    specifier: string;
    size?: number;
    npmPackage?: string;
    error?: string;
    dependencies?: { specifier: string; code?: { specifier: string }; type?: { specifier: string } }[];
  }[];
  redirects: Record<string, string>;
  npmPackages: Record<string, { name: string; version: string; dependencies: string[]; localPath?: string }>;
}

/** The parts of a deno.lock (versions 4 and 5) that name npm packages. */
interface DenoLock {
  specifiers?: Record<string, string>;
  npm?: Record<string, { dependencies?: string[]; optionalDependencies?: string[] }>;
}

/** Bytes of every file below `dir` (symbolic links not followed). */
export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directoryBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/**
 * Files matching glob patterns (absolute; `*` within a name, `**` across folders, `?` one character),
 * as config.toml's `static_files` lists them.
 */
export function globFiles(patterns: string[]): string[] {
  const found = new Set<string>();
  for (const pattern of patterns) {
    const parts = pattern.split(/[\\/]/);
    const firstWild = parts.findIndex((part) => /[*?[]/.test(part));
    if (firstWild === -1) {
      try {
        if (statSync(pattern).isFile()) found.add(pattern);
      } catch {
        // A missing static file is simply not deployed.
      }
      continue;
    }
    const base = parts.slice(0, firstWild).join('/') || '/';
    const regex = globRegExp(pattern);
    const walk = (dir: string) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile() && regex.test(full)) found.add(full);
      }
    };
    walk(base);
  }
  return [...found].sort();
}

/** A glob as a regular expression over absolute paths. */
function globRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (pattern.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (pattern.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function runDenoInfo(deno: string, args: string[], cwd: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(deno, ['info', '--json', ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`deno info ${args.join(' ')} failed (exit ${code}):\n${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

/**
 * The lockfile the bundler reads with a config: the `lock` of a deno.json (false: none; a path, or
 * `{ path }`, relative to the config), else `deno.lock` beside the config. Any config file counts:
 * the edge runtime's `bundle` loads what `--import-map` names as a Deno config, import maps included.
 * Undefined when there is no config or the file does not exist (the bundler then has no lockfile).
 */
export function lockfileOf(config: string | undefined): string | undefined {
  if (config === undefined) return undefined;
  let lock: unknown;
  try {
    lock = (JSON.parse(readFileSync(config, 'utf8')) as { lock?: unknown }).lock;
  } catch {
    // A deno.jsonc with comments: its lock setting is not read here, the default applies.
  }
  if (lock === false) return undefined;
  const relative =
    typeof lock === 'string'
      ? lock
      : typeof lock === 'object' && lock !== null && typeof (lock as { path?: unknown }).path === 'string'
        ? (lock as { path: string }).path
        : 'deno.lock';
  const file = path.resolve(path.dirname(config), relative);
  return existsSync(file) ? file : undefined;
}

/**
 * npm packages (`name@version`) of a lockfile that the config's imports reach: the snapshot the
 * bundler starts from when it finds the lockfile (the lockfile pruned to the config's imports).
 */
export function lockedNpmPackages(config: string, lockfile: string): string[] {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8')) as DenoLock;
  const packages = lock.npm ?? {};
  const imports = (JSON.parse(readFileSync(config, 'utf8')) as { imports?: Record<string, string> }).imports;
  const byName = (name: string) => {
    const ids = Object.keys(packages).filter((id) => id.slice(0, id.indexOf('@', 1)) === name);
    return ids.length === 1 ? ids[0] : undefined;
  };
  const pending: string[] = [];
  for (const target of Object.values(imports ?? {})) {
    const match = /^npm:\/?((?:@[^/]+\/)?[^/@]+)@([^/]+)/.exec(target);
    if (!match) continue;
    const [, name, range] = match as unknown as [string, string, string];
    const version = lock.specifiers?.[`npm:${name}@${range}`];
    if (version !== undefined) pending.push(`${name}@${version}`);
  }
  const found = new Set<string>();
  while (pending.length > 0) {
    const id = pending.pop() as string;
    // Peer-dependency variants (`name@1.0.0_peer@2.0.0`) share the package's folder.
    const key = Object.keys(packages).find((candidate) => candidate === id || candidate.startsWith(`${id}_`));
    if (key === undefined || found.has(id)) continue;
    found.add(id);
    const entry = packages[key] ?? {};
    for (const dep of [...(entry.dependencies ?? []), ...(entry.optionalDependencies ?? [])]) {
      // Version 5 names a dependency by its name alone when the lockfile holds one version of it.
      const resolved = dep.lastIndexOf('@') > 0 ? dep.replace(/_.*$/, '') : byName(dep);
      if (resolved !== undefined) pending.push(resolved.replace(/^[^@]+@npm:/, ''));
    }
  }
  return [...found].sort();
}

/** Modules the bundler puts in the eszip: the graph from the roots through code imports only. */
function codeModules(info: DenoInfo): DenoInfo['modules'] {
  const bySpecifier = new Map(info.modules.map((module) => [module.specifier, module]));
  const resolve = (specifier: string) => info.redirects[specifier] ?? specifier;
  const seen = new Set<string>();
  const pending = info.roots.map(resolve);
  const reached: DenoInfo['modules'] = [];
  while (pending.length > 0) {
    const specifier = pending.pop() as string;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    const module = bySpecifier.get(specifier);
    if (!module) continue;
    reached.push(module);
    for (const dependency of module.dependencies ?? []) {
      if (dependency.code) pending.push(resolve(dependency.code.specifier));
    }
  }
  return reached;
}

/** Where Deno keeps npm packages (`<DENO_DIR>/npm`). */
async function npmCacheDir(deno: string): Promise<string> {
  const info = (await runDenoInfo(deno, [], process.cwd())) as { npmCache: string };
  return info.npmCache;
}

/**
 * The deploy size of one function: the source of every module its entrypoint reaches through code
 * imports (local, jsr and https, as `deno info` reports their sizes; `import type` is erased and not
 * bundled), every file of every npm package in the bundler's snapshot (the lockfile's packages that
 * the config's imports reach, when the config has a lockfile, and the packages the graph imports,
 * each with its dependencies; the bundler packs whole package folders), its static files and its
 * config file.
 */
export async function functionDeploySize(
  deno: string,
  name: string,
  layout: FunctionLayout,
): Promise<FunctionSize> {
  const info = (await runDenoInfo(
    deno,
    [...configArgs(layout.config), layout.entrypoint],
    path.dirname(layout.entrypoint),
  )) as DenoInfo;
  const modules = codeModules(info);
  const broken = modules.filter((module) => module.error);
  if (broken.length > 0) {
    throw new Error(`${name}: ${broken.map((module) => `${module.specifier}: ${module.error}`).join('; ')}`);
  }
  const parts: SizePart[] = [];
  for (const module of modules) {
    if (module.size !== undefined) parts.push({ name: module.specifier, kind: 'module', bytes: module.size });
  }
  // Packages the graph imports, then everything they depend on.
  const graphPackages = new Set<string>();
  const pending = modules.flatMap((module) => (module.npmPackage ? [module.npmPackage] : []));
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (graphPackages.has(id)) continue;
    graphPackages.add(id);
    const pkg = info.npmPackages[id];
    if (!pkg) throw new Error(`${name}: npm package ${id} is not resolved (run deno install first)`);
    pending.push(...pkg.dependencies);
  }
  const packageIds = new Set([...graphPackages].map((id) => id.replace(/_.*$/, '')));
  const graphIds = new Set(packageIds);
  const lockfile = lockfileOf(layout.config);
  if (lockfile && layout.config) {
    for (const id of lockedNpmPackages(layout.config, lockfile)) packageIds.add(id);
  }
  const lockedOnly = [...packageIds].filter((id) => !graphIds.has(id)).sort();
  const cache = packageIds.size > 0 ? await npmCacheDir(deno) : '';
  for (const id of [...packageIds].sort()) {
    const at = id.lastIndexOf('@');
    const folder = path.join(cache, 'registry.npmjs.org', id.slice(0, at), id.slice(at + 1));
    if (!existsSync(folder))
      throw new Error(`${name}: npm package ${id} is not in the Deno cache (${folder})`);
    parts.push({ name: id, kind: 'npm', bytes: directoryBytes(folder) });
  }
  for (const file of globFiles(layout.staticFiles)) {
    parts.push({ name: file, kind: 'static', bytes: statSync(file).size });
  }
  if (layout.config) parts.push({ name: layout.config, kind: 'config', bytes: statSync(layout.config).size });

  const sum = (kind: SizePart['kind']) =>
    parts.filter((part) => part.kind === kind).reduce((total, part) => total + part.bytes, 0);
  const size = {
    moduleBytes: sum('module'),
    npmBytes: sum('npm'),
    staticBytes: sum('static'),
    configBytes: sum('config'),
  };
  return {
    name,
    parts: parts.sort((a, b) => b.bytes - a.bytes),
    ...size,
    totalBytes: size.moduleBytes + size.npmBytes + size.staticBytes + size.configBytes,
    lockedOnly,
  };
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
