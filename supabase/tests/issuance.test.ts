/**
 * Issued certificates (issue 9): holders linked by e-mail, who reads what, the lifecycle rules, the
 * public page, and the append-only history, acting as the personas of _db.ts.
 */
import assert from 'node:assert/strict';
import {
  actAs,
  allowed,
  attempt,
  createAuthUser,
  createFixtures,
  inRollback,
  insertCertificate,
  PERSONAS,
} from './_db.ts';
import type { Fixtures, Persona, Tx } from './_db.ts';

async function issueTo(tx: Tx, f: Fixtures, email: string, extra: { page_public?: boolean } = {}) {
  const cert = await insertCertificate(tx, f.users.admin.id, { verification_status: 'verified' });
  await tx`
    update public.certificates
    set recipient_email = ${email}, recipient_name = 'Rita Recipient', course = 'Welding',
        issue_date = '2026-01-10', page_public = ${extra.page_public ?? true}
    where id = ${cert.id}`;
  return cert;
}

async function events(tx: Tx, certificateId: string) {
  return await tx<{ action: string; actor_id: string | null; reason: string | null; details: unknown }[]>`
    select action, actor_id, reason, details from public.certificate_events
    where certificate_id = ${certificateId} order by id`;
}

Deno.test(
  'a certificate issued to an existing confirmed e-mail is held by that account at once',
  async () => {
    await inRollback(async (tx) => {
      const f = await createFixtures(tx);
      const cert = await issueTo(tx, f, f.users.userB.email.toLowerCase());
      const [row] = await tx<
        { holder_id: string }[]
      >`select holder_id from public.certificates where id = ${cert.id}`;
      assert.equal(row?.holder_id, f.users.userB.id);
    });
  },
);

Deno.test('an invited recipient becomes the holder only once their e-mail is confirmed', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const cert = await issueTo(tx, f, 'new.person@example.org');
    const holder = async () =>
      (
        await tx<
          { holder_id: string | null }[]
        >`select holder_id from public.certificates where id = ${cert.id}`
      )[0]?.holder_id;
    assert.equal(await holder(), null);
    const user = await createAuthUser(tx, { confirmed: false, email: 'New.Person@example.org' });
    assert.equal(await holder(), null, 'an unconfirmed sign-up must not receive the certificate');
    await tx`update auth.users set email_confirmed_at = now() where id = ${user.id}`;
    assert.equal(await holder(), user.id);
    assert.ok((await events(tx, cert.id)).some((e) => e.action === 'holder_linked'));
  });
});

Deno.test('a holder reads the certificates issued to them and their file; other users do not', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const cert = await issueTo(tx, f, f.users.userA.email);
    await tx`
      insert into storage.objects (bucket_id, name, owner_id, metadata)
      values ('certificates', ${cert.storagePath}, ${f.users.admin.id}, '{"mimetype":"image/png","size":1000}'::jsonb)`;
    const read = (sql: Tx) => sql`select id from public.certificates where id = ${cert.id}`;
    const readFile = (sql: Tx) =>
      sql`select name from storage.objects where bucket_id = 'certificates' and name = ${cert.storagePath}`;
    const history = (sql: Tx) =>
      sql`select id from public.certificate_events where certificate_id = ${cert.id}`;
    const expected: Record<Persona, boolean> = {
      anon: false,
      userA: true,
      userB: false,
      moderator: false,
      admin: true,
      service: true,
    };
    for (const persona of PERSONAS) {
      assert.equal(allowed(await attempt(tx, f, persona, read)), expected[persona], `row, ${persona}`);
      assert.equal(allowed(await attempt(tx, f, persona, readFile)), expected[persona], `file, ${persona}`);
      assert.equal(allowed(await attempt(tx, f, persona, history)), expected[persona], `history, ${persona}`);
    }
  });
});

Deno.test('a public page does not open the certificates table: others read only the page data', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const cert = await issueTo(tx, f, f.users.userA.email);
    const [row] = await tx<
      { public_id: string }[]
    >`select public_id from public.certificates where id = ${cert.id}`;
    for (const persona of ['anon', 'userB'] as const) {
      assert.equal(
        allowed(
          await attempt(
            tx,
            f,
            persona,
            (sql) => sql`select id from public.certificates where id = ${cert.id}`,
          ),
        ),
        false,
      );
      const page = await attempt(
        tx,
        f,
        persona,
        (sql) => sql`select recipient_name, status from private.find_public_certificate(${row!.public_id})`,
      );
      assert.ok(allowed(page), persona);
    }
    await actAs(tx, f, 'anon');
    const [page] = await tx<
      Record<string, unknown>[]
    >`select * from private.find_public_certificate(${row!.public_id})`;
    await tx`reset role`;
    assert.equal(page?.recipient_name, 'Rita Recipient');
    assert.equal(page?.status, 'valid');
    for (const hidden of ['user_id', 'holder_id', 'recipient_email', 'file_hash', 'ocr_content']) {
      assert.ok(!(hidden in page!), `${hidden} is not on the public page`);
    }
  });
});

