/**
 * In-memory token buckets, the model GoTrue's limiters use: a bucket holds `events` tokens and
 * refills at `events` per `periodMs`, so bursts up to the limit pass and the long-run rate is capped.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly events: number,
    private readonly periodMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false when the bucket is empty. */
  allow(key = ''): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.events, updatedAt: now };
    const refill = ((now - bucket.updatedAt) / this.periodMs) * this.events;
    bucket.tokens = Math.min(this.events, bucket.tokens + refill);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (this.events <= 0 || bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    this.prune(now);
    return true;
  }

  /** Forgets full buckets so a long-running stack does not keep one entry per IP forever. */
  private prune(now: number): void {
    if (this.buckets.size < 10_000) return;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / this.periodMs) * this.events >= this.events) {
        this.buckets.delete(key);
      }
    }
  }
}

const FIVE_MINUTES = 5 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export interface AuthRateLimits {
  /** Per IP: sign-ups, password sign-ins, recover and resend. */
  signInSignUps: TokenBucketLimiter;
  /** Per IP: refresh-token grants. */
  tokenRefresh: TokenBucketLimiter;
  /** Per IP: GET/POST /verify. */
  tokenVerifications: TokenBucketLimiter;
  /** Per project: confirmation and recovery mails. */
  emailSent: TokenBucketLimiter;
}

export function createRateLimits(config: {
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
  emailSent: number;
}): AuthRateLimits {
  return {
    signInSignUps: new TokenBucketLimiter(config.signInSignUps, FIVE_MINUTES),
    tokenRefresh: new TokenBucketLimiter(config.tokenRefresh, FIVE_MINUTES),
    tokenVerifications: new TokenBucketLimiter(config.tokenVerifications, FIVE_MINUTES),
    emailSent: new TokenBucketLimiter(config.emailSent, ONE_HOUR),
  };
}
