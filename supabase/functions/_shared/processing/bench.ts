/**
 * Measures processCertificateFile on one file in a fresh isolate: wall and CPU time of a cold call
 * (OCR engine start included) and of a warm call, and the process's peak resident memory.
 *   npx deno run -A --config supabase/functions/deno.json supabase/functions/_shared/processing/bench.ts <file>
 */
import process from 'node:process';
import { processCertificateFile } from './mod.ts';

const path = Deno.args[0];
if (!path) throw new Error('usage: bench.ts <file>');
const bytes = await Deno.readFile(path);

async function timed() {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await processCertificateFile(bytes);
  const used = process.cpuUsage(cpu);
  return {
    result,
    wallMs: Math.round(performance.now() - start),
    cpuMs: Math.round((used.user + used.system) / 1000),
  };
}

function peakRssMb(): number {
  const status = Deno.readTextFileSync('/proc/self/status');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const baselineMb = Math.round(Deno.memoryUsage().rss / 1024 / 1024);
const cold = await timed();
const peakAfterColdMb = peakRssMb();
const warm = await timed();
console.log(
  JSON.stringify({
    file: path.split('/').pop(),
    bytes: bytes.length,
    textSource: cold.result.textSource,
    cold: { wallMs: cold.wallMs, cpuMs: cold.cpuMs },
    warm: { wallMs: warm.wallMs, cpuMs: warm.cpuMs },
    rssBeforeMb: baselineMb,
    peakRssMb: peakAfterColdMb,
    peakRssAfterWarmMb: peakRssMb(),
  }),
);
