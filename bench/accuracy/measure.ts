/**
 * Decision side of `npm run bench:accuracy` (Deno, the function's own runtime and import map):
 *   deno run -A --config supabase/functions/deno.json bench/accuracy/measure.ts --dir <set> [--doc <md>]
 *
 * Processes every original of a generated set (bench/accuracy/generate.ts) as the API stores it,
 * then every genuine copy and forgery as the API verifies it, and writes the report (and
 * results.json beside the set). A measurement, not a test: it never fails on a bad number.
 */
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  compareFingerprints,
  normaliseText,
  processCertificateFile,
  type ProcessedCertificateFile,
  SAME_DOCUMENT_MAX_DISTANCE,
} from '../../supabase/functions/_shared/processing/mod.ts';
import { decide, type Registered } from './decide.ts';
import { manifestSchema } from './manifest.ts';
import { type FileOutcome, type Run, renderReport } from './report.ts';
import { tokenDifference } from './stats.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  args: Deno.args,
  options: {
    dir: { type: 'string' },
    doc: { type: 'string', default: path.join(ROOT, 'docs', 'accuracy.md') },
  },
});
if (!values.dir) throw new Error('--dir <generated set> is required');
const dir = path.resolve(values.dir);
const manifest = manifestSchema.parse(JSON.parse(await Deno.readTextFile(path.join(dir, 'manifest.json'))));

async function timed(
  file: string,
): Promise<{ processed: ProcessedCertificateFile; ms: number; cpuMs: number }> {
  const bytes = await Deno.readFile(path.join(dir, file));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const processed = await processCertificateFile(bytes);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { processed, ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Whether OCR read a printed field value as printed (the grade with its label: "A" alone is common). */
function containsField(text: string, field: string, value: string): boolean {
  const tokens = normaliseText(text).split(' ');
  const wanted = normaliseText(field === 'grade' ? `Grade: ${value}` : value).split(' ');
  return tokens.some((_, start) => wanted.every((token, offset) => tokens[start + offset] === token));
}

const total = manifest.originals.length + manifest.variants.length;
let done = 0;
function progress(file: string, note: string, ms: number): void {
  done++;
  console.error(`[${done}/${total}] ${file}: ${note} (${(ms / 1000).toFixed(1)} s)`);
}

const runStarted = performance.now();
const registry: Registered[] = [];
const originals = new Map<string, { processed: ProcessedCertificateFile; ms: number; cpuMs: number }>();
for (const original of manifest.originals) {
  const result = await timed(original.path);
  originals.set(original.id, result);
  registry.push({ id: original.id, ...result.processed });
  progress(original.path, `registered, ${result.processed.contentHash ? 'text' : 'NO TEXT'}`, result.ms);
}

const outcomes: FileOutcome[] = [];
for (const variant of manifest.variants) {
  const original = originals.get(variant.originalId);
  if (!original) throw new Error(`${variant.path}: unknown original ${variant.originalId}`);
  const { processed, ms, cpuMs } = await timed(variant.path);
  const decision = decide(processed, registry);
  const distance =
    processed.fingerprint && original.processed.fingerprint
      ? compareFingerprints(processed.fingerprint, original.processed.fingerprint).distance
      : null;
  const difference = tokenDifference(normaliseText(original.processed.text), normaliseText(processed.text));
  const outcome: FileOutcome = {
    path: variant.path,
    class: variant.class,
    kind: variant.kind,
    originalId: variant.originalId,
    ms,
    cpuMs,
    accepted: decision.accepted,
    acceptedAs: decision.accepted ? decision.id : null,
    channel: decision.accepted ? decision.channel : null,
    failed: decision.accepted ? null : decision.failed,
    sameRawText: processed.text === original.processed.text,
    sameContentHash:
      processed.contentHash !== null && processed.contentHash === original.processed.contentHash,
    distance,
    onlyInOriginal: difference.onlyA,
    onlyInCopy: difference.onlyB,
    edit:
      variant.class === 'forgery'
        ? {
            field: variant.field,
            from: variant.from,
            to: variant.to,
            fromReadInOriginal: containsField(original.processed.text, variant.field, variant.from),
            toReadInCopy: containsField(processed.text, variant.field, variant.to),
          }
        : null,
  };
  outcomes.push(outcome);
  const verdict = decision.accepted ? `accepted as ${decision.id}` : `rejected (${decision.failed})`;
  progress(variant.path, `${verdict}, distance ${distance ?? '-'}`, ms);
}

const originalTimes = [...originals.values()];
const run: Run = {
  seed: manifest.seed,
  count: manifest.count,
  startedAt: new Date(Date.now() - (performance.now() - runStarted)).toISOString(),
  generatedMs: manifest.generatedMs,
  measuredMs: performance.now() - runStarted,
  threshold: SAME_DOCUMENT_MAX_DISTANCE,
  machine: {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: navigator.hardwareConcurrency,
    memoryGb: os.totalmem() / 2 ** 30,
    loadAverage: os.loadavg(),
    os: `${Deno.build.os} ${os.release()} ${Deno.build.arch}`,
    deno: Deno.version.deno,
  },
  originals: manifest.originals.map((original) => {
    const result = originals.get(original.id);
    return {
      id: original.id,
      width: original.width,
      hasText: Boolean(result?.processed.contentHash),
      hasFingerprint: Boolean(result?.processed.fingerprint),
    };
  }),
  originalMs: originalTimes.map((result) => result.ms),
  originalCpuMs: originalTimes.map((result) => result.cpuMs),
  distinctContentHashes: new Set(registry.map((entry) => entry.contentHash).filter(Boolean)).size,
  outcomes,
};

await Deno.writeTextFile(path.join(dir, 'results.json'), `${JSON.stringify(run, null, 2)}\n`);
await Deno.writeTextFile(values.doc, renderReport(run));
console.error(`Wrote ${values.doc} and ${path.join(dir, 'results.json')}`);
