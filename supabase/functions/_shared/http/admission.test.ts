import assert from 'node:assert/strict';
import { HttpError } from '../errors.ts';
import { Admission } from './admission.ts';
import { StageTimer } from './server-timing.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that runs until `finish` is called. */
function heldJob(): { job: () => Promise<string>; finish: () => void } {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    job: async () => {
      await done;
      return 'done';
    },
    finish,
  };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof HttpError, `expected an HttpError, got ${String(error)}`);
    return error;
  }
  throw new Error('expected the job to be refused');
}

Deno.test(
  'a job waits for the running one when nothing says the wait is too long, and its wait is timed',
  async () => {
    const gate = new Admission({ active: 1, queued: 4, maxWaitMs: 60_000, retryAfterSeconds: 5 });
    const first = heldJob();
    const running = gate.run(first.job);
    const timer = new StageTimer();
    const waiting = gate.run(() => Promise.resolve('second'), { timer });
    first.finish();
    assert.equal(await running, 'done');
    assert.equal(await waiting, 'second');
    assert.equal(timer.stages.get('queue')?.count, 1);
  },
);

Deno.test('a full queue is refused at once with 503 and Retry-After', async () => {
  const gate = new Admission({ active: 1, queued: 1, maxWaitMs: 60_000, retryAfterSeconds: 7 });
  const first = heldJob();
  const running = gate.run(first.job);
  const queued = gate.run(() => Promise.resolve('queued'));
  const error = await refusal(gate.run(() => Promise.resolve('refused')));
  assert.equal(error.status, 503);
  assert.equal(error.headers['Retry-After'], '7');
  first.finish();
  assert.equal(await running, 'done');
  assert.equal(await queued, 'queued');
});

Deno.test('a wait the recent jobs say will outlast the budget is refused at once, not after it', async () => {
  const gate = new Admission({ active: 1, queued: 4, maxWaitMs: 50, retryAfterSeconds: 1 });
  // One finished job that took at least 150 ms: half of it ahead of a newcomer is more than 50 ms.
  await gate.run(() => sleep(150));
  assert.ok(gate.expectedWaitMs() === 0, 'nothing runs: no wait');
  const held = heldJob();
  const running = gate.run(held.job);
  assert.ok(gate.expectedWaitMs() > 50);
  // Refused while the running job is still held: the refusal did not wait for the budget to pass.
  const error = await refusal(gate.run(() => Promise.resolve('refused')));
  assert.equal(error.status, 503);
  assert.ok(Number(error.headers['Retry-After']) >= 1);
  // Background work with a longer budget of its own waits instead.
  const background = gate.run(() => Promise.resolve('background'), { maxWaitMs: 60_000 });
  held.finish();
  assert.equal(await running, 'done');
  assert.equal(await background, 'background');
  // Free again: the next job runs at once.
  assert.equal(await gate.run(() => Promise.resolve('next')), 'next');
});
