/**
 * Fixed-window request counting per key, in the memory of one function instance. That bounds abuse on
 * one machine; a hosted project with many instances needs a shared counter (see docs/api.md).
 */
export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateLimitDecision {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.#windows.set(key, window);
      this.#sweep(now);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Drops expired windows so the map cannot grow without bound. */
  #sweep(now: number) {
    if (this.#windows.size < 10_000) return;
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
  }
}

/**
 * The client's address as the nearest proxy saw it. The gateway appends the peer to
 * X-Forwarded-For, so the last entry is the one a client cannot forge.
 */
export function clientAddress(headers: Headers, remoteAddress: string | undefined): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? headers.get('x-real-ip') ?? remoteAddress ?? 'unknown';
}
