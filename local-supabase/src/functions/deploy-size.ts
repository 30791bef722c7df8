/**
 * What `supabase functions deploy` would pack for a function, measured without deploying: every file
 * of its module graph as the Supabase bundler (the edge runtime's eszip bundler) includes it. See
 * docs/function-size.md for how the bundler packs a function and why this is an upper bound.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { configArgs } from './worker.ts';
import type { FunctionLayout } from './index.ts';

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
}

interface DenoInfo {
  modules: {
    kind: string;
    specifier: string;
    size?: number;
    npmPackage?: string;
    error?: string;
  }[];
  npmPackages: Record<string, { name: string; version: string; dependencies: string[]; localPath?: string }>;
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

function denoInfo(deno: string, layout: FunctionLayout): Promise<DenoInfo> {
  return new Promise((resolve, reject) => {
    const child = spawn(deno, ['info', '--json', ...configArgs(layout.config), layout.entrypoint], {
      cwd: path.dirname(layout.entrypoint),
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`deno info ${layout.entrypoint} failed (exit ${code}):\n${stderr}`));
      else resolve(JSON.parse(stdout) as DenoInfo);
    });
  });
}

/**
 * The deploy size of one function: the source of every module in its graph (local, jsr and https,
 * as `deno info` reports their sizes), every file of every npm package the graph resolves to
 * (transitively; the bundler packs whole package folders), its static files and its config file.
 */
export async function functionDeploySize(
  deno: string,
  name: string,
  layout: FunctionLayout,
): Promise<FunctionSize> {
  const info = await denoInfo(deno, layout);
  const broken = info.modules.filter((module) => module.error);
  if (broken.length > 0) {
    throw new Error(`${name}: ${broken.map((module) => `${module.specifier}: ${module.error}`).join('; ')}`);
  }
  const parts: SizePart[] = [];
  for (const module of info.modules) {
    if (module.size !== undefined) parts.push({ name: module.specifier, kind: 'module', bytes: module.size });
  }
  // Packages the graph imports, then everything they depend on.
  const pending = info.modules.flatMap((module) => (module.npmPackage ? [module.npmPackage] : []));
  const seen = new Set<string>();
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const pkg = info.npmPackages[id];
    if (!pkg) throw new Error(`${name}: npm package ${id} is not resolved (run deno install first)`);
    if (!pkg.localPath) throw new Error(`${name}: npm package ${id} is not in the Deno cache`);
    parts.push({ name: `${pkg.name}@${pkg.version}`, kind: 'npm', bytes: directoryBytes(pkg.localPath) });
    pending.push(...pkg.dependencies);
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
  };
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
