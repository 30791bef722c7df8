/**
 * `npm run bench:accuracy [-- options]`: the judge of the verification engine. Generates the seeded
 * corpus (bench/accuracy/corpus.ts), registers every original through the real API as an admin,
 * verifies every copy through POST /verification/verify, scores the verdicts and writes
 * docs/accuracy.md plus a per-copy result file. A measurement, not a test: bad numbers do not fail.
 *
 * Options:
 *   --full                 >= 3,000 genuine copies and >= 3,000 forgeries (default: about 200 copies)
 *   --seed N               corpus seed (default 20261125)
 *   --only LIST            only these categories, parts of categories or item ids, comma-separated
 *                          (e.g. `photo`, `forgery/grade-sign`, `genuine/jpeg,genuine/webp`, `g-crop-0003`);
 *                          such a run does not rewrite docs/accuracy.md unless --doc is given
 *   --shard K/N            only every Nth copy, from the Kth (1..N): a full run split over several
 *                          sittings with one engine; `npm run bench:accuracy:merge` reports the shards
 *                          as one run (bench/accuracy/merge.ts)
 *   --concurrency N        requests in flight (default 3)
 *   --label TEXT           what is measured, shown at the top of the report (e.g. "v1 baseline")
 *   --doc FILE             report to write (default docs/accuracy.md)
 *   --results DIR          per-copy results.json and results.csv (default bench/accuracy/results, or
 *                          bench/accuracy/results/shard-K-of-N for a shard; git-ignored)
 *   --all-originals        register every original of the corpus, not only those the selected copies
 *                          need: a few copies then meet as many certificates of their design as in
 *                          the whole run (retrieval and the search budget behave as there)
 *   --write-corpus DIR     write the (filtered) corpus files and manifest.json to DIR, run nothing
 *
 * Without API_URL in the environment it starts a throwaway stack around itself
 * (scripts/with-test-stack.ts --no-web --quiet), as bench:verify does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { VerificationResult } from '../../supabase/functions/_shared/api-contract.ts';
import { parseServerTiming } from '../../supabase/functions/_shared/http/server-timing.ts';
import type { BuilderReply, BuilderRequest } from './builder.ts';
import { FULL, type ItemSpec, matchesOnly, planCorpus, QUICK, writeCorpus } from './corpus.ts';
import type { Outcome, ReportInput, RunRecord } from './report.ts';
import { writeReport } from './report-file.ts';
import { engineSource, parseShard, type RunFile, sameEngine, shardOf, shardScope } from './shards.ts';
import { percentile } from './stats.ts';
import { rerunInsideThrowawayStack } from '../throwaway-stack.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const { values } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    seed: { type: 'string', default: '20261125' },
    only: { type: 'string' },
    shard: { type: 'string' },
    concurrency: { type: 'string', default: '3' },
    label: { type: 'string' },
    doc: { type: 'string' },
    results: { type: 'string' },
    'write-corpus': { type: 'string' },
    'all-originals': { type: 'boolean', default: false },
  },
});

const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
  throw new Error('--seed must be an integer 0..2^32-1');
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 8)
  throw new Error('--concurrency must be 1..8');
const size = values.full ? FULL : QUICK;
const corpus = planCorpus(seed, size);
const shard = values.shard === undefined ? null : parseShard(values.shard);
const items = (
  values.only ? corpus.items.filter((item) => matchesOnly(item, values.only ?? '')) : corpus.items
).filter((_, index) => !shard || shardOf(index, shard));
if (items.length === 0) throw new Error('no item matches --only and --shard');

if (values['write-corpus']) {
  const dir = path.resolve(values['write-corpus']);
  await writeCorpus(corpus, items, dir, (line) => console.log(line));
  console.log(`Wrote ${items.length} copies and their originals to ${dir}`);
  process.exit(0);
}

if (!process.env.API_URL) await rerunInsideThrowawayStack(import.meta.url);
// Read before the work and again after it: a commit or an edit meanwhile means the copies were not all
// answered by one engine, and the shard does not merge.
const engineAtStart = engineSource(ROOT);

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
const API_URL = env('API_URL').replace(/\/+$/, '');
const ANON_KEY = env('ANON_KEY');
const FUNCTION_URL = (process.env.FUNCTION_URL ?? `${API_URL}/functions/v1/api`).replace(/\/+$/, '');
const REQUEST_TIMEOUT_MS = 180_000;

// ---------------------------------------------------------------------------------------------
// The API, as the demo admin (admins are exempt from the verification rate limit)
// ---------------------------------------------------------------------------------------------

let session: Promise<{ token: string; userId: string }> | null = null;

async function signIn(): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id: string } };
  if (!response.ok || !body.access_token || !body.user)
    throw new Error(`admin sign-in failed: HTTP ${response.status}`);
  return { token: body.access_token, userId: body.user.id };
}

const admin = () => (session ??= signIn());

async function post(
  route: string,
  json: unknown,
): Promise<{ status: number; body: Record<string, unknown>; ms: number; timing: string | null }> {
  for (let attempt = 0; ; attempt++) {
    const { token } = await admin();
    const body = JSON.stringify(json);
    const started = performance.now();
    const response = await fetch(`${FUNCTION_URL}${route}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    // An expired session (long runs): sign in again once.
    if (response.status === 401 && attempt === 0) {
      session = null;
      continue;
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { error: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed, ms, timing: response.headers.get('server-timing') };
  }
}

/**
 * The engine's CPU time for the answer (its request parsing and its work, from the Server-Timing
 * header the api passes on); null when the engine did not answer. Hosted, one request may use 2 s.
 */