Deno.test('a private, unreviewed or unknown public id finds nothing', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const hidden = await issueTo(tx, f, f.users.userA.email, { page_public: false });
    const pending = await insertCertificate(tx, f.users.userA.id);
    await tx`update public.certificates set page_public = true where id = ${pending.id}`;
    const ids = await tx<{ public_id: string }[]>`
      select public_id from public.certificates where id in ${tx([hidden.id, pending.id])}`;
    for (const publicId of [...ids.map((r) => r.public_id), 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const rows = await tx`select * from private.find_public_certificate(${publicId})`;
      assert.equal(rows.length, 0, publicId);
    }
  });
});

Deno.test('public ids are 128-bit random base64url strings, unique and immutable', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const rows = await tx<
      { public_id: string }[]
    >`select public_id from public.certificates where id in ${tx([f.certA, f.certB])}`;
    for (const { public_id } of rows) assert.match(public_id, /^[A-Za-z0-9_-]{22}$/);
    assert.notEqual(rows[0]?.public_id, rows[1]?.public_id);
    const [generated] = await tx<{ n: number }[]>`
      select count(distinct private.new_public_id())::int as n from generate_series(1, 2000)`;
    assert.equal(generated?.n, 2000);
    await assert.rejects(
      tx.savepoint(
        (sp) => sp`update public.certificates set public_id = 'BBBBBBBBBBBBBBBBBBBBBB' where id = ${f.certB}`,
      ),
      /public id cannot be changed/,
    );
  });
});

Deno.test(
  'the holder, the owner and admins switch the page; others cannot, nor change anything else',
  async () => {
    await inRollback(async (tx) => {
      const f = await createFixtures(tx);
      const cert = await issueTo(tx, f, f.users.userA.email);
      const toggle = (sql: Tx) =>
        sql`select 1 from private.set_certificate_page_public(${cert.id}, false) as ok where ok`;
      const expected: Partial<Record<Persona, boolean>> = {
        userA: true,
        userB: false,
        moderator: false,
        admin: true,
      };
      for (const persona of ['userA', 'userB', 'moderator', 'admin'] as const) {
        assert.equal(allowed(await attempt(tx, f, persona, toggle)), expected[persona], persona);
      }
      assert.equal((await attempt(tx, f, 'anon', toggle)).ok, false, 'anon may not call it');
      const edit = (sql: Tx) => sql`update public.certificates set grade = 'A+' where id = ${cert.id}`;
      assert.equal(allowed(await attempt(tx, f, 'userA', edit)), false, 'a holder cannot edit the fields');
    });
  },
);

Deno.test('revoking or suspending needs a reason; unrevoke and resume clear it', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    await assert.rejects(
      tx.savepoint(
        (sp) => sp`update public.certificates set revoked = true, revoked_at = now() where id = ${f.certB}`,
      ),
      /reason is required to revoke/,
    );
    await assert.rejects(
      tx.savepoint(
        (sp) =>
          sp`update public.certificates set revoked = true, revoked_at = now(), revocation_reason = '  ' where id = ${f.certB}`,
      ),
    );
    await assert.rejects(
      tx.savepoint(
        (sp) =>
          sp`update public.certificates set suspended = true, suspended_at = now() where id = ${f.certB}`,
      ),
      /reason is required to suspend/,
    );
    await tx`update public.certificates set revoked = true, revoked_at = now(), revocation_reason = 'Issued in error' where id = ${f.certB}`;
    await tx`update public.certificates set revoked = false, revoked_at = null where id = ${f.certB}`;
    await tx`update public.certificates set suspended = true, suspended_at = now(), suspension_reason = 'Audit' where id = ${f.certB}`;
    await tx`update public.certificates set suspended = false, suspended_at = null where id = ${f.certB}`;
    const [row] =
      await tx`select revocation_reason, suspension_reason from public.certificates where id = ${f.certB}`;
    assert.deepEqual({ ...row }, { revocation_reason: null, suspension_reason: null });
  });
});

