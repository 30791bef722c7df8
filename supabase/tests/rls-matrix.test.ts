/**
 * The RLS matrix: every table the product uses × persona × operation, asserting allow or deny.
 * "Allowed" means the statement ran and saw or touched at least one row; a denial is an error or zero rows.
 */
import assert from 'node:assert/strict';
import {
  allowed,
  attempt,
  createAuthUser,
  createFixtures,
  hex64,
  idOf,
  inRollback,
  PERSONAS,
} from './_db.ts';
import type { Fixtures, Persona, Tx } from './_db.ts';

interface Case {
  name: string;
  query: (sql: Tx, f: Fixtures, persona: Persona) => Promise<{ count: number }>;
  /** The personas allowed to do it; everyone else must be denied. */
  allow: Persona[];
}

function newCertificateRow(ownerId: string, extra: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  return {
    id,
    user_id: ownerId,
    uploaded_by: ownerId,
    certificate_name: 'New',
    certificate_hash: hex64(),
    storage_path: `${ownerId}/${id}.png`,
    file_type: 'image',
    mime_type: 'image/png',
    file_size: 10,
    file_hash: hex64(),
    ...extra,
  };
}

const profileCases: Case[] = [
  {
    name: "profiles: select userA's profile",
    query: (sql, f) => sql`select auth_id from public.profiles where auth_id = ${f.users.userA.id}`,
    allow: ['userA', 'admin', 'service'],
  },
  {
    name: "profiles: update userA's first and last name",
    query: (sql, f) =>
      sql`update public.profiles set firstname = 'Changed', lastname = 'Name' where auth_id = ${f.users.userA.id}`,
    allow: ['userA', 'admin', 'service'],
  },
  {
    name: "profiles: update userA's role",
    query: (sql, f) => sql`update public.profiles set role = 'admin' where auth_id = ${f.users.userA.id}`,
    allow: ['admin', 'service'],
  },
  {
    name: "profiles: update userA's status",
    query: (sql, f) => sql`update public.profiles set status = 'banned' where auth_id = ${f.users.userA.id}`,
    allow: ['admin', 'service'],
  },
  {
    name: 'profiles: change own role (admin demoting themselves included)',
    query: (sql, f, p) =>
      sql`update public.profiles
          set role = case when role = 'admin' then 'user'::public.user_role else 'admin'::public.user_role end
          where auth_id = ${idOf(f, p)}`,
    allow: ['service'],
  },
  {
    name: 'profiles: change own status',
    query: (sql, f, p) => sql`update public.profiles set status = 'inactive' where auth_id = ${idOf(f, p)}`,
    allow: ['service'],
  },
  {
    name: "profiles: change userA's email",
    query: (sql, f) =>
      sql`update public.profiles set email = 'other@example.com' where auth_id = ${f.users.userA.id}`,
    allow: ['service'],
  },
  {
    name: 'profiles: insert a profile directly',
    query: (sql, f) =>
      sql`insert into public.profiles (auth_id, email) values (${f.orphanId}, 'x@example.com')`,
    allow: ['service'],
  },
  {
    name: "profiles: delete userB's profile",
    query: (sql, f) => sql`delete from public.profiles where auth_id = ${f.users.userB.id}`,
    allow: ['admin', 'service'],
  },
];

