/**
 * The deploy-size computation behind `npm run check:function-size`, on the fixture functions: local
 * modules by their source size, npm packages as whole folders (those of the lockfile too), static
 * files and the config file.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEPLOY_SIZE_LIMIT_BYTES,
  functionDeploySize,
  globFiles,
  lockfileOf,
} from '../src/functions/deploy-size.ts';
import { functionLayout } from '../src/functions/index.ts';

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
