import assert from 'node:assert/strict';
import { fetchWithRetry, type RetryOptions } from './retry.ts';

const PEER_URL = 'http://peer.invalid/functions/v1/engine/verify';
const FAST: RetryOptions = { waitMs: 1 };

/**
 * Runs `fn` with fetch answering `answers` in turn (a status, or an error thrown as fetch throws when
 * it cannot connect) and returns the request bodies fetch was called with.
 */
async function withPeer(answers: (number | Error)[], fn: () => Promise<void>): Promise<string[]> {
  const bodies: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (_input: string | URL | Request, init?: RequestInit) => {
    bodies.push(String(init?.body));
    const answer = answers[bodies.length - 1];
    if (answer === undefined) throw new Error('fetch called more often than expected');
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(new Response(`answer ${bodies.length}`, { status: answer }));
  };
  try {
    await fn();
  } finally {
    globalThis.fetch = realFetch;
  }
  return bodies;
}

const post = (options: RetryOptions = FAST) =>
  fetchWithRetry(PEER_URL, { method: 'POST', body: '{"a":1}' }, options);

Deno.test('fetchWithRetry retries a busy or restarting peer and returns its first other answer', async () => {
  for (const busy of [502, 503, 546]) {
    const bodies = await withPeer([busy, new TypeError('connection refused'), 200], async () => {
      const response = await post();
      assert.equal(response.status, 200);
      assert.equal(await response.text(), 'answer 3');
    });
    assert.deepEqual(bodies, ['{"a":1}', '{"a":1}', '{"a":1}'], 'the same body every time');
  }
});

Deno.test('fetchWithRetry does not retry an answer that is not about the peer being busy', async () => {
  for (const status of [200, 400, 413, 422, 500]) {
    const bodies = await withPeer([status], async () => {
      assert.equal((await post()).status, status);
    });
    assert.equal(bodies.length, 1, String(status));
  }
});

Deno.test('fetchWithRetry gives up after `retries`: the last busy answer, or the last error', async () => {
  const busy = await withPeer([503, 503, 503], async () => {
    const response = await post();
    assert.equal(response.status, 503);
    assert.equal(await response.text(), 'answer 3');
  });
  assert.equal(busy.length, 3, 'two retries by default');

  const last = new TypeError('connection refused (last)');
  const unreachable = await withPeer([new TypeError('first'), last], async () => {
    await assert.rejects(post({ retries: 1, waitMs: 1 }), (error) => error === last);
  });
  assert.equal(unreachable.length, 2);
});

Deno.test('fetchWithRetry waits between attempts', async () => {
  await withPeer([503, 503, 200], async () => {
    const began = performance.now();
    assert.equal((await post({ waitMs: 40 })).status, 200);
    assert.ok(performance.now() - began >= 75, 'two pauses of 40 ms');
  });
});
