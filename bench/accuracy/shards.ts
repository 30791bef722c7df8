/**
 * A full run split into shards: every Nth copy of the corpus from the Kth, each shard run on its own
 * (a full run takes 6-7 hours on the 2-core machine), then reported as one run. Shards merge only
 * when they come from one corpus (seed, size, filter), one engine (the committed trees of everything
 * that shapes a verdict, `SOURCES`) and one way of running (requests in flight, processor).
 */
import { execFileSync } from 'node:child_process';
import type { ReportInput, RunRecord } from './report.ts';

export interface Shard {
  /** 1..count */
  index: number;
  count: number;
}

/**
 * What shapes a verdict: the functions, migrations and config (`supabase`), the local stand-in that
 * runs them with the hosted limits (`local-supabase`), and the corpus generator (`bench/accuracy`).
 */
const SOURCES = ['supabase', 'local-supabase', 'bench/accuracy'] as const;

/** The engine that answered: git's trees of SOURCES at HEAD, and whether files there differ from them. */
export interface EngineSource {
  trees: Record<string, string>;
  uncommitted: boolean;
}

/** What bench/accuracy/run.ts writes to results.json. */
export interface RunFile {
  /** Null when the engine changed during the run or had uncommitted changes. */
  engine: EngineSource | null;
  shard: Shard | null;
  run: Omit<ReportInput, 'records'>;
  records: RunRecord[];
}

/** "3/8" -> { index: 3, count: 8 }. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new Error(`--shard must be K/N with 1 <= K <= N (got "${text}")`);
  return { index, count };
}

/** Whether the corpus item at `position` (0-based, in corpus order after --only) is in the shard. */
export function shardOf(position: number, shard: Shard): boolean {
  return position % shard.count === shard.index - 1;
}

/** The report's sentence saying which copies a shard holds. */
export function shardScope(shard: Shard): string {
  return `Shard ${shard.index} of ${shard.count}: copies ${shard.index}, ${shard.index + shard.count}, ${shard.index + 2 * shard.count}, ... of the corpus.`;
}

/** The engine in the checkout at `root`, read from git. */
export function engineSource(root: string): EngineSource {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  return {
    trees: Object.fromEntries(SOURCES.map((source) => [source, git('rev-parse', `HEAD:${source}`)])),
    uncommitted: git('status', '--porcelain', '--', ...SOURCES) !== '',
  };
}

/** Whether two readings of the engine are the same committed engine. */
export function sameEngine(a: EngineSource, b: EngineSource): boolean {
  return !a.uncommitted && !b.uncommitted && JSON.stringify(a.trees) === JSON.stringify(b.trees);
}

/**
 * The shards of one full run as one report's input, their copies back in corpus order. Throws when
 * they cannot be one run: another corpus, engine, concurrency or processor, an engine with
 * uncommitted changes, a shard given twice, or shards of different splits.
 */
export function mergeShards(files: RunFile[]): ReportInput {
  const shards = files.map((file) => {
    const { shard, engine } = file;
    if (!shard || !file.run) throw new Error("a results.json given is not a shard's");
    if (!engine?.trees || engine.uncommitted)
      throw new Error(
        `shard ${shard.index}/${shard.count}: its engine changed during the run or was not committed`,
      );
    return { ...file, shard, engine };
  });
  const [first] = shards;
  if (!first) throw new Error('no shard to merge');
  const { count } = first.shard;
  for (const file of shards) {
    const where = `shard ${file.shard.index}/${file.shard.count}`;
    if (!sameEngine(file.engine, first.engine))
      throw new Error(`${where}: another engine (${SOURCES.join(', ')})`);
    if (
      file.run.seed !== first.run.seed ||
      file.run.full !== first.run.full ||
      file.run.only !== first.run.only
    )
      throw new Error(`${where}: another corpus (seed, --full or --only differ)`);
    if (file.shard.count !== count) throw new Error(`${where}: split into another number of shards`);
    if (file.run.concurrency !== first.run.concurrency || file.run.machine.cpu !== first.run.machine.cpu)
      throw new Error(`${where}: run with other requests in flight or on another processor`);
  }
  const indexes = shards.map((file) => file.shard.index).sort((a, b) => a - b);
  if (new Set(indexes).size !== indexes.length) throw new Error('a shard is given twice');
  const sum = (pick: (run: Omit<ReportInput, 'records'>) => number) =>
    shards.reduce((total, file) => total + pick(file.run), 0);
  const starts = shards.map((file) => file.run.startedAt).sort();
  const firstStart = starts[0] ?? first.run.startedAt;
  const lastStart = starts.at(-1) ?? first.run.startedAt;
  const missing = count - shards.length;
  // A shard's records are in corpus order, its jth copy the corpus's (j * count + index - 1)th.
  const records = shards
    .flatMap((file) => file.records.map((record, j) => ({ record, at: j * count + file.shard.index - 1 })))
    .sort((a, b) => a.at - b.at)
    .map(({ record }) => record);
  return {
    ...first.run,
    part:
      `Shards ${indexes.join(', ')} of ${count} merged (\`npm run bench:accuracy:merge\`), run ` +
      `${firstStart.slice(0, 10)} to ${lastStart.slice(0, 10)}; times are the shards' sums.` +
      (missing > 0 ? ` ${missing} shard(s) not run yet: this is part of the corpus.` : ''),
    startedAt: firstStart,
    originals: new Set(records.flatMap((record) => (record.originalId ? [record.originalId] : []))).size,
    registerMs: sum((run) => run.registerMs),
    verifyMs: sum((run) => run.verifyMs),
    totalMs: sum((run) => run.totalMs),
    backfill: {
      registered: sum((run) => run.backfill.registered),
      unregistered: sum((run) => run.backfill.unregistered),
    },
    records,
  };
}
