/**
 * Admission control for expensive work (decoding, OCR): at most `active` jobs run at once per
 * function instance and at most `queued` wait; anything beyond, or a wait longer than `maxWaitMs`,
 * is refused at once with 503 and Retry-After, so overload costs the client a retry instead of
 * costing the instance its memory (256 MB) or every request its latency.
 */
import { HttpError } from '../errors.ts';

export interface AdmissionOptions {
  active: number;
  queued: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
}

export class Admission {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly options: AdmissionOptions) {}

  #busy(): HttpError {
    return new HttpError(
      503,
      'The service is busy; please try again shortly',
      {},
      { 'Retry-After': String(this.options.retryAfterSeconds) },
    );
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.options.active) {
      if (this.#waiting.length >= this.options.queued) throw this.#busy();
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          const index = this.#waiting.indexOf(wake);
          if (index !== -1) this.#waiting.splice(index, 1);
          reject(this.#busy());
        }, this.options.maxWaitMs);
        this.#waiting.push(wake);
      });
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
