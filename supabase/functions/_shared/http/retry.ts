/**
 * Calls from one edge function to another (api to engine, engine to ocr) meet a peer that is busy or
 * restarting now and then; such a call is retried briefly before the caller gives up.
 */

/**
 * A peer function busy or restarting: 502 from the gateway, 503 when it is busy or starting, 546 when it
 * hit the runtime's resource limits.
 */
export const RETRYABLE_STATUSES: readonly number[] = [502, 503, 546];

export interface RetryOptions {
  /** Attempts after the first. */
  retries?: number;
  /** Pause before each retry. */
  waitMs?: number;
}

/**
 * fetch() that retries a network error or a RETRYABLE_STATUSES answer, `retries` times `waitMs` apart.
 * Returns the first other response or the last one (the caller reads its status and body); throws the
 * network error of the last attempt when it could not connect. `init.body` must be re-sendable (a string).
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  { retries = 2, waitMs = 750 }: RetryOptions = {},
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, init);
      if (attempt >= retries || !RETRYABLE_STATUSES.includes(response.status)) return response;
      await response.body?.cancel();
    } catch (error) {
      if (attempt >= retries) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
