/**
 * The deploy-size computation behind `npm run check:function-size`, on the fixture functions: local
 * modules by their source size, npm packages as whole folders (those of the lockfile too), static
 * files and the config file.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEPLOY_SIZE_LIMIT_BYTES,
  functionDeploySize,
  globFiles,
  lockfileOf,
} from '../src/functions/deploy-size.ts';
import { loadConfig } from '../src/config/index.ts';
import { functionLayout } from '../src/functions/index.ts';
import { configArgs } from '../src/functions/worker.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/functions', import.meta.url));
const DENO = path.join(ROOT, 'node_modules', '.bin', 'deno');
const bytes = (...parts: string[]) => statSync(path.join(FIXTURES, ...parts)).size;

describe('function deploy size', { timeout: 120_000 }, () => {
  it('counts every local module of the graph and the function’s own deno.json', async () => {
    const size = await functionDeploySize(
      DENO,
      'own-config',
      functionLayout(FIXTURES, 'own-config', undefined),
    );
    const modules =
      bytes('own-config', 'index.ts') + bytes('own-config', 'message.ts') + bytes('_shared', 'deno.ts');
    expect(size.moduleBytes).toBe(modules);
    expect(size.npmBytes).toBe(0);
    expect(size.configBytes).toBe(bytes('own-config', 'deno.json'));
    expect(size.totalBytes).toBe(modules + bytes('own-config', 'deno.json'));
  });

  it('counts an npm package as every file of its folder, as the bundler packs it', async () => {
    const size = await functionDeploySize(DENO, 'npm-dep', functionLayout(FIXTURES, 'npm-dep', undefined));
    const hono = size.parts.find((part) => part.name === 'hono@4.13.19');
    expect(hono?.kind).toBe('npm');
    // Measured independently: the sum of the file sizes find(1) lists in the package's cache folder.
    const info = JSON.parse(execFileSync(DENO, ['info', '--json'], { encoding: 'utf8' })) as {
      npmCache: string;
    };
    const folder = path.join(info.npmCache, 'registry.npmjs.org', 'hono', '4.13.19');
    const listed = execFileSync('find', [folder, '-type', 'f', '-printf', '%s\\n'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .reduce((sum, line) => sum + Number(line), 0);
    expect(hono?.bytes).toBe(listed);
    expect(size.npmBytes).toBe(listed);
    // hono is far larger than the few modules of the function itself.
    expect(size.totalBytes).toBe(size.moduleBytes + listed + bytes('npm-dep', 'deno.json'));
    expect(size.totalBytes).toBeLessThan(DEPLOY_SIZE_LIMIT_BYTES);
  });

  it('counts every npm package the lockfile holds for the config, imported or not', async () => {
    const layout = functionLayout(FIXTURES, 'locked', undefined);
    expect(lockfileOf(layout.config)).toBe(path.join(FIXTURES, 'locked', 'deno.lock'));
    const size = await functionDeploySize(DENO, 'locked', layout);
    // The code imports only hono; the bundler seeds its npm snapshot from deno.lock, which also
    // holds @badrap/valita, and packs both (docs/function-size.md).
    expect(size.parts.filter((part) => part.kind === 'npm').map((part) => part.name)).toEqual([
      'hono@4.13.19',
      '@badrap/valita@0.5.4',
    ]);
    const unlocked = await functionDeploySize(
      DENO,
      'npm-dep',
      functionLayout(FIXTURES, 'npm-dep', undefined),
    );
    const valita = size.parts.find((part) => part.name === '@badrap/valita@0.5.4')?.bytes ?? 0;
    expect(valita).toBeGreaterThan(0);
    expect(size.npmBytes).toBe(unlocked.npmBytes + valita);
    expect(size.lockedOnly).toEqual(['@badrap/valita@0.5.4']);
    expect(unlocked.lockedOnly).toEqual([]);
  });

  it('finds the lockfile the bundler reads: lock false, a lock path, else deno.lock beside the config', () => {
    expect(lockfileOf(undefined)).toBeUndefined();
    expect(lockfileOf(path.join(FIXTURES, 'npm-dep', 'deno.json'))).toBeUndefined();
    expect(lockfileOf(path.join(FIXTURES, 'mapped-imports.json'))).toBeUndefined();
    expect(lockfileOf(path.join(FIXTURES, 'locked', 'deno.json'))).toBe(
      path.join(FIXTURES, 'locked', 'deno.lock'),
    );
  });

  it('counts static files and the import map named in config.toml', async () => {
    const layout = functionLayout(FIXTURES, 'mapped', {
      importMap: path.join(FIXTURES, 'mapped-imports.json'),
      entrypoint: path.join(FIXTURES, 'mapped', 'main.ts'),
      staticFiles: [path.join(FIXTURES, 'mapped', '*.txt')],
    });
    const size = await functionDeploySize(DENO, 'mapped', layout);
    expect(size.staticBytes).toBe(bytes('mapped', 'data.txt'));
    expect(size.configBytes).toBe(bytes('mapped-imports.json'));
    expect(size.moduleBytes).toBe(
      bytes('mapped', 'main.ts') + bytes('mapped', 'message.ts') + bytes('_shared', 'deno.ts'),
    );
  });

  it('expands static_files globs like the CLI: * within a folder, ** across folders', () => {
    expect(globFiles([path.join(FIXTURES, 'mapped', '*.txt')])).toEqual([
      path.join(FIXTURES, 'mapped', 'data.txt'),
    ]);
    expect(globFiles([path.join(FIXTURES, '**', 'message.ts')])).toEqual([
      path.join(FIXTURES, 'mapped', 'message.ts'),
      path.join(FIXTURES, 'own-config', 'message.ts'),
    ]);
    expect(globFiles([path.join(FIXTURES, '*.txt')])).toEqual([]);
  });

  it('has the 18 MB limit, under hosted Supabase’s 20 MB', () => {
    expect(DEPLOY_SIZE_LIMIT_BYTES).toBe(18_000_000);
  });
});

/**
 * The real functions of supabase/functions, measured as `npm run check:function-size` does. Their
 * dependencies must be in the Deno cache: a test stack's start caches them, and so does this test
 * (`deno install`, quick when they are there already).
 */
