/**
 * Postgres restarted under load: while it is down every request fails cleanly (503 + Retry-After,
 * never a 500 or a hung connection), and once it is back the same function process serves again
 * without anything else being restarted. Needs FAULTS_CONTROL_URL (scripts/faults.ts).
 */
import assert from 'node:assert/strict';
import { ANON_KEY, demo, FUNCTION_URL, test } from '../tests/helpers.ts';

const CONTROL_URL = Deno.env.get('FAULTS_CONTROL_URL');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  at: number;
  status: number;
  retryAfter: boolean;
  error?: string;
}

test('Postgres restart under load: 503 with Retry-After while down, full recovery after', async () => {
  assert.ok(CONTROL_URL, 'FAULTS_CONTROL_URL is not set: run through npm run test:faults');
  const admin = await demo('admin');
  const requests = [
    // Anonymous, DB-backed public read.
    () =>
      fetch(`${FUNCTION_URL}/verification/stats`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
      }),
    // Signed in: the profile check and the admin read both need the database.
    () =>
      fetch(`${FUNCTION_URL}/users/stats`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.token}` },
      }),
  ];
  const samples: Sample[] = [];
  let stop = false;
  const began = Date.now();
  const clients = Array.from({ length: 8 }, async (_, i) => {
    while (!stop) {
      const at = Date.now() - began;
      try {
        const response = await requests[i % requests.length]!();
        await response.body?.cancel();
        samples.push({ at, status: response.status, retryAfter: response.headers.has('retry-after') });
      } catch (error) {
        samples.push({ at, status: 0, retryAfter: false, error: String(error) });
      }
      await delay(20);
    }
  });

  await delay(2000);
  const restartBegan = Date.now() - began;
  const restart = await fetch(`${CONTROL_URL}/restart-postgres?downMs=2000`, { method: 'POST' });
  assert.equal(restart.status, 200, await restart.text());
  const restartEnded = Date.now() - began;
  // Recovery: keep the load on for a while after Postgres is back.
  await delay(6000);
  stop = true;
  await Promise.all(clients);

  const byStatus = new Map<number, number>();
  for (const sample of samples) byStatus.set(sample.status, (byStatus.get(sample.status) ?? 0) + 1);
  console.log(
    `postgres restart: down ${restartBegan}-${restartEnded} ms; ${samples.length} requests: ` +
      [...byStatus.entries()].map(([status, n]) => `${status}×${n}`).join(', '),
  );
  const unclean = samples.filter((s) => !(s.status === 200 || (s.status === 503 && s.retryAfter)));
  assert.deepEqual(unclean.slice(0, 5), [], `${unclean.length} requests failed uncleanly`);
  assert.ok(
    samples.some((s) => s.status === 503),
    'the outage was never seen: the test proves nothing',
  );
  // Back to normal: the last seconds are all 200, from the same processes (nothing was restarted).
  const tail = samples.filter((s) => s.at > restartEnded + 3000);
  assert.ok(tail.length > 20, `only ${tail.length} requests after recovery`);
  assert.ok(
    tail.every((s) => s.status === 200),
    `not recovered: ${tail.filter((s) => s.status !== 200).length} failures after restart`,
  );
});
