/**
 * `npm run bench:content [-- options]`: the latency of the content path (every verification the
 * exact file hash does not answer) as one verifier sees it, and where it goes.
 *
 * Registers the originals of a few accuracy-corpus copies (bench/accuracy/, seed 20261125) through
 * the API as the demo admin, then posts every copy to POST /verification/verify: each kind one at a
 * time (`--rounds` times), then all of them again with `--in-flight` requests at once. Prints per kind
 * p50/p95/max and the verdicts, the stages of the answer's Server-Timing header (api, engine and ocr:
 * wall-clock and CPU time per stage, median per request), and per function process (engine, ocr) the
 * CPU time per request and the peak resident memory (VmHWM, reset before each phase).
 *
 * Options:
 *   --only LIST      corpus categories (default genuine/photo,genuine/scan,forgery/grade-sign)
 *   --per-kind N     copies per category (default 4)
 *   --rounds N       sequential passes (default 2)
 *   --in-flight N    requests at once in the last phase (default 2)
 *   --json FILE      all measurements as JSON
 *
 * Without API_URL in the environment it starts a throwaway stack around itself, as bench:verify does.
 * Builds every file before the first request, so the builder never shares the CPU with a request.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { VerificationResult } from '../supabase/functions/_shared/api-contract.ts';
import { buildItem, matchesOnly, originalFile, PageCache, planCorpus, QUICK } from './accuracy/corpus.ts';
import { percentile } from './accuracy/stats.ts';
import { rerunInsideThrowawayStack } from './throwaway-stack.ts';

const SEED = 20261125;

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'genuine/photo,genuine/scan,forgery/grade-sign' },
    'per-kind': { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    'in-flight': { type: 'string', default: '2' },
    json: { type: 'string' },
  },
});
const perKind = Number(values['per-kind']);
const rounds = Number(values.rounds);
const inFlight = Number(values['in-flight']);

if (!process.env.API_URL) await rerunInsideThrowawayStack(import.meta.url);

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
const API_URL = env('API_URL').replace(/\/+$/, '');
const ANON_KEY = env('ANON_KEY');
const FUNCTION_URL = (process.env.FUNCTION_URL ?? `${API_URL}/functions/v1/api`).replace(/\/+$/, '');

// ---------------------------------------------------------------------------------------------
// Function processes: CPU time of the main thread and peak resident memory, from /proc
// ---------------------------------------------------------------------------------------------

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * The pid of the deno process serving function `name` in this run's stack: of the processes with
 * the function's entrypoint on their command line (other stacks may run on the machine), the one
 * whose ancestry meets this process's nearest (the stack's process is an ancestor of both).
 */
function functionPid(name: string): number | null {
  const mine: number[] = [];
  for (let pid = process.pid; pid > 1; pid = parentOf(pid)) mine.push(pid);
  let best: { pid: number; depth: number } | null = null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!command.includes(`functions/${name}/index.ts`)) continue;
    for (let pid = Number(entry); pid > 1; pid = parentOf(pid)) {
      const depth = mine.indexOf(pid);
      if (depth !== -1) {
        if (!best || depth < best.depth) best = { pid: Number(entry), depth };
        break;
      }
    }
  }
  return best?.pid ?? null;
}

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Resets the peak resident memory the kernel reports (VmHWM) to the current size. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not permitted here: the peak then covers the process's whole life.
  }
}

// ---------------------------------------------------------------------------------------------
// The API
// ---------------------------------------------------------------------------------------------

let token: string | null = null;
let userId = '';

async function signIn(): Promise<void> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id: string } };
  if (!response.ok || !body.access_token || !body.user) throw new Error(`sign-in: HTTP ${response.status}`);
  token = body.access_token;
  userId = body.user.id;
}

interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown>;
  timing: Map<string, { wallMs: number; cpuMs: number }>;
}

function parseTiming(header: string | null): Answer['timing'] {
  const timing: Answer['timing'] = new Map();
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.split(';').map((part) => part.trim());
    const ms = Number(params.find((param) => param.startsWith('dur='))?.slice(4));
    if (!name || !Number.isFinite(ms)) continue;
    const stage = name.endsWith('-cpu') ? name.slice(0, -4) : name;
    const value = timing.get(stage) ?? { wallMs: 0, cpuMs: 0 };
    if (name.endsWith('-cpu')) value.cpuMs = ms;
    else value.wallMs = ms;
    timing.set(stage, value);
  }
  return timing;
}

