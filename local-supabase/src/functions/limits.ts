/**
 * The hosted edge runtime's per-function limits, enforced by the local runner so what passes here fits
 * hosted Supabase (docs/local-stack-storage-functions.md, "Limits"). Each one can be changed by an
 * environment variable, e.g. to let a benchmark show how far over a limit a request goes.
 */
import { readFileSync } from 'node:fs';

export interface FunctionLimits {
  /** Memory of the function (JavaScript heap, buffers, WebAssembly), in MiB. Hosted: 256. */
  memoryMb: number;
  /** CPU time one request may use, in ms. Hosted: 2 s (the CLI's local runtime: soft 1 s, hard 2 s). */
  cpuMs: number;
  /** Wall-clock time one request may take, in ms. Hosted: 150 s on the free plan. */
  wallClockMs: number;
  /** Largest request body handed to a function, in bytes. */
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: FunctionLimits = {
  memoryMb: 256,
  cpuMs: 2000,
  wallClockMs: 150_000,
  // The gateway refuses more than 60 MiB anyway; a function gets at most 50 MiB, storage's file limit.
  maxBodyBytes: 50 * 1024 * 1024,
};

const ENV_NAMES: Record<keyof FunctionLimits, string> = {
  memoryMb: 'LOCAL_FUNCTIONS_MEMORY_MB',
  cpuMs: 'LOCAL_FUNCTIONS_CPU_MS',
  wallClockMs: 'LOCAL_FUNCTIONS_WALL_CLOCK_MS',
  maxBodyBytes: 'LOCAL_FUNCTIONS_MAX_BODY_BYTES',
};

/** The limits from LOCAL_FUNCTIONS_* variables over the hosted defaults; a bad value throws. */
export function limitsFromEnv(env: Record<string, string | undefined> = process.env): FunctionLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(ENV_NAMES) as (keyof FunctionLimits)[]) {
    const raw = env[ENV_NAMES[key]];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) {
      throw new Error(`${ENV_NAMES[key]} must be a positive whole number, not "${raw}"`);
    }
    limits[key] = value;
  }
  return limits;
}

/** The body hosted Supabase answers with when a function hits a resource limit (HTTP 546). */
export const WORKER_LIMIT_BODY = {
  code: 'WORKER_LIMIT',
  message: 'Function failed due to not having enough compute resources (please check logs)',
};

/** Linux's clock ticks per second for /proc times (USER_HZ); 100 on every mainstream kernel. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) of the process's main thread, where Deno runs the function's
 * JavaScript; V8's garbage-collector and compiler helper threads and Deno's I/O threads are not
 * counted, as the edge runtime counts only the isolate's thread. Undefined where /proc is missing
 * (macOS): the CPU limit is then not enforced.
 */
export function mainThreadCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
