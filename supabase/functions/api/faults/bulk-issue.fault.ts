/**
 * Bulk issuance through the per-file API survives a crash half-way: N files are issued two at a time
 * (as the web app's bulk page does), every function process is killed with SIGKILL once half have
 * answered, the run goes on (the runner starts a fresh process), and then the whole batch is sent
 * again, as an admin would after a crash or a closed tab. Afterwards there are exactly N certificates,
 * each file once, and no stored object without its row. N is BULK_FAULT_N (default 12); timings are
 * printed for docs/issuance.md. Needs FAULTS_CONTROL_URL (scripts/faults.ts).
 */
import assert from 'node:assert/strict';
import {
  ANON_KEY,
  db,
  FUNCTION_URL,
  freshUser,
  type Persona,
  storedObjects,
  test,
  uniquePng,
  toDataUrl,
  reconcileByHand,
} from '../tests/helpers.ts';
import { sha256Hex } from '../../_shared/processing/hash.ts';

const CONTROL_URL = Deno.env.get('FAULTS_CONTROL_URL');
const N = Number(Deno.env.get('BULK_FAULT_N') ?? 12);
const CONCURRENCY = 2;

interface Outcome {
  status: number;
  fileHash?: string;
}

async function issue(admin: Persona, fileData: string, index: number): Promise<Outcome> {
  try {
    const response = await fetch(`${FUNCTION_URL}/certificates/upload-base64`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        fileData,
        userId: admin.userId,
        fileName: `bulk-${index}.png`,
        certificateName: `Bulk certificate ${index}`,
        recipientName: `Recipient ${index}`,
      }),
    });
    const body = (await response.json().catch(() => ({}))) as { certificate?: { file_hash?: string } };
    return { status: response.status, fileHash: body.certificate?.file_hash };
  } catch {
    // The connection died with the process: the re-run will tell what happened to this file.
    return { status: 0 };
  }
}

/** Issues every file, `CONCURRENCY` at a time; `onAnswer` sees how many have answered. */
async function issueAll(
  admin: Persona,
  files: readonly string[],
  onAnswer: (answered: number) => Promise<void> = async () => {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(files.length);
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next;
      next += 1;
      outcomes[index] = await issue(admin, files[index]!, index);
      answered += 1;
      await onAnswer(answered);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

async function killFunctions(): Promise<number> {
  const { functions } = (await (await fetch(`${CONTROL_URL}/processes`)).json()) as { functions: number[] };
  for (const pid of functions) {
    try {
      Deno.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return functions.length;
}

const tally = (outcomes: readonly Outcome[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of outcomes) counts[status] = (counts[status] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, n]) => `${status}×${n}`)
    .join(', ');
};

test(`bulk issue of ${N} files with the functions killed half-way: a re-run leaves exactly ${N} certificates and no orphan`, async () => {
  assert.ok(CONTROL_URL, 'FAULTS_CONTROL_URL is not set: run through npm run test:faults');
  assert.ok(Number.isInteger(N) && N >= 2, 'BULK_FAULT_N must be an integer of at least 2');
  const admin = await freshUser('bulk-crash', 'admin');
  const pngs = await Promise.all(Array.from({ length: N }, () => uniquePng()));
  const files = pngs.map((png) => toDataUrl(png, 'image/png'));
  const hashes = new Set(await Promise.all(pngs.map((png) => sha256Hex(png))));

  let killed = 0;
  const firstBegan = performance.now();
  const first = await issueAll(admin, files, async (answered) => {
    if (killed === 0 && answered >= N / 2) killed = await killFunctions();
  });
  const firstMs = performance.now() - firstBegan;
  assert.ok(killed > 0, 'no function process was killed');

  // Whatever the crash left behind (an object whose row never came) is what the reconciliation removes.
  const report = await reconcileByHand();

  // The admin sends the whole batch again: nothing is issued twice.
  const secondBegan = performance.now();
  const second = await issueAll(admin, files);
  const secondMs = performance.now() - secondBegan;
  console.log(
    `bulk crash: N=${N}; first run ${Math.round(firstMs)} ms (${Math.round(firstMs / N)} ms/file), ` +
      `${killed} process(es) killed, answers ${tally(first)}; reconcile removed ` +
      `${report.removedObjects.length} object(s); re-run ${Math.round(secondMs)} ms ` +
      `(${Math.round(secondMs / N)} ms/file), answers ${tally(second)}`,
  );
  for (const outcome of second) {
    assert.ok(outcome.status === 201 || outcome.status === 409, `re-run answered ${outcome.status}`);
    // A 409 names the certificate of this very file.
    assert.ok(
      outcome.fileHash && hashes.has(outcome.fileHash),
      'the answer names a certificate of the batch',
    );
  }

  const rows = await db<{ file_hash: string; storage_path: string }[]>`
    select file_hash, storage_path from public.certificates where user_id = ${admin.userId}`;
  assert.equal(rows.length, N, 'exactly one certificate per file');
  assert.deepEqual(new Set(rows.map((row) => row.file_hash)), hashes);
  const objects = await storedObjects(`${admin.userId}/`);
  assert.deepEqual(
    objects.sort(),
    rows.map((row) => row.storage_path).sort(),
    'one object per row, no orphan',
  );
  assert.deepEqual(report.rowsWithoutObject, []);
});
