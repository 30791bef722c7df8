/**
 * kill -9 of the function's process at each step of an upload, then a restart: the client gets a
 * retryable 503 (Retry-After), and no object without a row (or row without an object) remains once
 * the reconciliation has run: on the function's start, or by hand (`npm run reconcile`).
 * Run by the `faults` suite (scripts/faults.ts), which owns the stack it kills.
 */
import assert from 'node:assert/strict';
import { faultPidFile, type FaultStep } from '../../_shared/faults.ts';
import {
  ANON_KEY,
  call,
  db,
  FUNCTION_URL,
  freshUser,
  type Persona,
  SERVICE_ROLE_KEY,
  storedObjects,
  test,
  uniquePngDataUrl,
  reconcileByHand,
} from '../tests/helpers.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}

const rowsOf = async (userId: string) =>
  (
    await db<{ n: number }[]>`select count(*)::int as n from public.certificates where user_id = ${userId}`
  )[0]!.n;

function upload(persona: Persona, fileData: string, fault?: { step: FaultStep; id: string }) {
  const headers: Record<string, string> = {
    apikey: ANON_KEY,
    authorization: `Bearer ${persona.token}`,
    'content-type': 'application/json',
  };
  if (fault) {
    headers['x-fault-point'] = fault.step;
    headers['x-fault-id'] = fault.id;
    headers['x-fault-key'] = SERVICE_ROLE_KEY;
  }
  return fetch(`${FUNCTION_URL}/certificates/upload-base64`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ fileData, userId: persona.userId }),
  });
}

/** Starts an upload that stops at `step`, kills the process there with SIGKILL, returns the answer. */
async function crashAt(persona: Persona, fileData: string, step: FaultStep) {
  const id = crypto.randomUUID();
  const pending = upload(persona, fileData, { step, id });
  const pidFile = faultPidFile(id);
  const pid = await waitFor(`the function to reach ${step}`, async () => {
    try {
      return Number(await Deno.readTextFile(pidFile));
    } catch {
      return undefined;
    }
  });
  Deno.kill(pid, 'SIGKILL');
  await Deno.remove(pidFile).catch(() => undefined);
  const response = await pending;
  const body = (await response.json()) as Record<string, unknown>;
  return { response, body, pid };
}

function assertRetryable(response: Response, body: Record<string, unknown>) {
  assert.equal(response.status, 503, JSON.stringify(body));
  assert.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After missing');
  assert.equal(typeof (body.error ?? body.message), 'string');
}

/** Ages an object past the reconciliation's grace period (as if the crash had been long ago). */
const age = (name: string) =>
  db`update storage.objects set created_at = now() - interval '1 day' where bucket_id = 'certificates' and name = ${name}`;

for (const step of ['after-storage-write', 'before-db-insert'] as const) {
  test(`kill -9 ${step}: 503 Retry-After, the orphaned object is removed when the function starts again`, async () => {
    const persona = await freshUser(`crash-${step}`);
    const fileData = await uniquePngDataUrl();
    const { response, body } = await crashAt(persona, fileData, step);
    assertRetryable(response, body);

    // The crash left the object and no row: exactly what the reconciliation is for.
    assert.equal(await rowsOf(persona.userId), 0);
    const [orphan] = await storedObjects(`${persona.userId}/`);
    assert.ok(orphan, 'the storage write should have happened before the kill');
    await age(orphan);

    // The next request starts a fresh process, which reconciles in the background.
    const me = await call('GET', '/users/me', { token: persona.token });
    assert.equal(me.status, 200);
    await waitFor('the orphan to be removed', async () =>
      (await storedObjects(`${persona.userId}/`)).length === 0 ? true : undefined,
    );

    // The retry the 503 invited succeeds, leaving one row and its one object.
    const retry = await upload(persona, fileData);
    assert.equal(retry.status, 201, await retry.text());
    assert.equal(await rowsOf(persona.userId), 1);
    assert.equal((await storedObjects(`${persona.userId}/`)).length, 1);
  });
}

test('kill -9 after-db-insert: 503 Retry-After, row and object both kept, the retry answers 409 with it', async () => {
  const persona = await freshUser('crash-after-insert');
  const fileData = await uniquePngDataUrl();
  const { response, body } = await crashAt(persona, fileData, 'after-db-insert');
  assertRetryable(response, body);
  assert.equal(await rowsOf(persona.userId), 1);
  const [row] = await db<{ storage_path: string }[]>`
    select storage_path from public.certificates where user_id = ${persona.userId}`;
  assert.deepEqual(await storedObjects(`${persona.userId}/`), [row!.storage_path]);

  const retry = await upload(persona, fileData);
  const retried = (await retry.json()) as { certificate?: { storage_path?: string } };
  assert.equal(retry.status, 409);
  assert.ok(retried.certificate, 'the 409 names the certificate that was created');
  // The start-up reconciliation must not touch a complete certificate, however old.
  await age(row!.storage_path);
  await call('GET', '/users/me', { token: persona.token });
  await delay(2000);
  assert.deepEqual(await storedObjects(`${persona.userId}/`), [row!.storage_path]);
});

test('npm run reconcile removes an orphan by hand and reports rows without a file', async () => {
  const persona = await freshUser('crash-reconcile-cli');
  const { response, body } = await crashAt(persona, await uniquePngDataUrl(), 'after-storage-write');
  assertRetryable(response, body);
  const [orphan] = await storedObjects(`${persona.userId}/`);
  assert.ok(orphan);
  // Wake the function so its own start-up run (grace: 15 min) is over before the manual one.
  await call('GET', '/users/me', { token: persona.token });

  const report = await reconcileByHand();
  assert.ok(report.removedObjects.includes(orphan), JSON.stringify(report));
  assert.deepEqual(await storedObjects(`${persona.userId}/`), []);
  // Every certificate still has its file: the manual run removed orphans only.
  assert.deepEqual(report.rowsWithoutObject, []);
});
