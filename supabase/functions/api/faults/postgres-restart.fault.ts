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

  const processes = async () =>
    (await (await fetch(`${CONTROL_URL}/processes`)).json()) as {
      runner: number;
      functions: number[];
    };
  await delay(2000);
  const before = await processes();
  assert.ok(before.functions.length > 0, 'no function process found');
  const restartBegan = Date.now() - began;
  const restart = await fetch(`${CONTROL_URL}/restart-postgres?downMs=2000`, { method: 'POST' });
  assert.equal(restart.status, 200, await restart.text());
  const restartEnded = Date.now() - began;
  // Recovery: keep the load on until 20 requests started after the restart have succeeded (a busy
  // machine may need a while: requests begun during the outage wait for their connect timeout).
  const deadline = Date.now() + 45_000;
  while (
    samples.filter((s) => s.at > restartEnded && s.status === 200).length < 20 &&
    Date.now() < deadline
  ) {
    await delay(250);
  }
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
  // Nothing else was restarted: the same runner (auth, storage, gateway) and function process.
  assert.deepEqual(await processes(), before);
  const after = samples.filter((s) => s.at > restartEnded).sort((a, b) => a.at - b.at);
  assert.ok(after.filter((s) => s.status === 200).length >= 20, 'the service did not recover');
  // Once recovered it stays recovered: the last ten requests all succeeded.
  assert.ok(
    after.slice(-10).every((s) => s.status === 200),
    `not recovered: ${after
      .slice(-10)
      .map((s) => s.status)
      .join(',')}`,
  );
});
