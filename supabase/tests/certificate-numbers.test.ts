/**
 * The certificate-number channel's SQL (migration 20261126030100): the key that makes printed, typed
 * and OCR-read numbers meet, proof from EXPLAIN that a copy's numbers are looked up by index in the
 * certificate_number column and in the numbers read at registration, the same for numbers one glyph
 * off (migration 20261127200100), and the attempts log's own match channel for it (migration
 * 20261126103100).
 */
import assert from 'node:assert/strict';
import { MATCH_CHANNELS, type VerificationStats } from '../functions/_shared/api-contract.ts';
import { createAuthUser, hex64, inRollback, insertCertificate } from './_db.ts';
import type { Tx } from './_db.ts';
import {
  certificatesNearlyNumbered,
  nearlyNumberedLookup,
  numberedLookup,
  numbersGlyphsOff,
} from '../functions/_shared/verification/store.ts';

const key = async (tx: Tx, number: string | null) =>
  (await tx<{ key: string | null }[]>`select private.certificate_number_key(${number}) as key`)[0]!.key;

Deno.test('certificate_number_key: case, spacing and signs do not count; OCR look-alikes fold', async () => {
  await inRollback(async (tx) => {
    assert.equal(await key(tx, 'vc-0012 3456'), 'VC00123456');
    assert.equal(await key(tx, 'VC 0012-3456'), 'VC00123456');
    // O/0, I/l/1, S/5, B/8, Z/2 as OCR confuses them: one key.
    assert.equal(await key(tx, 'FSB-2024-000058'), await key(tx, 'F5B-2O24-OOOO58'));
    assert.equal(await key(tx, 'AWU-2018-0001l8'), await key(tx, 'AWU-2018-000118'));
    // Digits that differ stay different.
    assert.notEqual(await key(tx, 'AWU-2018-000118'), await key(tx, 'AWU-2018-000110'));
    assert.equal(await key(tx, '--'), null);
    assert.equal(await key(tx, null), null);
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The query's plan uses each of `indexes` and scans none of the number lookup's tables. */
async function assertIndexed(
  tx: Tx,
  query: ReturnType<typeof numberedLookup>,
  indexes: string[],
): Promise<void> {
  const [row] = await tx<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>`explain (format json) ${query}`;
  const found = nodes(row!['QUERY PLAN'][0]!.Plan);
  const summary = found
    .map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`)
    .join(', ');
  for (const index of indexes)
    assert.ok(
      found.some((node) => node['Index Name'] === index),
      `should use ${index}: ${summary}`,
    );
  assert.ok(
    !found.some(
      (node) =>
        node['Node Type'] === 'Seq Scan' &&
        ['certificates', 'certificate_numbers', 'certificate_registrations'].includes(
          node['Relation Name'] ?? '',
        ),
    ),
    `no table is scanned: ${summary}`,
  );
}

Deno.test('EXPLAIN: a copy’s numbers are looked up by index among 50,000 certificates', async () => {
  await inRollback(async (tx) => {
    const owner = await createAuthUser(tx);
    await tx`
      insert into public.certificates (user_id, uploaded_by, certificate_name, certificate_hash, storage_path, file_type,
        mime_type, file_size, file_hash, content_hash, verification_status, certificate_number)
      select ${owner.id}::uuid, ${owner.id}::uuid, 'Generated ' || n, encode(sha256(('c' || n)::bytea), 'hex'),
             ${owner.id} || '/generated-' || n || '.png', 'image', 'image/png', 1000 + n,
             encode(sha256(('f' || n)::bytea), 'hex'), encode(sha256(('t' || n)::bytea), 'hex'), 'verified',
             'GEN-' || lpad(n::text, 8, '0')
      from generate_series(1, 50000) as n`;
    await tx`
      insert into private.certificate_numbers (number_key, certificate_id)
      select private.certificate_number_key('READ-' || lpad(row_number() over ()::text, 8, '0')), id
      from public.certificates where user_id = ${owner.id}`;
    await tx`
      insert into private.certificate_registrations (certificate_id, engine_version, lines)
      select id, 2, '[]'::jsonb from public.certificates where user_id = ${owner.id}`;
    await tx`analyze public.certificates`;
    await tx`analyze private.certificate_numbers`;
    await tx`analyze private.certificate_registrations`;
    // The lookup of store.ts certificatesNumbered itself, with the tokens a copy's OCR gave.
    await assertIndexed(tx, numberedLookup(tx, ['GEN-00012345', 'read 0004 2424', '2025-06-30'], 2), [
      'certificates_certificate_number_lookup_idx',
      'certificate_numbers_pkey',
    ]);
    // A number one glyph off (a forged digit) is looked up by the GIN indexes of both places' variants.
    await assertIndexed(tx, nearlyNumberedLookup(tx, ['GEN-00012395', 'READ-00042X24'], [0n, -1n], 22, 2), [
      'certificates_certificate_number_variants_idx',
      'certificate_numbers_variants_idx',
    ]);
    // And the same lookup answers: the column's number and the number read at registration.
    const [byColumn] = await tx<{ id: string }[]>`
      select id from public.certificates where certificate_number = 'GEN-00012345'`;
    const [byReading] = await tx<{ certificate_id: string }[]>`
      select certificate_id from private.certificate_numbers where number_key = private.certificate_number_key('READ-00042424')`;
    assert.ok(byColumn && byReading);
    const answer = await tx<{ id: string }[]>`
      select c.id from public.certificates c
      where private.certificate_number_key(c.certificate_number) = private.certificate_number_key('gen 0001 2345')`;
    assert.deepEqual(
      answer.map((r) => r.id),
      [byColumn.id],
    );
  });
});

Deno.test(
  'the attempts log takes every match channel of the contract, certificate_number too, and no other',
  async () => {
    await inRollback(async (tx) => {
      await tx`delete from public.verification_attempts`;
      const owner = await createAuthUser(tx);
      const certificate = await insertCertificate(tx, owner.id, { verification_status: 'verified' });
      const record = (sql: Tx, channel: string | null) =>
        sql`select private.record_verification_verdict(${hex64()}, 10, 'image/jpeg',
        ${channel ? 'authentic' : 'unknown'}, ${channel !== null}, ${channel ? 'valid' : 'not_found'},
        ${channel}, ${channel ? certificate.id : null}, 'requester')`;
      for (const channel of MATCH_CHANNELS) await record(tx, channel);
      const logged = await tx<{ match_channel: string }[]>`
      select match_channel from public.verification_attempts where match_channel is not null order by id`;
      assert.deepEqual(
        logged.map((row) => row.match_channel),
        [...MATCH_CHANNELS],
      );
      await assert.rejects(
        tx.savepoint((sp) => record(sp as unknown as Tx, 'printed_number')),
        (error: { code?: string; constraint_name?: string }) =>
          error.code === '23514' && error.constraint_name === 'verification_attempts_match_channel_check',
      );
      // The success rate counts a copy its number found like any other: every channel's attempt
      // verified, and one more that found nothing.
      await record(tx, null);
      const [row] = await tx<{ stats: VerificationStats }[]>`select private.verification_stats() as stats`;
      const verified = MATCH_CHANNELS.length;
      assert.equal(row!.stats.verificationRate, Math.round((1000 * verified) / (verified + 1)) / 10);
    });
  },
);

Deno.test('of the candidates, those whose number is a read token but for a glyph or two', async () => {
  await inRollback(async (tx) => {
    const owner = await createAuthUser(tx);
    const forgedFrom = await insertCertificate(tx, owner.id);
    const sibling = await insertCertificate(tx, owner.id);
    const readOnly = await insertCertificate(tx, owner.id);
    await tx`update public.certificates set certificate_number = 'NWA-2019-000611' where id = ${forgedFrom.id}`;
    await tx`update public.certificates set certificate_number = 'FSB-2024-000058' where id = ${sibling.id}`;
    // A number known only from the page's reading at registration, with an OCR slip (2621 for 2021).
    await tx`
      insert into private.certificate_numbers (number_key, certificate_id)
      values (private.certificate_number_key('UMN-2621-000376'), ${readOnly.id})`;
    const candidates = [forgedFrom.id, sibling.id, readOnly.id];
    const off = async (tokens: string[], among = candidates) =>
      Object.fromEntries(await numbersGlyphsOff(tx, tokens, among));
    // A forged digit (611 -> 671), read with a look-alike elsewhere (O for 0): its certificate only.
    assert.deepEqual(await off(['NWA-2O19-000671', '2019']), { [forgedFrom.id]: 1 });
    assert.deepEqual(await off(['UMN-2021-000375']), { [readOnly.id]: 2 });
    // The fewest glyphs off of all the tokens read.
    assert.deepEqual(await off(['NWA-2019-000677', 'NWA-2019-000671']), { [forgedFrom.id]: 1 });
    // Three glyphs off, or another length: none.
    assert.deepEqual(await off(['NWA-2019-000777']), {});
    assert.deepEqual(await off(['NWA-2019-0006711']), {});
    // Only among the candidates given.
    assert.deepEqual(await off(['NWA-2019-000671'], [sibling.id]), {});
  });
});

Deno.test('certificate_number_variants: one per glyph, shared only by keys one glyph apart', async () => {
  await inRollback(async (tx) => {
    const variants = async (number: string) =>
      (
        await tx<{ variants: string[] | null }[]>`
          select private.certificate_number_variants(private.certificate_number_key(${number})) as variants`
      )[0]!.variants;
    assert.deepEqual(await variants('AC-12'), ['_C12', 'A_12', 'AC_2', 'AC1_']);
    assert.equal(await variants('--'), null);
    const shared = async (a: string, b: string) =>
      (
        await tx<{ shared: boolean }[]>`
          select private.certificate_number_variants(private.certificate_number_key(${a}))
            && private.certificate_number_variants(private.certificate_number_key(${b})) as shared`
      )[0]!.shared;
    assert.equal(await shared('NWA-2019-000611', 'NWA-2019-000671'), true);
    assert.equal(await shared('NWA-2019-000611', 'NWA-2019-000677'), false);
    assert.equal(await shared('NWA-2019-000611', 'NWA-2019-0006111'), false);
  });
});

Deno.test(
  'a number one glyph off names its certificate among all, of the copy’s design, by token then nearest page',
  async () => {
    await inRollback(async (tx) => {
      const owner = await createAuthUser(tx);
      const register = async (number: string, pageHash: bigint, readOnly = false) => {
        const certificate = await insertCertificate(tx, owner.id);
        if (!readOnly)
          await tx`update public.certificates set certificate_number = ${number} where id = ${certificate.id}`;
        else
          await tx`
          insert into private.certificate_numbers (number_key, certificate_id)
          values (private.certificate_number_key(${number}), ${certificate.id})`;
        await tx`
        insert into private.certificate_registrations (certificate_id, engine_version, page_width, page_height,
          page_png, keypoints, descriptors, page_hash)
        values (${certificate.id}, 8, 10, 10, decode('00', 'hex'), decode('00', 'hex'), decode('00', 'hex'),
          ${pageHash.toString()}::bigint)`;
        return certificate.id;
      };
      const design = 0x0f0f0f0f0f0f0f0fn;
      const forgedFrom = await register('NWA-2019-000611', design ^ 0b111n);
      const nearer = await register('NWA-2019-000681', design ^ 0b1n);
      const readOnly = await register('UMN-2021-000375', design, true);
      const otherDesign = await register('NWA-2019-000673', ~design);
      await register('NWA-2019-000671', design);
      // A year read on a number's line, kept for many certificates: one glyph off in four tells nothing.
      const year = await register('2019', design);
      const nearly = async (tokens: string[]) =>
        (await certificatesNearlyNumbered(tx, tokens, [design], 22, 3)).map(
          (candidate) => candidate.certificateId,
        );
      // 611 forged to 671: the one it was forged from and its one-glyph neighbour of the same design,
      // nearest page first; not the exact number (the exact lookup's), nor another design's.
      assert.deepEqual(await nearly(['NWA-2O19-000671']), [nearer, forgedFrom]);
      assert.deepEqual(await nearly(['UMN-2021-000376', '2021']), [readOnly]);
      // The tokens' order first (a labelled line's number is read first), then the page.
      assert.deepEqual(await nearly(['UMN-2021-000376', 'NWA-2019-000671']), [readOnly, nearer, forgedFrom]);
      assert.deepEqual(await nearly(['NWA-2019-000777']), []);
      assert.deepEqual(await nearly(['2018']), []);
      const all = await nearly(['NWA-2019-000671', 'NWA-2019-000672']);
      assert.ok(!all.includes(otherDesign) && !all.includes(year));
      // Each with its stored page hash, which tells its design.
      const [first] = await certificatesNearlyNumbered(tx, ['NWA-2019-000671'], [design], 22, 1);
      assert.deepEqual(first, { certificateId: nearer, pageHash: design ^ 0b1n });
    });
  },
);