const certificateCases: Case[] = [
  {
    name: "certificates: select userA's certificate",
    query: (sql, f) => sql`select id from public.certificates where id = ${f.certA}`,
    allow: ['userA', 'admin', 'service'],
  },
  {
    // Users add their own through private.add_own_pending_certificate (the API), never directly.
    name: 'certificates: insert own pending certificate',
    query: (sql, f, p) => sql`insert into public.certificates ${sql(newCertificateRow(idOf(f, p)))}`,
    allow: ['admin', 'service'],
  },
  {
    name: 'certificates: insert own certificate already verified',
    query: (sql, f, p) =>
      sql`insert into public.certificates ${sql(newCertificateRow(idOf(f, p), { verification_status: 'verified' }))}`,
    allow: ['admin', 'service'],
  },
  {
    name: 'certificates: insert own certificate already revoked',
    query: (sql, f, p) =>
      sql`insert into public.certificates ${sql(newCertificateRow(idOf(f, p), { revoked: true, revoked_at: new Date() }))}`,
    allow: ['admin', 'service'],
  },
  {
    name: 'certificates: insert a pending certificate owned by userA',
    query: (sql, f) => sql`insert into public.certificates ${sql(newCertificateRow(f.users.userA.id))}`,
    allow: ['admin', 'service'],
  },
  {
    name: "certificates: approve userA's certificate",
    query: (sql, f) =>
      sql`update public.certificates set verification_status = 'verified' where id = ${f.certA}`,
    allow: ['admin', 'service'],
  },
  {
    name: "certificates: revoke userB's certificate",
    query: (sql, f) =>
      sql`update public.certificates set revoked = true, revoked_at = now(), revocation_reason = 'Issued in error' where id = ${f.certB}`,
    allow: ['admin', 'service'],
  },
  {
    name: "certificates: delete userA's certificate",
    query: (sql, f) => sql`delete from public.certificates where id = ${f.certA}`,
    allow: ['admin', 'service'],
  },
  {
    name: "certificates: change the file hash of userA's certificate (evidence is immutable)",
    query: (sql, f) => sql`update public.certificates set file_hash = ${hex64()} where id = ${f.certA}`,
    allow: [],
  },
];

const attemptCases: Case[] = [
  {
    name: 'verification_attempts: select',
    query: (sql, f) => sql`select id from public.verification_attempts where id = ${f.attemptId}`,
    allow: ['admin', 'service'],
  },
  {
    name: 'verification_attempts: insert directly',
    query: (sql) =>
      sql`insert into public.verification_attempts (file_hash, verified, outcome)
          values (${hex64()}, false, 'not_found')`,
    allow: ['service'],
  },
  {
    name: 'verification_attempts: update',
    query: (sql, f) =>
      sql`update public.verification_attempts set requester_hash = 'x' where id = ${f.attemptId}`,
    allow: ['service'],
  },
  {
    name: 'verification_attempts: delete',
    query: (sql, f) => sql`delete from public.verification_attempts where id = ${f.attemptId}`,
    allow: ['service'],
  },
  {
    name: 'verification_attempts: record through private.record_verification_verdict',
    query: (sql) =>
      sql`select private.record_verification_verdict(${hex64()}, 5, 'image/png', 'unknown', false, 'not_found',
            null, null, 'h')`,
    allow: ['anon', 'userA', 'userB', 'moderator', 'admin', 'service'],
  },
];

const storageCases: Case[] = [
  {
    name: "storage.objects: select userA's certificate file",
    query: (sql, f) =>
      sql`select id from storage.objects where bucket_id = 'certificates' and name = ${f.objectA}`,
    allow: ['userA', 'admin', 'service'],
  },
  {
    name: 'storage.objects: upload into own folder',
    query: (sql, f, p) =>
      sql`insert into storage.objects (bucket_id, name, owner_id)
          values ('certificates', ${`${idOf(f, p)}/${crypto.randomUUID()}.png`}, ${idOf(f, p)})`,
    // Users store files only through the API (migration 20261125400200).
    allow: ['admin', 'service'],
  },
  {
    name: "storage.objects: upload into userA's folder",
    query: (sql, f) =>
      sql`insert into storage.objects (bucket_id, name, owner_id)
          values ('certificates', ${`${f.users.userA.id}/${crypto.randomUUID()}.png`}, ${f.users.userA.id})`,
    allow: ['admin', 'service'],
  },
  {
    name: 'storage.objects: upload into a sub-folder of own folder',
    query: (sql, f, p) =>
      sql`insert into storage.objects (bucket_id, name, owner_id)
          values ('certificates', ${`${idOf(f, p)}/nested/${crypto.randomUUID()}.png`}, ${idOf(f, p)})`,
    allow: ['admin', 'service'],
  },
  {
    name: "storage.objects: update userA's file metadata",
    query: (sql, f) =>
      sql`update storage.objects set metadata = '{"size":1}'::jsonb
          where bucket_id = 'certificates' and name = ${f.objectA}`,
    allow: ['admin', 'service'],
  },
  {
    name: "storage.objects: delete userA's file",
    query: (sql, f) =>
      sql`delete from storage.objects where bucket_id = 'certificates' and name = ${f.objectA}`,
    allow: ['admin', 'service'],
  },
];

