/**
 * Triggers fire as intended: profile creation and sync from auth.users, column protection on profiles,
 * immutable certificate evidence, the storage delete guard. PL/pgSQL bodies are only checked when they
 * run, so every trigger is fired here.
 */
import assert from 'node:assert/strict';
import { actAs, createAuthUser, createFixtures, hex64, inRollback, insertCertificate } from './_db.ts';
import type { Tx } from './_db.ts';

async function profileOf(tx: Tx, id: string) {
  const [row] = await tx<
    {
      email: string;
      username: string | null;
      firstname: string | null;
      lastname: string | null;
      role: string;
      status: string;
    }[]
  >`select email, username, firstname, lastname, role, status from public.profiles where auth_id = ${id}`;
  return row ? { ...row } : undefined;
}

Deno.test('signing up creates a pending profile with names from the metadata', async () => {
  await inRollback(async (tx) => {
    const user = await createAuthUser(tx, {
      confirmed: false,
      email: 'jane.doe@example.org',
      metadata: { firstname: '  Jane ', lastname: 'Doe' },
    });
    assert.deepEqual(await profileOf(tx, user.id), {
      email: 'jane.doe@example.org',
      username: 'jane.doe',
      firstname: 'Jane',
      lastname: 'Doe',
      role: 'user',
      status: 'pending',
    });
  });
});

Deno.test('first_name and last_name metadata keys are accepted; a confirmed user starts active', async () => {
  await inRollback(async (tx) => {
    const user = await createAuthUser(tx, { metadata: { first_name: 'Ada', last_name: 'Lovelace' } });
    const profile = await profileOf(tx, user.id);
    assert.equal(profile?.firstname, 'Ada');
    assert.equal(profile?.lastname, 'Lovelace');
    assert.equal(profile?.status, 'active');
  });
});

Deno.test(
  'confirming the email turns pending into active, but never reactivates a banned or inactive user',
  async () => {
    await inRollback(async (tx) => {
      const pending = await createAuthUser(tx, { confirmed: false });
      const banned = await createAuthUser(tx, { confirmed: false });
      const inactive = await createAuthUser(tx, { confirmed: false });
      await tx`update public.profiles set status = 'banned' where auth_id = ${banned.id}`;
      await tx`update public.profiles set status = 'inactive' where auth_id = ${inactive.id}`;
      await tx`update auth.users set email_confirmed_at = now() where id in ${tx([pending.id, banned.id, inactive.id])}`;
      assert.equal((await profileOf(tx, pending.id))?.status, 'active');
      assert.equal((await profileOf(tx, banned.id))?.status, 'banned');
      assert.equal((await profileOf(tx, inactive.id))?.status, 'inactive');
    });
  },
);

Deno.test('an email change in auth.users is copied to the profile', async () => {
  await inRollback(async (tx) => {
    const user = await createAuthUser(tx);
    await tx`update auth.users set email = 'renamed@example.org' where id = ${user.id}`;
    assert.equal((await profileOf(tx, user.id))?.email, 'renamed@example.org');
  });
});

Deno.test('deleting the auth user removes the profile and the certificates', async () => {
  await inRollback(async (tx) => {
    const user = await createAuthUser(tx);
    const cert = await insertCertificate(tx, user.id);
    await tx`delete from auth.users where id = ${user.id}`;
    assert.equal(await profileOf(tx, user.id), undefined);
    const rows = await tx`select 1 from public.certificates where id = ${cert.id}`;
    assert.equal(rows.count, 0);
  });
});

Deno.test('an admin changes another user role and status; updated_at moves', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    await tx`update public.profiles set updated_at = now() - interval '1 day' where auth_id = ${f.users.userA.id}`;
    await actAs(tx, f, 'admin');
    const [row] = await tx<{ role: string; status: string; fresh: boolean }[]>`
      update public.profiles set role = 'moderator', status = 'inactive'
      where auth_id = ${f.users.userA.id}
      returning role, status, updated_at > now() - interval '1 minute' as fresh`;
    assert.deepEqual({ ...row }, { role: 'moderator', status: 'inactive', fresh: true });
  });
});