function engineCpuMs(timing: string | null): number | null {
  const stages = parseServerTiming(timing).filter(
    ([name]) => name === 'engine-parse-cpu' || name === 'engine-work-cpu',
  );
  return stages.length ? Math.round(stages.reduce((sum, [, ms]) => sum + ms, 0)) : null;
}

const dataUrl = (bytes: Uint8Array, mime: string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

// ---------------------------------------------------------------------------------------------
// The builder thread
// ---------------------------------------------------------------------------------------------

// Node 20 does not pass tsx's loader to worker threads: the thread registers it, then loads the builder.
const builderUrl = new URL('./builder.ts', import.meta.url).href;
const tsxApiUrl = import.meta.resolve('tsx/esm/api');
const worker = new Worker(
  `import(${JSON.stringify(tsxApiUrl)}).then((api) => { api.register(); return import(${JSON.stringify(builderUrl)}); });`,
  { eval: true, workerData: { seed, size } },
);
const waiting = new Map<string, (reply: BuilderReply) => void>();
worker.on('message', (reply: BuilderReply) => {
  waiting.get(reply.id)?.(reply);
  waiting.delete(reply.id);
});
worker.on('error', (error) => {
  console.error('builder thread failed:', error);
  process.exit(1);
});

function requestBuild(request: BuilderRequest): Promise<BuilderReply> {
  return new Promise((resolve) => {
    waiting.set(request.id, resolve);
    worker.postMessage(request);
  });
}

async function built(request: BuilderRequest): Promise<BuilderReply> {
  const reply = await requestBuild(request);
  if (reply.error) throw new Error(`building ${request.id}: ${reply.error}`);
  return reply;
}

/** Runs `task` over `list` with `limit` in flight, in order of the list. */
async function pool<T>(
  list: T[],
  limit: number,
  task: (value: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, list.length) }, async () => {
      while (next < list.length) {
        const index = next++;
        const value = list[index];
        if (value !== undefined) await task(value, index);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const ACCEPTING = new Set(['identical', 'authentic']);

function outcomeOf(
  item: ItemSpec,
  changed: string[],
  expectedId: string | null,
  status: number,
  result: VerificationResult | null,
): Outcome {
  if (status !== 200 || !result) return 'error';
  const accepted = ACCEPTING.has(result.verdict);
  if (item.class === 'genuine') {
    if (accepted) return result.certificate?.id === expectedId ? 'accepted' : 'wrong_certificate';
    return result.verdict === 'altered' ? 'rejected_altered' : 'rejected_unknown';
  }
  if (accepted) return 'false_accept';
  if (result.verdict === 'altered') {
    if (item.class === 'unregistered') return 'altered';
    return result.differences.some(
      (difference) => difference.field !== null && changed.includes(difference.field),
    )
      ? 'altered_field_named'
      : 'altered_other_field';
  }
  return 'unknown';
}

const started = performance.now();
const startedAt = new Date().toISOString();
const log = (line: string) => console.log(line);
log(
  `Corpus: seed ${seed}, ${values.full ? 'full' : 'quick'} size, ${items.length} copies` +
    `${values.only ? ` (--only ${values.only})` : ''}; ${concurrency} requests in flight`,
);

// 1. Register the originals the selected copies need (or all of them).
const neededOriginals = corpus.originals.filter(
  (original) => values['all-originals'] || items.some((item) => item.originalId === original.id),
);
const registered = new Map<string, string>();
const registerStarted = performance.now();
await pool(neededOriginals, 2, async (original) => {
  const file = await built({ type: 'original', id: original.id });
  const { userId } = await admin();
  const response = await post('/certificates/upload-base64', {
    fileData: dataUrl(file.bytes, 'image/png'),
    userId,
    fileName: `${original.id}.png`,
    certificateName: `Accuracy corpus ${original.id} (${original.template})`,
  });
  const certificate = (response.body.certificate ?? null) as { id: string } | null;
  if ((response.status !== 201 && response.status !== 409) || !certificate)
    throw new Error(
      `registering ${original.id}: HTTP ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
    );
  registered.set(original.id, certificate.id);
  log(
    `registered ${original.id} (${original.template}) as ${certificate.id} in ${(response.ms / 1000).toFixed(1)} s`,
  );
});
const backfill = await completeDeferredRegistrations();
const registerMs = performance.now() - registerStarted;

/**
 * Registrations the engine could not take at once (busy or over its CPU limit: the api keeps the
 * certificate and defers its registration) retried through the backfill, as an operator's
 * `npm run register:backfill` retries them, so that copies are verified against registered originals
 * where registration can succeed at all. Returns how many the backfill registered and how many it
 * still could not (the report says so: their copies can only be answered by their exact bytes).
 */
async function completeDeferredRegistrations(): Promise<{ registered: number; unregistered: number }> {
  let registered = 0;
  let unregistered = 0;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const response = await fetch(`${API_URL}/functions/v1/engine/backfill`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env('SERVICE_ROLE_KEY')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 3 }),
    });
    if (!response.ok) throw new Error(`registration backfill answered HTTP ${response.status}`);
    const batch = (await response.json()) as { registered: number; failed: number; remaining: number };
    registered += batch.registered;
    unregistered = batch.failed + batch.remaining;
    if (unregistered === 0) break;
  }
  if (registered > 0) log(`registered ${registered} deferred original(s) through the backfill`);
  if (unregistered > 0) log(`${unregistered} original(s) could not be registered (see the functions' log)`);
  return { registered, unregistered };
}

// 2. Verify every copy; the builder thread prepares the next files while requests are in flight.
const records: RunRecord[] = [];
const prefetch = new Map<string, Promise<BuilderReply>>();
const fetchAhead = (index: number) => {
  const item = items[index];
  if (item && !prefetch.has(item.id)) prefetch.set(item.id, built({ type: 'item', id: item.id }));
};
let done = 0;
const verifyStarted = performance.now();
await pool(items, concurrency, async (item, index) => {
  for (let ahead = index; ahead < index + concurrency + 2; ahead++) fetchAhead(ahead);
  const file = await (prefetch.get(item.id) ?? built({ type: 'item', id: item.id }));
  prefetch.delete(item.id);
  const response = await post('/verification/verify', { fileData: dataUrl(file.bytes, file.mime) }).catch(
    (error: unknown) => ({
      status: 0,
      body: { error: error instanceof Error ? error.message : String(error) } as Record<string, unknown>,
      ms: REQUEST_TIMEOUT_MS,
      timing: null,
    }),
  );
  const result = response.status === 200 ? (response.body as unknown as VerificationResult) : null;
  const expectedId = item.originalId ? (registered.get(item.originalId) ?? null) : null;
  const outcome = outcomeOf(item, file.changed, expectedId, response.status, result);
  const record: RunRecord = {
    id: item.id,
    class: item.class,
    category: item.category,
    kind: item.kind,
    delivery: item.delivery,
    template: item.template,
    originalId: item.originalId,
    expectedCertificateId: expectedId,
    changed: file.changed,
    from: file.from,
    to: file.to,
    note: file.note,
    mime: file.mime,
    bytes: file.bytes.length,
    buildMs: Math.round(file.buildMs),
    status: response.status,
    latencyMs: Math.round(response.ms),
    engineCpuMs: engineCpuMs(response.timing),
    serverTiming: response.timing,
    verdict: result?.verdict ?? null,
    matchedCertificateId: result?.certificate?.id ?? null,
    matchChannel: result?.matchChannel ?? null,
    copyKind: result?.copyKind ?? null,
    confidence: result?.confidence ?? null,
    differenceFields: result?.differences.map((difference) => difference.field ?? difference.label) ?? [],
    reasons: result?.reasons ?? [],
    error: response.status === 200 ? null : String(response.body.error ?? `HTTP ${response.status}`),
    outcome,
  };
  records.push(record);
  done++;
  const elapsed = (performance.now() - verifyStarted) / 1000;
  const eta = (elapsed / done) * (items.length - done);
  log(
    `[${done}/${items.length}] ${item.id} ${item.category}: ${result?.verdict ?? `HTTP ${response.status}`} -> ${outcome} ` +
      `(${(response.ms / 1000).toFixed(1)} s, engine CPU ${record.engineCpuMs ?? '-'} ms; ` +
      `${elapsed.toFixed(0)} s elapsed, ~${eta.toFixed(0)} s left)`,
  );
});
const verifyMs = performance.now() - verifyStarted;
await worker.terminate();

// 3. Results and report.
const order = new Map(items.map((item, index) => [item.id, index]));
records.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
const resultsDir = path.resolve(
  values.results ??
    path.join(ROOT, 'bench', 'accuracy', 'results', shard ? `shard-${shard.index}-of-${shard.count}` : ''),
);
mkdirSync(resultsDir, { recursive: true });
const totalMs = performance.now() - started;
const run: Omit<ReportInput, 'records'> = {
  label: values.label ?? null,
  seed,
  full: values.full ?? false,
  only: values.only ?? null,
  part: shard ? shardScope(shard) : null,
  startedAt,
  originals: neededOriginals.length,
  registerMs,
  backfill,
  verifyMs,
  totalMs,
  concurrency,
  machine: {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: os.totalmem() / 2 ** 30,
    loadAverage: os.loadavg(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  },
};
const engineAtEnd = (() => {
  try {
    return engineSource(ROOT);
  } catch {
    return null;
  }
})();
const engine = engineAtEnd && sameEngine(engineAtStart, engineAtEnd) ? engineAtStart : null;
if (!engine) log('The engine changed during the run (or has uncommitted changes): this run does not merge.');
const runFile: RunFile = { engine, shard, run, records };
writeFileSync(path.join(resultsDir, 'results.json'), `${JSON.stringify(runFile, null, 2)}\n`);
const csvColumns = [
  'id',
  'category',
  'template',
  'outcome',
  'verdict',
  'matchChannel',
  'confidence',
  'latencyMs',
  'engineCpuMs',
  'changed',
  'differenceFields',
  'from',
  'to',
  'note',
  'bytes',
  'error',
] as const;
const csvCell = (value: unknown) => {
  const textValue = Array.isArray(value)
    ? value.join(' ')
    : value === null || value === undefined
      ? ''
      : String(value);
  return /[",\n]/.test(textValue) ? `"${textValue.replaceAll('"', '""')}"` : textValue;
};
writeFileSync(
  path.join(resultsDir, 'results.csv'),
  `${[csvColumns.join(','), ...records.map((record) => csvColumns.map((column) => csvCell(record[column])).join(','))].join('\n')}\n`,
);

const docPath = values.doc
  ? path.resolve(values.doc)
  : values.only || shard
    ? null
    : path.join(ROOT, 'docs', 'accuracy.md');
if (docPath) writeReport(docPath, { ...run, records });
for (const category of new Set(records.map((record) => record.category))) {
  const cpu = records.flatMap((record) =>
    record.category === category && record.engineCpuMs !== null ? [record.engineCpuMs] : [],
  );
  if (cpu.length)
    log(
      `engine CPU ${category}: p50 ${percentile(cpu, 0.5)} ms, p95 ${percentile(cpu, 0.95)} ms, ` +
        `max ${Math.max(...cpu)} ms (${cpu.length} answers)`,
    );
}
const count = (outcome: Outcome) => records.filter((record) => record.outcome === outcome).length;
log(
  `Done in ${(totalMs / 1000).toFixed(0)} s: genuine accepted ${count('accepted')}/${records.filter((r) => r.class === 'genuine').length}, ` +
    `false accepts ${count('false_accept')}, altered with the field named ${count('altered_field_named')}, errors ${count('error')}. ` +
    `Results: ${path.relative(ROOT, resultsDir)}/results.{json,csv}${docPath ? `; report: ${path.relative(ROOT, docPath)}` : ''}`,
);