async function runMatrix(cases: Case[]): Promise<void> {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const mismatches: string[] = [];
    for (const c of cases) {
      for (const persona of PERSONAS) {
        const outcome = await attempt(tx, f, persona, (sql) => c.query(sql, f, persona));
        const expected = c.allow.includes(persona);
        if (allowed(outcome) !== expected) {
          const got = outcome.ok ? `${outcome.count} row(s)` : `error ${outcome.code}: ${outcome.message}`;
          mismatches.push(`${c.name} as ${persona}: expected ${expected ? 'allow' : 'deny'}, got ${got}`);
        }
      }
    }
    assert.deepEqual(mismatches, []);
  });
}

Deno.test('RLS matrix: public.profiles', () => runMatrix(profileCases));
Deno.test('RLS matrix: public.certificates', () => runMatrix(certificateCases));
Deno.test('RLS matrix: public.verification_attempts', () => runMatrix(attemptCases));
Deno.test('RLS matrix: storage.objects in bucket certificates', () => runMatrix(storageCases));

Deno.test('anon reads no row of any table directly', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    for (const table of [
      'public.profiles',
      'public.certificates',
      'public.verification_attempts',
      'storage.objects',
    ]) {
      const outcome = await attempt(tx, f, 'anon', (sql) => sql.unsafe(`select 1 from ${table}`));
      assert.equal(allowed(outcome), false, `anon could read ${table}`);
    }
  });
});

Deno.test('a user edits their own names and the change is stored', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const outcome = await attempt(tx, f, 'userA', async (sql) => {
      const rows = await sql<{ firstname: string; lastname: string; role: string; status: string }[]>`
        update public.profiles set firstname = 'Grace', lastname = 'Hopper'
        where auth_id = ${f.users.userA.id}
        returning firstname, lastname, role, status`;
      assert.deepEqual(
        [...rows],
        [{ firstname: 'Grace', lastname: 'Hopper', role: 'user', status: 'active' }],
      );
      return rows;
    });
    assert.equal(allowed(outcome), true);
  });
});

Deno.test('an inactive or banned admin has no admin rights', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    for (const status of ['inactive', 'banned']) {
      await tx`update public.profiles set status = ${status}::public.user_status where auth_id = ${f.users.admin.id}`;
      const read = await attempt(
        tx,
        f,
        'admin',
        (sql) => sql`select id from public.certificates where id = ${f.certA}`,
      );
      assert.equal(allowed(read), false, `${status} admin could read another user's certificate`);
      const promote = await attempt(
        tx,
        f,
        'admin',
        (sql) => sql`update public.profiles set role = 'admin' where auth_id = ${f.users.userB.id}`,
      );
      assert.equal(allowed(promote), false, `${status} admin could change a role`);
    }
  });
});

Deno.test('a pending (unconfirmed) user cannot add certificates or upload files', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const pending = await createAuthUser(tx, { confirmed: false });
    const row = newCertificateRow(pending.id);
    const outcome = await attempt(tx, f, 'userA', async (sql) => {
      await sql`select set_config('request.jwt.claims', ${JSON.stringify({ sub: pending.id, role: 'authenticated' })}, true)`;
      return sql`insert into public.certificates ${sql(row)}`;
    });
    assert.equal(allowed(outcome), false);
    const upload = await attempt(tx, f, 'userA', async (sql) => {
      await sql`select set_config('request.jwt.claims', ${JSON.stringify({ sub: pending.id, role: 'authenticated' })}, true)`;
      return sql`insert into storage.objects (bucket_id, name, owner_id)
                 values ('certificates', ${`${pending.id}/${crypto.randomUUID()}.png`}, ${pending.id})`;
    });
    assert.equal(allowed(upload), false);
  });
});
