/**
 * A full run split into shards covers each copy once, and shards merge only from one corpus and one
 * committed engine. Run: `npm run test:bench`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReportInput, RunRecord } from './report.ts';
import { mergeShards, parseShard, type RunFile, shardOf } from './shards.ts';

test('shards K/N split the corpus so that every copy is in exactly one', () => {
  const shards = [1, 2, 3].map((index) => parseShard(`${index}/3`));
  for (let position = 0; position < 100; position++)
    assert.equal(shards.filter((shard) => shardOf(position, shard)).length, 1, `copy ${position}`);
  for (const bad of ['0/3', '4/3', '1/0', '2', 'a/b', '1/3/5']) assert.throws(() => parseShard(bad), bad);
});

const run: Omit<ReportInput, 'records'> = {
  label: null,
  seed: 7,
  full: true,
  only: 'forgery',
  part: null,
  startedAt: '2026-11-27T18:00:00.000Z',
  originals: 120,
  registerMs: 1000,
  backfill: { registered: 0, unregistered: 0 },
  verifyMs: 5000,
  totalMs: 6000,
  concurrency: 2,
  machine: { cpu: 'cpu', cores: 2, memoryGb: 24, loadAverage: [1, 1, 1], os: 'Linux', node: 'v20' },
};

const engine = { trees: { supabase: 'a'.repeat(40), 'local-supabase': 'b'.repeat(40) }, uncommitted: false };

/** Shard `index` of 4 holding copies index-1 and index+3 of the corpus, from original o<index>. */
function shardFile(index: number, overrides: Partial<RunFile> = {}): RunFile {
  const record = (at: number) =>
    ({ id: `f-${at}`, class: 'forgery', outcome: 'unknown', originalId: `o${index}` }) as RunRecord;
  return {
    engine,
    shard: { index, count: 4 },
    run: { ...run, startedAt: `2026-11-2${index}T18:00:00.000Z`, part: `Shard ${index} of 4.` },
    records: [record(index - 1), record(index + 3)],
    ...overrides,
  };
}

test('shards of one corpus and engine merge into one run in corpus order, times summed', () => {
  const merged = mergeShards([shardFile(3), shardFile(1)]);
  assert.deepEqual(
    merged.records.map((record) => record.id),
    ['f-0', 'f-2', 'f-4', 'f-6'],
  );
  assert.equal(merged.originals, 2);
  assert.equal(merged.totalMs, 12000);
  assert.equal(merged.verifyMs, 10000);
  assert.equal(merged.startedAt, '2026-11-21T18:00:00.000Z');
  assert.match(merged.part ?? '', /^Shards 1, 3 of 4 merged/);
  assert.match(merged.part ?? '', /2 shard\(s\) not run yet/);
});

test('shards of another engine, corpus or way of running, or given twice, do not merge', () => {
  const otherEngine = { ...engine, trees: { ...engine.trees, supabase: 'c'.repeat(40) } };
  const refused: [string, RunFile[]][] = [
    ['another engine', [shardFile(1), shardFile(2, { engine: otherEngine })]],
    ['uncommitted', [shardFile(1, { engine: { ...engine, uncommitted: true } })]],
    ['changed during the run', [shardFile(1), shardFile(2, { engine: null })]],
    ['another seed', [shardFile(1), shardFile(2, { run: { ...run, seed: 8 } })]],
    ['other requests in flight', [shardFile(1), shardFile(2, { run: { ...run, concurrency: 3 } })]],
    ['another filter', [shardFile(1), shardFile(2, { run: { ...run, only: null } })]],
    ['another split', [shardFile(1), shardFile(2, { shard: { index: 2, count: 5 } })]],
    ['twice', [shardFile(1), shardFile(1)]],
    ['not a shard', [shardFile(1, { shard: null })]],
    ['nothing', []],
  ];
  for (const [why, files] of refused) assert.throws(() => mergeShards(files), Error, why);
});
