/**
 * Attacks at the database level, as a signed-in user could try them over the Data API (PostgREST
 * serves `public` on hosted Supabase): forging certificate evidence, self-promotion, writing review
 * and revocation columns, and misusing the function the API adds user uploads with.
 */
import assert from 'node:assert/strict';
import { actAs, allowed, attempt, createFixtures, hex64, inRollback } from './_db.ts';
import type { Fixtures, Persona, Tx } from './_db.ts';

/** Arguments of private.add_own_pending_certificate for a PNG in `ownerId`'s folder. */
function uploadArgs(ownerId: string, fileHash = hex64()) {
  const id = crypto.randomUUID();
  return { id, fileHash, storagePath: `${ownerId}/${id}.png` };
}

const addOwn = (sql: Tx, args: ReturnType<typeof uploadArgs>) => sql`
  select * from private.add_own_pending_certificate(
    ${args.id}, 'Forged', ${hex64()}, ${args.storagePath}, 'image', 'image/png', 10, ${args.fileHash})`;

Deno.test('a user cannot insert a certificate row directly, so cannot register forged hashes', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const forgedHash = hex64();
    for (const persona of ['userA', 'moderator'] as const) {
      const owner = f.users[persona].id;
      const id = crypto.randomUUID();
      const outcome = await attempt(
        tx,
        f,
        persona,
        (sql) => sql`
        insert into public.certificates (id, user_id, uploaded_by, certificate_hash, storage_path, file_type,
          mime_type, file_size, file_hash, content_hash)
        values (${id}, ${owner}, ${owner}, ${hex64()}, ${`${owner}/${id}.png`}, 'image', 'image/png', 10,
          ${forgedHash}, ${hex64()})`,
      );
      assert.equal(allowed(outcome), false, `${persona} inserted a certificate directly`);
      assert.equal(outcome.ok ? '' : outcome.code, '42501');
    }
  });
});

Deno.test('the upload function always makes a pending row owned and uploaded by the caller', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const userA = f.users.userA.id;
    await tx.savepoint(async (sp) => {
      const sql = sp as unknown as Tx;
      await actAs(sql, f, 'userA');
      const [row] = await addOwn(sql, uploadArgs(userA));
      assert.equal(row?.user_id, userA);
      assert.equal(row?.uploaded_by, userA);
      assert.equal(row?.verification_status, 'pending');
      assert.equal(row?.revoked, false);
      assert.equal(row?.reviewed_by, null);
    });
  });
});

Deno.test(
  "the upload function refuses another user's folder, anonymous callers and inactive users",
  async () => {
    await inRollback(async (tx) => {
      const f = await createFixtures(tx);
      const intoB = await attempt(tx, f, 'userA', (sql) => addOwn(sql, uploadArgs(f.users.userB.id)));
      assert.equal(allowed(intoB), false, "userA stored a row in userB's folder");

      const anon = await attempt(tx, f, 'anon', (sql) => addOwn(sql, uploadArgs(f.users.userA.id)));
      assert.deepEqual([anon.ok, anon.ok ? '' : anon.code], [false, '42501']);

      for (const status of ['inactive', 'banned', 'pending'] as const) {
        await tx`update public.profiles set status = ${status} where auth_id = ${f.users.userB.id}`;
        const outcome = await attempt(tx, f, 'userB', (sql) => addOwn(sql, uploadArgs(f.users.userB.id)));
        assert.deepEqual([outcome.ok, outcome.ok ? '' : outcome.code], [false, '42501'], status);
      }
    });
  },
);

Deno.test('the upload function cannot squat a registered file hash', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const [existing] = await tx<{ file_hash: string }[]>`
      select file_hash from public.certificates where id = ${f.certB}`;
    const outcome = await attempt(tx, f, 'userA', (sql) =>
      addOwn(sql, uploadArgs(f.users.userA.id, existing!.file_hash)),
    );
    assert.deepEqual([outcome.ok, outcome.ok ? '' : outcome.code], [false, '23505']);
  });
});

const ESCALATIONS: {
  name: string;
  query: (sql: Tx, f: Fixtures, self: string) => Promise<{ count: number }>;
}[] = [
  {
    name: 'promote self to admin',
    query: (sql, _f, self) => sql`update public.profiles set role = 'admin' where auth_id = ${self}`,
  },
  {
    name: 'change own status',
    query: (sql, _f, self) => sql`update public.profiles set status = 'inactive' where auth_id = ${self}`,
  },
  {
    name: 'take over another email',
    query: (sql, _f, self) =>
      sql`update public.profiles set email = 'admin@example.com' where auth_id = ${self}`,
  },
  {
    name: 'approve own pending certificate',
    query: (sql, f) =>
      sql`update public.certificates set verification_status = 'verified' where id = ${f.certA}`,
  },
  {
    name: 'swap the hash of own certificate',
    query: (sql, f) => sql`update public.certificates set content_hash = ${hex64()} where id = ${f.certA}`,
  },
  {
    name: "revoke another user's certificate",
    query: (sql, f) =>
      sql`update public.certificates set revoked = true, revoked_at = now(), revocation_reason = 'x' where id = ${f.certB}`,
  },
  {
    name: 'delete own certificate',
    query: (sql, f) => sql`delete from public.certificates where id = ${f.certA}`,
  },
  {
    name: 'read the verification log',
    query: (sql) => sql`select id from public.verification_attempts`,
  },
];

Deno.test('a user or moderator cannot escalate through the tables', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    for (const persona of ['userA', 'moderator'] as Persona[]) {
      const self = f.users[persona as 'userA' | 'moderator'].id;
      for (const escalation of ESCALATIONS) {
        const outcome = await attempt(tx, f, persona, (sql) => escalation.query(sql, f, self));
        assert.equal(allowed(outcome), false, `${persona} could ${escalation.name}`);
      }
    }
  });
});

Deno.test('a banned user holding a still-valid token cannot reactivate themself', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    await tx`update public.profiles set status = 'banned' where auth_id = ${f.users.userA.id}`;
    const outcome = await attempt(
      tx,
      f,
      'userA',
      (sql) => sql`update public.profiles set status = 'active' where auth_id = ${f.users.userA.id}`,
    );
    assert.deepEqual([outcome.ok, outcome.ok ? '' : outcome.code], [false, '42501']);
  });
});