describe('the edge functions of supabase/functions', { timeout: 300_000 }, () => {
  const projectDir = path.join(ROOT, 'supabase');
  const functionsDir = path.join(projectDir, 'functions');
  const { project } = loadConfig(projectDir);
  const names = readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => project.functions[name]?.enabled !== false)
    .sort();
  const layout = (name: string) => functionLayout(functionsDir, name, project.functions[name]);
  const sharedImports = (
    JSON.parse(readFileSync(path.join(functionsDir, 'deno.json'), 'utf8')) as {
      imports: Record<string, string>;
    }
  ).imports;
  it('are api, engine and ocr', () => {
    expect(names).toEqual(['api', 'engine', 'ocr']);
  });

  it.each(['api', 'engine', 'ocr'])('%s fits the deploy limit, as the bundler packs it', async (name) => {
    const { config, entrypoint } = layout(name);
    execFileSync(DENO, ['install', '--quiet', ...configArgs(config), '--entrypoint', entrypoint], {
      cwd: path.dirname(entrypoint),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const size = await functionDeploySize(DENO, name, layout(name));
    expect(size.totalBytes, `${name} is ${size.totalBytes} bytes`).toBeLessThanOrEqual(
      DEPLOY_SIZE_LIMIT_BYTES,
    );
    // Nothing is packed that the code does not import: each function's lockfile holds its own
    // packages only.
    expect(size.lockedOnly).toEqual([]);
  });

  it.each(['api', 'engine', 'ocr'])(
    '%s has its own deno.json, with the versions of the shared one',
    (name) => {
      const { config } = layout(name);
      expect(config).toBe(path.join(functionsDir, name, 'deno.json'));
      const own = (JSON.parse(readFileSync(config as string, 'utf8')) as { imports: Record<string, string> })
        .imports;
      for (const [key, target] of Object.entries(own)) expect(sharedImports[key], key).toBe(target);
      expect(lockfileOf(config)).toBe(path.join(functionsDir, name, 'deno.lock'));
    },
  );

  it('ships the OCR model as a static file of ocr, unchanged from its source', () => {
    const model = path.join(functionsDir, 'ocr', 'model', 'eng.traineddata.gz');
    expect(layout('ocr').staticFiles).toEqual([model]);
    expect(globFiles(layout('ocr').staticFiles)).toEqual([model]);
    // sha256 of @tesseract.js-data/eng@1.0.0's 4.0.0_best_int/eng.traineddata.gz (ocr/model/README.md).
    expect(createHash('sha256').update(readFileSync(model)).digest('hex')).toBe(
      '45b4cb346724ac1774f1c36f42f182b887bcdb28ebe63e6fff90ac41f3fcff91',
    );
  });
});
