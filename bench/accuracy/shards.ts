/**
 * A full run split into shards: every Nth copy of the corpus from the Kth, each shard run on its own
 * (a full run takes 6-7 hours on the 2-core machine), then reported as one run. Shards merge only
 * when they come from one corpus (seed, size, filter) and one engine: the same tree of
 * `supabase/functions`, committed, so the verdicts of all shards are the same engine's.
 */
import { execFileSync } from 'node:child_process';
import type { ReportInput, RunRecord } from './report.ts';

export interface Shard {
  /** 1..count */
  index: number;
  count: number;
}

/** The engine that answered: git's tree of `supabase/functions` at HEAD, and whether files differ from it. */
export interface EngineSource {
  tree: string;
  uncommitted: boolean;
}

/** What bench/accuracy/run.ts writes to results.json. */
export interface RunFile {
  seed: number;
  startedAt: string;
  engine: EngineSource;
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

export function shardScope(shard: Shard): string {
  return `Shard ${shard.index} of ${shard.count} (every ${shard.count}th copy of the corpus from copy ${shard.index}).`;
}

export function engineSource(root: string): EngineSource {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  return {
    tree: git('rev-parse', 'HEAD:supabase/functions'),
    uncommitted: git('status', '--porcelain', '--', 'supabase/functions') !== '',
  };
}

/**
 * The shards of one full run as one report's input. Throws when they cannot be one run: another
 * corpus or engine, an engine with uncommitted changes, a shard given twice, or shards of different
 * splits.
 */
export function mergeShards(files: RunFile[]): ReportInput {
  const shards = files.map((file) => {
    const { shard } = file;
    if (!shard || !file.engine || !file.run) throw new Error("a results.json given is not a shard's");
    return { ...file, shard };
  });
  const [first] = shards;
  if (!first) throw new Error('no shard to merge');
  const { count } = first.shard;
  for (const file of shards) {
    const where = `shard ${file.shard.index}/${file.shard.count}`;
    if (file.engine.uncommitted)
      throw new Error(`${where}: run with uncommitted changes to supabase/functions`);
    if (file.engine.tree !== first.engine.tree)
      throw new Error(
        `${where}: another engine (supabase/functions ${file.engine.tree}, not ${first.engine.tree})`,
      );
    if (file.seed !== first.seed || file.run.full !== first.run.full || file.run.only !== first.run.only)
      throw new Error(`${where}: another corpus (seed, --full or --only differ)`);
    if (file.shard.count !== count) throw new Error(`${where}: split into another number of shards`);
  }
  const indexes = shards.map((file) => file.shard.index).sort((a, b) => a - b);
  if (new Set(indexes).size !== indexes.length) throw new Error('a shard is given twice');
  const sum = (pick: (run: Omit<ReportInput, 'records'>) => number) =>
    shards.reduce((total, file) => total + pick(file.run), 0);
  const starts = shards.map((file) => file.startedAt).sort();
  const firstStart = starts[0] ?? first.startedAt;
  const lastStart = starts.at(-1) ?? first.startedAt;
  const missing = count - shards.length;
  return {
    ...first.run,
    part:
      `Shards ${indexes.join(', ')} of ${count} merged` +
      ` (\`npm run bench:accuracy:merge\`; engine: tree ${first.engine.tree.slice(0, 12)} of supabase/functions),` +
      ` run ${firstStart.slice(0, 10)} to ${lastStart.slice(0, 10)}; times are the shards' sums.` +
      (missing > 0 ? ` ${missing} shard(s) not run yet: this is part of the corpus.` : ''),
    startedAt: firstStart,
    originals: Math.max(...shards.map((file) => file.run.originals)),
    registerMs: sum((run) => run.registerMs),
    verifyMs: sum((run) => run.verifyMs),
    totalMs: sum((run) => run.totalMs),
    backfill: {
      registered: sum((run) => run.backfill.registered),
      unregistered: sum((run) => run.backfill.unregistered),
    },
    records: shards.flatMap((file) => file.records),
  };
}
