/**
 * Schema-wide checks, after the Supabase linter's rules (reference section 7): RLS on every exposed
 * table, fixed search_path on SECURITY DEFINER functions, no unintended anon-callable definer functions,
 * one permissive policy per role and action, auth calls wrapped in (select ...), indexed foreign keys,
 * no views exposing auth.users. They also hold the platform to hosted `postgres`'s limits.
 */
import assert from 'node:assert/strict';
import { inRollback } from './_db.ts';

/** The SECURITY DEFINER functions the public verification needs; anon may execute these and no others. */
const ANON_DEFINER_FUNCTIONS = [
  'private.find_certificate_by_id',
  'private.find_public_certificate',
  'private.record_verification_verdict',
  'private.verification_stats',
];

Deno.test('every table in public has RLS enabled', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ table: string }[]>`
      select c.oid::regclass::text as table
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity`;
    assert.deepEqual(
      rows.map((r) => r.table),
      [],
    );
    const [count] = await tx<{ n: number }[]>`
      select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`;
    assert.ok((count?.n ?? 0) >= 3, 'expected the product tables in public');
  });
});

Deno.test('every SECURITY DEFINER function in public and private fixes its search_path', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ fn: string }[]>`
      select p.oid::regprocedure::text as fn
      from pg_proc p
      where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
        and p.prosecdef
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%')`;
    assert.deepEqual(
      rows.map((r) => r.fn),
      [],
    );
  });
});

Deno.test('every function in public and private fixes its search_path', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ fn: string }[]>`
      select p.oid::regprocedure::text as fn
      from pg_proc p
      where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%')`;
    assert.deepEqual(
      rows.map((r) => r.fn),
      [],
    );
  });
});

Deno.test(
  'anon may execute only the intended SECURITY DEFINER functions, and nothing in public',
  async () => {
    await inRollback(async (tx) => {
      const definers = await tx<{ fn: string }[]>`
      select n.nspname || '.' || p.proname as fn
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prosecdef and has_function_privilege('anon', p.oid, 'execute')
      order by 1`;
      assert.deepEqual(
        definers.map((r) => r.fn),
        ANON_DEFINER_FUNCTIONS,
      );
      const inPublic = await tx<{ fn: string }[]>`
      select p.oid::regprocedure::text as fn
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace and has_function_privilege('anon', p.oid, 'execute')`;
      assert.deepEqual(
        inPublic.map((r) => r.fn),
        [],
      );
    });
  },
);

Deno.test('authenticated users may execute no SECURITY DEFINER trigger function directly', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ fn: string }[]>`
      select p.oid::regprocedure::text as fn
      from pg_proc p
      where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
        and p.prorettype = 'trigger'::regtype
        and (has_function_privilege('authenticated', p.oid, 'execute')
             or has_function_privilege('anon', p.oid, 'execute'))`;
    assert.deepEqual(
      rows.map((r) => r.fn),
      [],
    );
  });
});

Deno.test('at most one permissive policy per table, role and action', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ table: string; role: string; cmd: string; n: number }[]>`
      select schemaname || '.' || tablename as table, r.role, p.cmd, count(*)::int as n
      from pg_policies p, unnest(p.roles) as r(role)
      where p.permissive = 'PERMISSIVE' and p.schemaname in ('public', 'storage')
      group by 1, 2, 3
      having count(*) > 1`;
    assert.deepEqual([...rows], []);
  });
});

Deno.test('policies are for a named role and evaluate auth and role helpers once per statement', async () => {
  await inRollback(async (tx) => {
    const policies = await tx<{ name: string; roles: string[]; qual: string | null; check: string | null }[]>`
      select policyname as name, roles::text[] as roles, qual, with_check as check
      from pg_policies where schemaname in ('public', 'storage')`;
    assert.ok(policies.length >= 12, 'expected the product policies');
    const problems: string[] = [];
    for (const p of policies) {
      if (p.roles.includes('public')) problems.push(`${p.name}: applies to every role`);
      for (const expr of [p.qual, p.check]) {
        if (!expr) continue;
        // Each call must sit directly inside a scalar sub-select: `( SELECT auth.uid() AS uid)`.
        const calls = expr.match(/(auth|private)\.\w+\(\)/g) ?? [];
        const wrapped = expr.match(/SELECT (auth|private)\.\w+\(\) AS \w+\)/g) ?? [];
        if (calls.length !== wrapped.length) problems.push(`${p.name}: ${expr}`);
        if (/using \(true\)|^true$/i.test(expr)) problems.push(`${p.name}: always true`);
        if (/user_metadata/.test(expr)) problems.push(`${p.name}: uses user_metadata`);
      }
    }
    assert.deepEqual(problems, []);
  });
});

