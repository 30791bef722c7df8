/**
 * Where one request's time goes, stage by stage: wall-clock time and the process's CPU time, sent back
 * in a `Server-Timing` header (`decode;dur=130.2`, `decode-cpu;dur=121.0`). Each hop (api -> engine
 * -> ocr) passes on the stages of the hop behind it under a prefix, so a benchmark reads the whole
 * path from the api's answer. CPU time is the whole process's (`process.cpuUsage`): a function runs
 * one comparison at a time, and CPU time is what a loaded machine inflates least.
 */
import process from 'node:process';

export const SERVER_TIMING = 'Server-Timing';

export interface StageTime {
  wallMs: number;
  cpuMs: number;
  count: number;
}

/** The process's CPU time so far, in ms (user + system). */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A stage's name as a Server-Timing token: letters, digits and dashes. */
function token(name: string): string {
  return name.replace(/[^A-Za-z0-9-]/g, '-');
}

export class StageTimer {
  readonly stages = new Map<string, StageTime>();

  /** Adds wall-clock (and CPU) time to a stage; a stage run several times adds up. */
  add(name: string, wallMs: number, cpuMs = 0): void {
    const stage = this.stages.get(name) ?? { wallMs: 0, cpuMs: 0, count: 0 };
    stage.wallMs += wallMs;
    stage.cpuMs += cpuMs;
    stage.count += 1;
    this.stages.set(name, stage);
  }

  async time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const wall = performance.now();
    const cpu = processCpuMs();
    try {
      return await work();
    } finally {
      this.add(name, performance.now() - wall, processCpuMs() - cpu);
    }
  }

  /** The stages of another hop's Server-Timing header, under `prefix`. */
  merge(header: string | null, prefix: string): void {
    for (const [name, ms] of parseServerTiming(header)) {
      if (name.endsWith('-cpu')) this.add(`${prefix}${name.slice(0, -4)}`, 0, ms);
      else this.add(`${prefix}${name}`, ms);
    }
  }

  /** `name;dur=wall` and, when CPU time was taken, `name-cpu;dur=cpu` for every stage. */
  header(): string {
    const entries: string[] = [];
    for (const [name, stage] of this.stages) {
      entries.push(`${token(name)};dur=${stage.wallMs.toFixed(1)}`);
      if (stage.cpuMs > 0) entries.push(`${token(name)}-cpu;dur=${stage.cpuMs.toFixed(1)}`);
    }
    return entries.join(', ');
  }
}

/** Name and duration (ms) of each entry of a Server-Timing header; entries without `dur` are skipped. */
export function parseServerTiming(header: string | null): [string, number][] {
  if (!header) return [];
  const entries: [string, number][] = [];
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.split(';').map((part) => part.trim());
    const dur = params.find((param) => param.startsWith('dur='));
    const ms = dur ? Number(dur.slice(4)) : NaN;
    if (name && Number.isFinite(ms)) entries.push([name, ms]);
  }
  return entries;
}