Deno.test(
  'status in words: revoked, suspended, review state, expired (after the expiry day), valid',
  async () => {
    await inRollback(async (tx) => {
      const status = async (revoked: boolean, suspended: boolean, expiry: string | null, review: string) =>
        (
          await tx<{ s: string }[]>`
        select private.certificate_status(${revoked}, ${suspended}, ${expiry}::date, ${review}::public.verification_status) as s`
        )[0]?.s;
      assert.equal(await status(true, true, '2000-01-01', 'verified'), 'revoked');
      assert.equal(await status(false, true, '2000-01-01', 'verified'), 'suspended');
      assert.equal(await status(false, false, '2000-01-01', 'pending'), 'pending');
      assert.equal(await status(false, false, '2000-01-01', 'verified'), 'expired');
      const [today] = await tx<{ d: string }[]>`select current_date::text as d`;
      assert.equal(await status(false, false, today!.d, 'verified'), 'valid');
      assert.equal(await status(false, false, null, 'verified'), 'valid');
    });
  },
);

Deno.test('every change is appended to the history with actor and reason', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const cert = await issueTo(tx, f, 'someone@example.org');
    await actAs(tx, f, 'admin');
    await tx`select set_config('certificates.change_reason', 'Typo on the grade', true)`;
    await tx`update public.certificates set grade = 'B' where id = ${cert.id}`;
    await tx`select set_config('certificates.change_reason', '', true)`;
    await tx`update public.certificates set revoked = true, revoked_at = now(), revocation_reason = 'Fraud' where id = ${cert.id}`;
    await tx`update public.certificates set revoked = false, revoked_at = null where id = ${cert.id}`;
    await tx`update public.certificates set suspended = true, suspended_at = now(), suspension_reason = 'Audit' where id = ${cert.id}`;
    await tx`update public.certificates set suspended = false, suspended_at = null where id = ${cert.id}`;
    await tx`reset role`;
    const history = await events(tx, cert.id);
    const actions = history.map((e) => e.action);
    assert.deepEqual(actions.slice(0, 2), ['issued', 'edited']);
    assert.deepEqual(actions.slice(-6), [
      'made_public',
      'edited',
      'revoked',
      'unrevoked',
      'suspended',
      'resumed',
    ]);
    const mine = history.slice(-5);
    for (const event of mine) assert.equal(event.actor_id, f.users.admin.id);
    assert.equal(mine[0]?.reason, 'Typo on the grade');
    assert.deepEqual(mine[0]?.details, { grade: { from: null, to: 'B' } });
    assert.equal(mine[1]?.reason, 'Fraud');
    assert.equal(mine[3]?.reason, 'Audit');
  });
});

Deno.test(
  'history rows cannot be inserted, updated or deleted by anyone, admins and postgres included',
  async () => {
    await inRollback(async (tx) => {
      const f = await createFixtures(tx);
      const write = {
        insert: (sql: Tx) =>
          sql`insert into public.certificate_events (certificate_id, action) values (${f.certB}, 'revoked')`,
        update: (sql: Tx) =>
          sql`update public.certificate_events set reason = 'rewritten' where certificate_id = ${f.certB}`,
        delete: (sql: Tx) => sql`delete from public.certificate_events where certificate_id = ${f.certB}`,
      };
      for (const persona of PERSONAS) {
        for (const [name, query] of Object.entries(write)) {
          assert.equal(allowed(await attempt(tx, f, persona, query)), false, `${name} as ${persona}`);
        }
      }
      const asPostgres = [
        (sql: Tx) =>
          sql`update public.certificate_events set reason = 'rewritten' where certificate_id = ${f.certB}`,
        (sql: Tx) => sql`delete from public.certificate_events where certificate_id = ${f.certB}`,
        (sql: Tx) => sql`truncate public.certificate_events`,
      ];
      for (const statement of asPostgres) {
        await assert.rejects(
          tx.savepoint((sp) => statement(sp as unknown as Tx)),
          /append-only/,
        );
      }
    });
  },
);

Deno.test('history survives the deletion of its certificate and of the owner account', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    await tx`delete from auth.users where id = ${f.users.userB.id}`;
    const actions = (await events(tx, f.certB)).map((e) => e.action);
    assert.deepEqual(actions, ['issued', 'deleted']);
  });
});