async function post(route: string, json: unknown): Promise<Answer> {
  if (!token) await signIn();
  const body = JSON.stringify(json);
  const started = performance.now();
  const response = await fetch(`${FUNCTION_URL}${route}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { error: text.slice(0, 200) };
  }
  return {
    status: response.status,
    ms,
    body: parsed,
    timing: parseTiming(response.headers.get('server-timing')),
  };
}

const dataUrl = (bytes: Uint8Array, mime: string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const corpus = planCorpus(SEED, QUICK);
const only = values.only ?? '';
const kinds = only.split(',').map((part) => part.trim());
const items = kinds.flatMap((kind) =>
  corpus.items.filter((item) => matchesOnly(item, kind)).slice(0, perKind),
);
const kindOf = (item: (typeof items)[number]) =>
  kinds.find((kind) => matchesOnly(item, kind)) ?? item.category;

console.log(`Building ${items.length} copies (${kinds.join(', ')}; ${perKind} each) and their originals...`);
const cache = new PageCache(SEED);
const files = new Map<string, { dataUrl: string; bytes: number; note: string }>();
for (const item of items) {
  const built = await buildItem(corpus, item, cache);
  files.set(item.id, {
    dataUrl: dataUrl(built.bytes, built.mime),
    bytes: built.bytes.length,
    note: built.note,
  });
}
const originals = corpus.originals.filter((original) =>
  items.some((item) => item.originalId === original.id),
);

await signIn();
for (const original of originals) {
  const bytes = await originalFile(corpus, original, cache);
  const answer = await post('/certificates/upload-base64', {
    fileData: dataUrl(bytes, 'image/png'),
    userId,
    fileName: `${original.id}.png`,
    certificateName: `Content bench ${original.id}`,
  });
  if (answer.status !== 201 && answer.status !== 409)
    throw new Error(`registering ${original.id}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  console.log(`registered ${original.id} (${original.template}) in ${(answer.ms / 1000).toFixed(1)} s`);
}

const pids = { engine: functionPid('engine'), ocr: functionPid('ocr') };
console.log(`function processes: engine ${pids.engine}, ocr ${pids.ocr}`);

interface Sample {
  phase: string;
  id: string;
  kind: string;
  status: number;
  ms: number;
  verdict: string | null;
  timing: Record<string, { wallMs: number; cpuMs: number }>;
}
const samples: Sample[] = [];
interface PhaseStats {
  phase: string;
  requests: number;
  seconds: number;
  load: number[];
  processes: Record<string, { cpuMsPerRequest: number; startRssMb: number; peakRssMb: number }>;
}
const phases: PhaseStats[] = [];

async function verify(phase: string, item: (typeof items)[number]): Promise<void> {
  const file = files.get(item.id);
  if (!file) throw new Error(`no file for ${item.id}`);
  const answer = await post('/verification/verify', { fileData: file.dataUrl });
  const result = answer.status === 200 ? (answer.body as unknown as VerificationResult) : null;
  samples.push({
    phase,
    id: item.id,
    kind: kindOf(item),
    status: answer.status,
    ms: answer.ms,
    verdict: result?.verdict ?? null,
    timing: Object.fromEntries(answer.timing),
  });
  console.log(
    `${phase} ${item.id}: ${result?.verdict ?? `HTTP ${answer.status} ${String(answer.body.error ?? '')}`} in ${(answer.ms / 1000).toFixed(2)} s`,
  );
}

async function phase(name: string, work: () => Promise<void>): Promise<void> {
  const live = Object.entries(pids).filter((entry): entry is [string, number] => entry[1] !== null);
  for (const [, pid] of live) resetPeak(pid);
  const startRss = new Map(live.map(([process, pid]) => [process, rssMb(pid)]));
  const cpuBefore = new Map(live.map(([process, pid]) => [process, cpuMs(pid)]));
  const before = samples.length;
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? 0;
  await work();
  const requests = samples.length - before;
  phases.push({
    phase: name,
    requests,
    seconds: (performance.now() - started) / 1000,
    load: [loadBefore, os.loadavg()[0] ?? 0],
    processes: Object.fromEntries(
      live.map(([process, pid]) => [
        process,
        {
          cpuMsPerRequest: (cpuMs(pid) - (cpuBefore.get(process) ?? 0)) / Math.max(1, requests),
          startRssMb: startRss.get(process) ?? NaN,
          peakRssMb: peakRssMb(pid),
        },
      ]),
    ),
  });
}

// A first request warms the functions (JIT, OpenCV's and tesseract's start); not counted.
const warm = items[0];
if (warm) await verify('warm-up', warm);
await phase('1 in flight', async () => {
  for (let round = 0; round < rounds; round++) for (const item of items) await verify('1 in flight', item);
});
await phase(`${inFlight} in flight`, async () => {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < items.length) {
        const item = items[next++];
        if (item) await verify(`${inFlight} in flight`, item);
      }
    }),
  );
});

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const s = (ms: number) => (ms / 1000).toFixed(2);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

