/**
 * `npm run bench:accuracy:merge -- --doc FILE DIR...`: the shards of one run (`bench:accuracy --shard
 * K/N`), each DIR holding a shard's results.json, reported as one run (bench/accuracy/shards.ts says
 * when shards may merge). Writes the report to --doc and, with --results DIR, the merged report's input
 * (every copy's record, in corpus order) as results.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeReport } from './report-file.ts';
import { mergeShards, type RunFile } from './shards.ts';

const { values, positionals } = parseArgs({
  options: { doc: { type: 'string' }, results: { type: 'string' } },
  allowPositionals: true,
});
if (!values.doc || positionals.length === 0)
  throw new Error('usage: npm run bench:accuracy:merge -- --doc FILE [--results DIR] SHARD_DIR...');

const files = positionals.map((dir) => {
  const file = path.join(dir, 'results.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunFile;
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
});
const merged = mergeShards(files);
writeReport(path.resolve(values.doc), merged);
if (values.results) {
  mkdirSync(values.results, { recursive: true });
  writeFileSync(path.join(values.results, 'results.json'), `${JSON.stringify(merged, null, 2)}\n`);
}
console.log(
  `Merged ${files.length} shard(s), ${merged.records.length} copies: ${path.relative(process.cwd(), values.doc)}`,
);
