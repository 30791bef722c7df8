/**
 * The shared rate limits (private.take_rate_limit and the auth hook built on it), the one-round-trip
 * exact verification (private.verify_exact_file), and proof from EXPLAIN that the verification and
 * rate-limit lookups use their indexes on a large table.
 */
import assert from 'node:assert/strict';
import { createAuthUser, hex64, inRollback, insertCertificate } from './_db.ts';
import type { Tx } from './_db.ts';

interface Decision {
  allowed: boolean;
  retry_after: number;
  remaining: number;
  max_hits: number;
}

const take = async (tx: Tx, action: string, kind: string, subject: string, limit: number | null = null) =>
  (
    await tx<Decision[]>`
    select * from private.take_rate_limit(${action}, ${kind}, ${subject}, ${limit}::integer, null::integer)`
  )[0]!;

Deno.test('take_rate_limit: 30 per minute per IP, the 31st is refused with the seconds to wait', async () => {
  await inRollback(async (tx) => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}-${hex64().slice(0, 8)}`;
    const decisions: Decision[] = [];
    for (let i = 0; i < 31; i++) decisions.push(await take(tx, 'verify', 'ip', ip));
    assert.deepEqual(
      decisions.map((d) => d.allowed),
      [...new Array(30).fill(true), false],
    );
    assert.deepEqual(
      decisions.slice(0, 3).map((d) => d.remaining),
      [29, 28, 27],
    );
    const refused = decisions[30]!;
    assert.equal(refused.max_hits, 30);
    assert.equal(refused.remaining, 0);
    assert.ok(refused.retry_after >= 1 && refused.retry_after <= 60, String(refused.retry_after));
    // Another address and another action are counted apart.
    assert.equal((await take(tx, 'verify', 'ip', `${ip}-other`)).allowed, true);
    assert.equal((await take(tx, 'verify_hash', 'ip', ip)).allowed, true);
  });
});

Deno.test('take_rate_limit: users and admins have their own limits; admins are limited too', async () => {
  await inRollback(async (tx) => {
    const id = crypto.randomUUID();
    assert.equal((await take(tx, 'verify', 'user', id)).max_hits, 30);
    const admin = await take(tx, 'verify', 'admin', id);
    assert.equal(admin.max_hits, 600);
    assert.equal(admin.allowed, true);
    // The admin limit is finite: a lower configured rule refuses an admin as well.
    await tx`update private.rate_limit_rules set per_admin = 2 where action = 'verify'`;
    const again = crypto.randomUUID();
    assert.equal((await take(tx, 'verify', 'admin', again)).allowed, true);
    assert.equal((await take(tx, 'verify', 'admin', again)).allowed, true);
    assert.equal((await take(tx, 'verify', 'admin', again)).allowed, false);
    // An explicit limit (the api's RATE_LIMIT_* variables) wins over the rule.
    const explicit = crypto.randomUUID();
    assert.equal((await take(tx, 'upload', 'user', explicit, 1)).allowed, true);
    const second = await take(tx, 'upload', 'user', explicit, 1);
    assert.equal(second.allowed, false);
    assert.ok(second.retry_after > 60, 'upload windows last an hour');
  });
});

Deno.test(
  'take_rate_limit: a new window opens after the old one closes; subjects are stored hashed',
  async () => {
    await inRollback(async (tx) => {
      const ip = `203.0.113.9-${hex64().slice(0, 8)}`;
      for (let i = 0; i < 30; i++) await take(tx, 'verify', 'ip', ip);
      assert.equal((await take(tx, 'verify', 'ip', ip)).allowed, false);
      const stored = await tx<{ key: string }[]>`select key from private.rate_limit_counters`;
      assert.ok(stored.length > 0);
      assert.ok(
        stored.every(
          (row) => !row.key.includes(ip) && /^[a-z_]+:(ip|user|admin):[0-9a-f]{64}$/.test(row.key),
        ),
      );
      await tx`update private.rate_limit_counters set expires_at = now() - interval '1 second'`;
      const fresh = await take(tx, 'verify', 'ip', ip);
      assert.equal(fresh.allowed, true);
      assert.equal(fresh.remaining, 29);
    });
  },
);

Deno.test('take_rate_limit refuses unknown actions, kinds and empty subjects', async () => {
  for (const [action, kind, subject] of [
    ['nope', 'ip', '1.2.3.4'],
    ['verify', 'robot', '1.2.3.4'],
    ['verify', 'ip', ''],
  ] as const) {
    await inRollback(async (tx) => {
      await assert.rejects(() => take(tx, action, kind, subject), /rate limit/);
    });
  }
});

Deno.test(
  'only the server roles may count hits or look files up; the auth hook only for the auth service',
  async () => {
    await inRollback(async (tx) => {
      const rows = await tx<{ fn: string; role: string; allowed: boolean }[]>`
      select f.fn, r.role, has_function_privilege(r.role, f.fn, 'execute') as allowed
      from (values ('private.take_rate_limit(text, text, text, integer, integer)'),
                   ('private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text)'),
                   ('public.hook_before_user_created_rate_limit(jsonb)')) as f(fn)
      cross join (values ('anon'), ('authenticated'), ('service_role'), ('supabase_auth_admin')) as r(role)`;
      const allowed = rows.filter((row) => row.allowed).map((row) => `${row.fn} ${row.role}`);
      assert.deepEqual(allowed.sort(), [
        'private.take_rate_limit(text, text, text, integer, integer) service_role',
        'private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text) service_role',
        'public.hook_before_user_created_rate_limit(jsonb) supabase_auth_admin',
      ]);
      const definers = await tx<{ name: string; secdef: boolean; config: string[] | null }[]>`
      select p.proname as name, p.prosecdef as secdef, p.proconfig as config from pg_proc p
      where p.proname in ('take_rate_limit', 'verify_exact_file', 'hook_before_user_created_rate_limit')`;
      assert.equal(definers.length, 3);
      for (const fn of definers) {
        assert.equal(fn.secdef, true, fn.name);
        assert.deepEqual(fn.config, ['search_path=""'], fn.name);
      }
    });
  },
);

Deno.test(
  'auth hook before_user_created: 10 sign-ups per IP an hour, then an error with http_code 429',
  async () => {
    await inRollback(async (tx) => {
      const event = (ip: string) => ({
        metadata: {
          uuid: crypto.randomUUID(),
          time: new Date().toISOString(),
          name: 'before-user-created',
          ip_address: ip,
        },
        user: { email: `${crypto.randomUUID()}@example.com` },
      });
      const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
      const answers: unknown[] = [];
      for (let i = 0; i < 11; i++) {
        const [row] = await tx<{ answer: Record<string, unknown> }[]>`
        select public.hook_before_user_created_rate_limit(${tx.json(event(ip))}::jsonb) as answer`;
        answers.push(row!.answer);
      }
      assert.deepEqual(answers.slice(0, 10), new Array(10).fill({}));
      const refused = answers[10] as { error: { http_code: number; message: string } };
      assert.equal(refused.error.http_code, 429);
      assert.match(
        refused.error.message,
        /Too many sign-ups from this network; please try again in \d+ minutes/,
      );
      // The machine itself (the local stack's own clients) is not counted.
      for (let i = 0; i < 12; i++) {
        const [local] = await tx<{ answer: unknown }[]>`
        select public.hook_before_user_created_rate_limit(${tx.json(event('127.0.0.1'))}::jsonb) as answer`;
        assert.deepEqual(local!.answer, {});
      }
      // Without an address (e.g. an admin creating users) the hook lets the sign-up through.
      const [row] = await tx<{ answer: unknown }[]>`
      select public.hook_before_user_created_rate_limit('{"metadata":{},"user":{}}'::jsonb) as answer`;
      assert.deepEqual(row!.answer, {});
    });
  },
);

Deno.test(
  'verify_exact_file takes the rate limit, finds the file by hash, gives its status and logs the hit in one call',
  async () => {
    await inRollback(async (tx) => {
      const owner = await createAuthUser(tx);
      const valid = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      const revoked = await insertCertificate(tx, owner.id, {
        verification_status: 'verified',
        revoked_at: new Date(),
      });
      const pending = await insertCertificate(tx, owner.id);
      const suspended = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      await tx`
        update public.certificates set suspended = true, suspended_at = now(), suspension_reason = 'Under review'
        where id = ${suspended.id}`;
      const expired = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      await tx`update public.certificates set expiry_date = current_date - 1 where id = ${expired.id}`;
      const lastDay = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      await tx`update public.certificates set expiry_date = current_date where id = ${lastDay.id}`;
      const ip = `192.0.2.99-${hex64().slice(0, 6)}`;
      const call = async (hash: string, limit: number | null = null) =>
        (
          await tx<
            {
              allowed: boolean;
              retry_after: number;
              max_hits: number;
              id: string | null;
              outcome: string | null;
              attempt_id: string | null;
            }[]
          >`
        select allowed, retry_after, max_hits, id, outcome, attempt_id
        from private.verify_exact_file('verify', 'ip', ${ip}, ${limit}::integer, null::integer, ${hash}, 1000, 'image/png', 'requester')`
        )[0]!;
      const count = async () =>
        Number((await tx<{ n: string }[]>`select count(*) as n from public.verification_attempts`)[0]!.n);
      const before = await count();
      for (const [cert, outcome] of [
        [valid, 'valid'],
        [revoked, 'revoked'],
        [pending, 'pending'],
        [suspended, 'suspended'],
        [expired, 'expired'],
        [lastDay, 'valid'],
      ] as const) {
        const row = await call(cert.fileHash);
        assert.equal(row.allowed, true);
        assert.equal(row.id, cert.id);
        assert.equal(row.outcome, outcome);
        const [attempt] = await tx<
          {
            outcome: string;
            verified: boolean;
            verdict: string;
            match_channel: string;
            certificate_id: string;
          }[]
        >`
        select outcome, verified, verdict, match_channel, certificate_id
        from public.verification_attempts where id = ${row.attempt_id}`;
        assert.deepEqual(
          { ...attempt },
          {
            outcome,
            verified: outcome === 'valid',
            verdict: 'identical',
            match_channel: 'exact_file',
            certificate_id: cert.id,
          },
        );
      }
      const miss = await call(hex64());
      assert.equal(miss.allowed, true);
      assert.equal(miss.id, null);
      assert.equal((await count()) - before, 6, 'a miss is not logged');

      // The certificate's columns are private.find_certificate_by_id's, for a stored file and for a
      // registered verifiable copy alike: what explains a standing comes with it.
      await tx`update public.certificates set revocation_reason = 'Issued in error' where id = ${revoked.id}`;
      const copyHash = hex64();
      await tx`
        insert into public.certificate_copies (file_hash, certificate_id, format, file_size)
        values (${copyHash}, ${suspended.id}, 'png', 1000)`;
      const columns = `id, certificate_name, file_type, created_at, file_hash, content_hash, storage_path,
        recipient_name, issue_date, expiry_date, revoked_at, revocation_reason, suspended_at`;
      for (const [hash, cert, copy] of [
        [revoked.fileHash, revoked, false],
        [copyHash, suspended, true],
      ] as const) {
        const [exact] = await tx.unsafe(
          `select ${columns}, outcome, registered_copy from private.verify_exact_file(
             'verify', 'ip', $1, null, null, $2, 1000, 'image/png', 'requester')`,
          [ip, hash],
        );
        const [found] = await tx.unsafe(
          `select ${columns}, status, false as registered_copy from private.find_certificate_by_id($1)`,
          [cert.id],
        );
        const { outcome, ...fromExact } = exact!;
        const { status, ...fromId } = found!;
        assert.equal(outcome, status);
        assert.deepEqual({ ...fromExact, registered_copy: false }, { ...fromId });
        assert.equal(exact!.registered_copy, copy);
      }
      const [withReason] = await tx`
        select revocation_reason, revoked_at is not null as dated
        from private.verify_exact_file('verify', 'ip', ${ip}, null, null, ${revoked.fileHash}, 1000, 'image/png', 'r')`;
      assert.deepEqual({ ...withReason }, { revocation_reason: 'Issued in error', dated: true });
      assert.equal((await count()) - before, 9, 'nine hits logged');

      // Ten calls so far (the miss counts against the limit too); with a limit of 10 the next one is
      // refused, and nothing is looked up or logged.
      const refused = await call(valid.fileHash, 10);
      assert.deepEqual(
        { allowed: refused.allowed, max: refused.max_hits, id: refused.id, attempt: refused.attempt_id },
        { allowed: false, max: 10, id: null, attempt: null },
      );
      assert.ok(refused.retry_after >= 1 && refused.retry_after <= 60);
      assert.equal((await count()) - before, 9);
      await assert.rejects(
        () =>
          tx`select * from private.verify_exact_file('upload', 'ip', ${ip}, null, null, ${hex64()}, 1, 'image/png', 'r')`,
        /verify or verify_hash/,
      );
    });
  },
);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function plan(tx: Tx, query: string): Promise<PlanNode[]> {
  const [row] = await tx.unsafe<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(`explain (format json) ${query}`);
  return nodes(row!['QUERY PLAN'][0]!.Plan);
}

Deno.test(
  'EXPLAIN: verification and rate-limit lookups use their indexes on 50,000 certificates',
  async () => {
    await inRollback(async (tx) => {
      const owner = await createAuthUser(tx);
      await tx`
      insert into public.certificates (user_id, uploaded_by, certificate_name, certificate_hash, storage_path, file_type,
        mime_type, file_size, file_hash, content_hash, verification_status)
      select ${owner.id}::uuid, ${owner.id}::uuid, 'Generated ' || n, encode(sha256(('c' || n)::bytea), 'hex'),
             ${owner.id} || '/generated-' || n || '.png', 'image', 'image/png', 1000 + n,
             encode(sha256(('f' || n)::bytea), 'hex'), encode(sha256(('t' || n)::bytea), 'hex'), 'verified'
      from generate_series(1, 50000) as n`;
      await tx`select private.take_rate_limit('verify', 'ip', 'plan-' || n, null, null) from generate_series(1, 2000) n`;
      await tx`analyze public.certificates`;
      await tx`analyze private.rate_limit_counters`;
      await tx`analyze public.verification_attempts`;
      const hash = hex64();
      const expectations: [string, string][] = [
        // The lookup inside private.verify_exact_file.
        [`select * from public.certificates c where c.file_hash = '${hash}'`, 'certificates_file_hash_key'],
        // The upsert's conflict probe in private.take_rate_limit, and its sweep.
        [
          `select * from private.rate_limit_counters c where c.key = 'verify:ip:${hash}'`,
          'rate_limit_counters_pkey',
        ],
        [
          `select * from private.rate_limit_counters c where c.expires_at < now() - interval '1 minute'`,
          'rate_limit_counters_expires_at_idx',
        ],
      ];
      for (const [query, index] of expectations) {
        const found = await plan(tx, query);
        assert.ok(
          found.some(
            (node) => node['Node Type'].startsWith('Index') || node['Node Type'].startsWith('Bitmap Index'),
          ),
          `${query}: ${JSON.stringify(found)}`,
        );
        assert.ok(
          found.some((node) => node['Index Name'] === index),
          `${query} should use ${index}: ${found.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(', ')}`,
        );
        assert.ok(!found.some((node) => node['Node Type'] === 'Seq Scan'), `${query} scans the table`);
      }
    });
  },
);