Deno.test('column protection names the rule it enforces', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    await actAs(tx, f, 'userA');
    await assert.rejects(
      tx.savepoint((sp) => sp`update public.profiles set role = 'admin' where auth_id = ${f.users.userA.id}`),
      (e: { code?: string; message?: string }) => e.code === '42501' && /only an admin/.test(e.message ?? ''),
    );
    await actAs(tx, f, 'admin');
    await assert.rejects(
      tx.savepoint(
        (sp) => sp`update public.profiles set status = 'inactive' where auth_id = ${f.users.admin.id}`,
      ),
      (e: { code?: string; message?: string }) =>
        e.code === '42501' && /own role or status/.test(e.message ?? ''),
    );
  });
});

Deno.test(
  'certificate evidence cannot change, even for the service role; revocation stays consistent',
  async () => {
    await inRollback(async (tx) => {
      const f = await createFixtures(tx);
      await actAs(tx, f, 'service');
      const changes = [
        `storage_path = '${f.users.userA.id}/other.png'`,
        'file_size = 1',
        `user_id = '${f.users.userB.id}'`,
        `file_hash = '${hex64()}'`,
        "created_at = now() - interval '1 day'",
      ];
      for (const change of changes) {
        await assert.rejects(
          tx.savepoint((sp) =>
            sp.unsafe(`update public.certificates set ${change} where id = $1`, [f.certA]),
          ),
          (e: { code?: string }) => e.code === '42501',
          change,
        );
      }
      await assert.rejects(
        tx.savepoint((sp) => sp`update public.certificates set revoked = true where id = ${f.certA}`),
        (e: { code?: string }) => e.code === '23514',
      );
    });
  },
);

Deno.test('a second certificate with the same file hash is refused (duplicate detection)', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    const [existing] = await tx<
      { file_hash: string }[]
    >`select file_hash from public.certificates where id = ${f.certA}`;
    const id = crypto.randomUUID();
    await assert.rejects(
      tx.savepoint(
        (sp) => sp`
          insert into public.certificates (id, user_id, certificate_hash, storage_path, file_type, mime_type, file_size, file_hash)
          values (${id}, ${f.users.userB.id}, ${hex64()}, ${`${f.users.userB.id}/${id}.png`}, 'image', 'image/png', 5,
                  ${existing?.file_hash ?? ''})`,
      ),
      (e: { code?: string; constraint_name?: string }) =>
        e.code === '23505' && e.constraint_name === 'certificates_file_hash_key',
    );
  });
});

Deno.test('storage rows cannot be deleted outside the Storage API', async () => {
  await inRollback(async (tx) => {
    const f = await createFixtures(tx);
    await assert.rejects(
      tx.savepoint((sp) => sp`delete from storage.objects where name = ${f.objectA}`),
      (e: { code?: string }) => e.code === '42501',
    );
    await tx`select set_config('storage.allow_delete_query', 'true', true)`;
    const deleted = await tx`delete from storage.objects where name = ${f.objectA}`;
    assert.equal(deleted.count, 1);
  });
});

Deno.test(
  'deleting an admin keeps the certificates they uploaded, reviewed or revoked, without their id',
  async () => {
    await inRollback(async (tx) => {
      const f = await createFixtures(tx);
      await tx`
      update public.certificates
      set uploaded_by = ${f.users.admin.id}, reviewed_by = ${f.users.admin.id}, reviewed_at = now(),
          revoked = true, revoked_at = now(), revoked_by = ${f.users.admin.id},
          revocation_reason = 'Issued in error'
      where id = ${f.certB}`;
      await tx`delete from auth.users where id = ${f.users.admin.id}`;
      const [row] = await tx<
        { uploaded_by: string | null; reviewed_by: string | null; revoked_by: string | null }[]
      >`
      select uploaded_by, reviewed_by, revoked_by from public.certificates where id = ${f.certB}`;
      assert.deepEqual({ ...row }, { uploaded_by: null, reviewed_by: null, revoked_by: null });
    });
  },
);