console.log('\n| In flight | Kind | n | p50 (s) | p95 (s) | max (s) | Answers |');
console.log('| --- | --- | --: | --: | --: | --: | --- |');
for (const { phase: name } of phases) {
  for (const kind of kinds) {
    const of = samples.filter((sample) => sample.phase === name && sample.kind === kind);
    const answers = new Map<string, number>();
    for (const sample of of) {
      const key = sample.verdict ?? `HTTP ${sample.status}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    const latencies = of.map((sample) => sample.ms);
    console.log(
      `| ${name} | ${kind} | ${of.length} | ${s(percentile(latencies, 0.5))} | ${s(percentile(latencies, 0.95))} | ${s(Math.max(...latencies))} | ${[...answers].map(([key, count]) => `${key} x${count}`).join(', ')} |`,
    );
  }
}

const stageNames = [...new Set(samples.flatMap((sample) => Object.keys(sample.timing)))];
console.log('\nStages (Server-Timing; median per request, 1 in flight; wall / CPU in ms):');
console.log(`| Stage | ${kinds.join(' | ')} |`);
console.log(`| --- | ${kinds.map(() => '--:').join(' | ')} |`);
for (const stage of stageNames) {
  const cells = kinds.map((kind) => {
    const of = samples.filter((sample) => sample.phase === '1 in flight' && sample.kind === kind);
    const wall = percentile(
      of.map((sample) => sample.timing[stage]?.wallMs ?? 0),
      0.5,
    );
    const cpu = percentile(
      of.map((sample) => sample.timing[stage]?.cpuMs ?? 0),
      0.5,
    );
    return cpu > 0 ? `${ms(wall)} / ${ms(cpu)}` : ms(wall);
  });
  console.log(`| ${stage} | ${cells.join(' | ')} |`);
}

console.log(
  '\n| Phase | Requests | Time (s) | Load (1 min) start / end | engine CPU per request (ms) | engine RSS at start / peak (MB) | ocr CPU per request (ms) | ocr RSS at start / peak (MB) |',
);
console.log('| --- | --: | --: | --- | --: | --: | --: | --: |');
for (const stats of phases) {
  const engine = stats.processes.engine;
  const ocr = stats.processes.ocr;
  console.log(
    `| ${stats.phase} | ${stats.requests} | ${stats.seconds.toFixed(1)} | ${stats.load.map((load) => load.toFixed(1)).join(' / ')} | ${ms(engine?.cpuMsPerRequest ?? NaN)} | ${ms(engine?.startRssMb ?? NaN)} / ${ms(engine?.peakRssMb ?? NaN)} | ${ms(ocr?.cpuMsPerRequest ?? NaN)} | ${ms(ocr?.startRssMb ?? NaN)} / ${ms(ocr?.peakRssMb ?? NaN)} |`,
  );
}
console.log(
  `\nMachine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} at the end; ${new Date().toISOString()}`,
);
if (values.json) {
  writeFileSync(
    values.json,
    `${JSON.stringify({ seed: SEED, items: items.map((item) => item.id), samples, phases }, null, 2)}\n`,
  );
  console.log(`Measurements: ${values.json}`);
}
