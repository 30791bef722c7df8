/**
 * `npm run bench:accuracy [-- --count N --seed S --out DIR --doc FILE]`: generates the seeded set
 * (Node: the canvas renderer and sharp), measures the verification decision on it (Deno: the
 * function's own code and import map) and writes docs/accuracy.md. A measurement, not a test.
 *
 * The default count (60 originals, 660 decisions, ~0.6 s CPU per file) keeps the run under 10 minutes
 * on a shared 2-core machine.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { generate } from './generate.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const optionsSchema = z.object({
  count: z.coerce.number().int().min(1).max(1000),
  seed: z.coerce.number().int().min(0).max(0xffffffff),
  out: z.string().min(1),
  doc: z.string().min(1),
});
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '60' },
    seed: { type: 'string', default: '20240315' },
    out: { type: 'string', default: path.join(os.tmpdir(), 'certverify-accuracy') },
    doc: { type: 'string', default: path.join(ROOT, 'docs', 'accuracy.md') },
  },
});
const options = optionsSchema.parse(values);
const out = path.resolve(options.out);
const doc = path.resolve(options.doc);

const manifest = await generate({ count: options.count, seed: options.seed, out });
console.log(
  `Generated ${manifest.originals.length} originals and ${manifest.variants.length} copies and forgeries ` +
    `in ${out} (${(manifest.generatedMs / 1000).toFixed(1)} s)`,
);

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
execFileSync(
  bin('deno'),
  [
    'run',
    '-A',
    '--config',
    path.join(ROOT, 'supabase', 'functions', 'deno.json'),
    path.join(ROOT, 'bench', 'accuracy', 'measure.ts'),
    '--dir',
    out,
    '--doc',
    doc,
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
// The report's tables are written unpadded; the house formatter aligns them.
execFileSync(bin('prettier'), ['--write', '--log-level', 'warn', doc], { cwd: ROOT, stdio: 'inherit' });
console.log(`Report: ${path.relative(ROOT, doc) || doc}`);
