/**
 * `npm run check:function-size`: each edge function's deploy size, computed the way the Supabase
 * bundler packs it (docs/function-size.md), with a table per function of its largest parts. Fails
 * when a function is over 18 MB (hosted refuses 20 MB). Needs the functions' dependencies in the Deno
 * cache (`npm start` or `deno install` puts them there).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../local-supabase/src/config/index.ts';
import {
  DEPLOY_SIZE_LIMIT_BYTES,
  functionDeploySize,
  megabytes,
  type FunctionSize,
} from '../local-supabase/src/functions/deploy-size.ts';
import { functionLayout } from '../local-supabase/src/functions/index.ts';
import { ROOT_DIR } from '../local-supabase/src/stack/state.ts';

const SHOWN_PARTS = 12;

function table(size: FunctionSize): string {
  const rows = size.parts.slice(0, SHOWN_PARTS).map((part) => {
    const label =
      part.kind === 'module' || part.kind === 'static' || part.kind === 'config'
        ? path.relative(ROOT_DIR, part.name.replace(/^file:\/\//, '')) || part.name
        : part.name;
    return `  ${megabytes(part.bytes).padStart(10)}  ${part.kind.padEnd(7)} ${label}`;
  });
  const rest = size.parts.length - SHOWN_PARTS;
  if (rest > 0) rows.push(`  ${''.padStart(10)}  … and ${rest} smaller parts`);
  return [
    `${size.name}: ${megabytes(size.totalBytes)} (limit ${megabytes(DEPLOY_SIZE_LIMIT_BYTES)}) ` +
      `${size.totalBytes > DEPLOY_SIZE_LIMIT_BYTES ? 'FAIL' : 'ok'}`,
    `  modules ${megabytes(size.moduleBytes)}, npm packages ${megabytes(size.npmBytes)}, ` +
      `static files ${megabytes(size.staticBytes)}, config ${megabytes(size.configBytes)}`,
    ...rows,
    ...(size.lockedOnly.length > 0
      ? [
          `  packed only because the lockfile holds them (no code imports them): ${size.lockedOnly.join(', ')}`,
        ]
      : []),
  ].join('\n');
}

async function main(): Promise<number> {
  const projectDir = path.join(ROOT_DIR, 'supabase');
  const functionsDir = path.join(projectDir, 'functions');
  const { project } = loadConfig(projectDir);
  const deno = path.join(ROOT_DIR, 'node_modules', '.bin', 'deno');
  const names = readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => project.functions[name]?.enabled !== false)
    .sort();
  let failed = 0;
  for (const name of names) {
    const size = await functionDeploySize(
      deno,
      name,
      functionLayout(functionsDir, name, project.functions[name]),
    );
    console.log(`${table(size)}\n`);
    if (size.totalBytes > DEPLOY_SIZE_LIMIT_BYTES) failed++;
  }
  console.log(
    failed === 0
      ? `All ${names.length} functions fit the deploy limit.`
      : `${failed} of ${names.length} functions are over ${megabytes(DEPLOY_SIZE_LIMIT_BYTES)}.`,
  );
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
