/**
 * Admission control for expensive work (decoding, OCR): at most `active` jobs run at once per
 * function instance and at most `queued` wait; anything beyond is refused at once with 503 and
 * Retry-After, so overload costs the client a retry instead of costing the instance its memory
 * (256 MB) or every request its latency.
 *
 * A wait is refused at once, too, when the jobs ahead of it will take longer than `maxWaitMs` by the
 * duration of the recent jobs: waiting out the whole budget and then answering 503 (as the gate did
 * until 2026-11-26: 503s after 20 s in the queue, 28-57 s with the caller's retries) helps nobody.
 * A wait that outlasts `maxWaitMs` all the same is refused then.
 */
import { HttpError } from '../errors.ts';
import type { StageTimer } from './server-timing.ts';

export interface AdmissionOptions {
  active: number;
  queued: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
}

/** Weight of the newest job in the running mean of job durations. */
const RECENT_WEIGHT = 0.3;

export class Admission {
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  /** Running mean of recent jobs' durations (ms); undefined until one has finished. */
  #typicalMs: number | undefined;

  constructor(readonly options: AdmissionOptions) {}

  #busy(retryAfterSeconds = this.options.retryAfterSeconds): HttpError {
    return new HttpError(
      503,
      'The service is busy; please try again shortly',
      {},
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }

  /**
   * How long a job arriving now would wait: the jobs queued ahead of it plus, on average, half of the
   * running ones, by the typical duration; 0 while nothing has finished yet.
   */
  expectedWaitMs(): number {
    if (this.#typicalMs === undefined || this.#running < this.options.active) return 0;
    return ((this.#waiting.length + 0.5 * this.#running) * this.#typicalMs) / this.options.active;
  }

  /**
   * Runs `work` when a slot is free; `timer` gets the wait as its `queue` stage. `maxWaitMs` overrides
   * the gate's budget for this job: background work (a registration) may wait longer than a verifier.
   */
  async run<T>(
    work: () => Promise<T>,
    { timer, maxWaitMs = this.options.maxWaitMs }: { timer?: StageTimer; maxWaitMs?: number } = {},
  ): Promise<T> {
    const arrived = performance.now();
    if (this.#running >= this.options.active) {
      if (this.#waiting.length >= this.options.queued) throw this.#busy();
      const expected = this.expectedWaitMs();
      if (expected > maxWaitMs) {
        throw this.#busy(Math.max(this.options.retryAfterSeconds, Math.ceil(expected / 1000)));
      }
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          clearTimeout(deadline);
          resolve();
        };
        const deadline = setTimeout(() => {
          const index = this.#waiting.indexOf(wake);
          if (index !== -1) this.#waiting.splice(index, 1);
          reject(this.#busy());
        }, maxWaitMs);
        this.#waiting.push(wake);
      });
    } else {
      this.#running += 1;
    }
    const started = performance.now();
    timer?.add('queue', started - arrived);
    try {
      return await work();
    } finally {
      const took = performance.now() - started;
      this.#typicalMs =
        this.#typicalMs === undefined ? took : RECENT_WEIGHT * took + (1 - RECENT_WEIGHT) * this.#typicalMs;
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