Deno.test('every foreign key in public has a covering index', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ fk: string }[]>`
      select c.conrelid::regclass::text || '.' || c.conname as fk
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
        )`;
    assert.deepEqual(
      rows.map((r) => r.fk),
      [],
    );
  });
});

Deno.test('no view in public exposes auth.users or runs as its owner', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ view: string }[]>`
      select c.oid::regclass::text as view
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
        and (c.relkind = 'm' or not coalesce('security_invoker=true' = any (c.reloptions), false)
             or exists (select 1 from pg_depend d join pg_rewrite r on r.oid = d.objid
                        where r.ev_class = c.oid and d.refobjid = 'auth.users'::regclass))`;
    assert.deepEqual(
      rows.map((r) => r.view),
      [],
    );
  });
});

Deno.test('every table, function and notable column of the product carries a comment', async () => {
  await inRollback(async (tx) => {
    const rows = await tx<{ object: string }[]>`
      select c.oid::regclass::text as object
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and obj_description(c.oid, 'pg_class') is null
      union all
      select p.oid::regprocedure::text
      from pg_proc p
      where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
        and obj_description(p.oid, 'pg_proc') is null`;
    assert.deepEqual(
      rows.map((r) => r.object),
      [],
    );
  });
});

Deno.test('the certificates bucket is private with the 10 MB limit and the accepted types', async () => {
  await inRollback(async (tx) => {
    const [bucket] = await tx<{ public: boolean; file_size_limit: string; allowed_mime_types: string[] }[]>`
      select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = 'certificates'`;
    assert.deepEqual(
      { ...bucket },
      {
        public: false,
        file_size_limit: '10485760',
        allowed_mime_types: [
          'image/jpeg',
          'image/jpg',
          'image/png',
          'image/gif',
          'image/webp',
          'image/bmp',
          'image/tiff',
          'application/pdf',
        ],
      },
    );
  });
});

Deno.test('postgres has hosted rights and limits, not a superuser', async () => {
  await inRollback(async (tx) => {
    const [me] = await tx<{ user: string; super: boolean; bypassrls: boolean }[]>`
      select current_user as user, rolsuper as super, rolbypassrls as bypassrls
      from pg_roles where rolname = current_user`;
    assert.deepEqual({ ...me }, { user: 'postgres', super: false, bypassrls: true });
    const refused = [
      'alter table auth.users add column extra int',
      'create index on auth.users (email)',
      "create function auth.extra() returns int language sql as 'select 1'",
      'alter table storage.objects enable row level security',
      'create policy extra on auth.sessions for select to authenticated using (false)',
    ];
    for (const statement of refused) {
      await assert.rejects(
        tx.savepoint((sp) => sp.unsafe(statement)),
        (error: { code?: string }) => error.code === '42501',
        statement,
      );
    }
    const allowedStatements = [
      "insert into storage.buckets (id, name) values ('scratch-bucket', 'scratch-bucket')",
      "create policy extra on storage.objects for select to authenticated using (bucket_id = 'scratch-bucket')",
      'drop policy extra on storage.objects',
      'create policy extra on auth.users for select to authenticated using (id = (select auth.uid()))',
      'drop policy extra on auth.users',
    ];
    for (const statement of allowedStatements) await tx.unsafe(statement);
    const [owners] = await tx<{ objects: string; users: string }[]>`
      select (select relowner::regrole::text from pg_class where oid = 'storage.objects'::regclass) as objects,
             (select relowner::regrole::text from pg_class where oid = 'auth.users'::regclass) as users`;
    assert.deepEqual({ ...owners }, { objects: 'supabase_storage_admin', users: 'supabase_auth_admin' });
  });
});
