/**
 * Slows down password guessing: failed password sign-ins are counted per account (the address tried)
 * and per client address. Past a number of free failures, each further failure doubles a back-off
 * during which sign-ins for that account or from that address are refused with 429 and Retry-After,
 * before the password is looked at. A correct password clears the account's count (not the
 * address's, so one valid account cannot be used to reset a guessing run from the same address).
 * Counts are forgotten after a quiet period.
 *
 * Hosted GoTrue has no per-account back-off: it limits password sign-ins per IP through
 * `rate_limit.sign_in_sign_ups` (30 per 5 minutes by default), and relies on bcrypt's cost and
 * optional CAPTCHA. See docs/security.md ("Accounts").
 */
import { tooManyRequests } from './errors.ts';

export interface ThrottleRule {
  /** Failures allowed before the back-off starts. */
  freeFailures: number;
  /** Back-off after the first failure past the free ones; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts over. */
  forgetAfterMs: number;
}

export const ACCOUNT_RULE: ThrottleRule = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};

export const ADDRESS_RULE: ThrottleRule = {
  freeFailures: 30,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};

interface Entry {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** Failure counts for one kind of key (accounts or addresses), bounded in size. */
export class FailureCounter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 50_000,
  ) {}

  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.lastFailureAt > this.rule.forgetAfterMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Milliseconds until `key` may try again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const entry = this.current(key);
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.current(key) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailureAt = now;
    const over = entry.failures - this.rule.freeFailures;
    if (over > 0) {
      const delay = Math.min(this.rule.maxDelayMs, this.rule.baseDelayMs * 2 ** Math.min(over - 1, 20));
      entry.blockedUntil = now + delay;
    }
    // Re-insert so the Map's order is least recently failed first, then drop the oldest if full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  clear(key: string): void {
    this.entries.delete(key);
  }
}

export class LoginThrottle {
  readonly accounts: FailureCounter;
  readonly addresses: FailureCounter;

  constructor(now: () => number = Date.now, rules = { account: ACCOUNT_RULE, address: ADDRESS_RULE }) {
    this.accounts = new FailureCounter(rules.account, now);
    this.addresses = new FailureCounter(rules.address, now);
  }

  /** Throws 429 `over_request_rate_limit` with Retry-After while the account or address backs off. */
  check(email: string, ip: string): void {
    const wait = Math.max(this.accounts.retryAfterMs(email.toLowerCase()), this.addresses.retryAfterMs(ip));
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw tooManyRequests(
        'over_request_rate_limit',
        `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
      ).withHeaders({ 'Retry-After': String(seconds) });
    }
  }

  failed(email: string, ip: string): void {
    this.accounts.recordFailure(email.toLowerCase());
    this.addresses.recordFailure(ip);
  }

  succeeded(email: string): void {
    this.accounts.clear(email.toLowerCase());
  }
}
