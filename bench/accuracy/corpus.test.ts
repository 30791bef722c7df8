/**
 * The corpus generator is deterministic and says truthfully what each forgery changed.
 * Run: `npm run test:bench` (node:test through tsx; no stack needed).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { homography } from './copies.ts';
import {
  buildItem,
  FULL,
  matchesOnly,
  PageCache,
  planCorpus,
  QUICK,
  type Corpus,
  decorationSeed,
} from './corpus.ts';
import {
  editDateDigit,
  editGradeCharacter,
  editNameLetter,
  editNumberDigit,
  flipGradeSign,
  formatDate,
  randomCertificate,
} from './fields.ts';
import { canForge, DELIVERIES, FORGERY_KINDS, forge, pageOf } from './forgeries.ts';
import { mulberry32, stream } from './random.ts';
import { TEMPLATES } from './templates.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function build(corpus: Corpus, id: string) {
  const item = corpus.items.find((candidate) => candidate.id === id);
  assert.ok(item, `no item ${id}`);
  return buildItem(corpus, item, new PageCache(corpus.seed));
}

describe('plan', () => {
  test('the same seed plans the same corpus, another seed another one', () => {
    const a = planCorpus(42, QUICK);
    const b = planCorpus(42, QUICK);
    const c = planCorpus(43, QUICK);
    assert.deepEqual(a, b);
    assert.notDeepEqual(
      a.originals.map((original) => original.certificate),
      c.originals.map((original) => original.certificate),
    );
  });

  test('the quick corpus is about 250 copies and the full one holds 3,000 of each', () => {
    const quick = planCorpus(1, QUICK).items;
    assert.ok(quick.length >= 230 && quick.length <= 270, `quick: ${quick.length}`);
    const full = planCorpus(1, FULL).items;
    assert.ok(full.filter((item) => item.class === 'genuine').length >= 3000);
    assert.ok(full.filter((item) => item.class === 'forgery').length >= 3000);
    assert.ok(full.filter((item) => item.class === 'unregistered').length > 0);
  });

  test('every template, copy kind, forgery kind and delivery occurs in the quick corpus', () => {
    const corpus = planCorpus(7, QUICK);
    const categories = new Set(corpus.items.map((item) => item.category));
    assert.equal(new Set(corpus.originals.map((original) => original.template)).size, TEMPLATES.length);
    assert.equal([...categories].filter((category) => category.startsWith('genuine/')).length, 15);
    assert.equal(
      [...categories].filter((category) => category.startsWith('forgery/')).length,
      FORGERY_KINDS.length * DELIVERIES.length,
    );
    assert.equal(
      [...categories].filter((category) => category.startsWith('unregistered/')).length,
      DELIVERIES.length,
    );
    assert.equal(new Set(corpus.items.map((item) => item.id)).size, corpus.items.length, 'ids are unique');
  });

  test('--only selects categories, parts of categories and single ids', () => {
    const corpus = planCorpus(7, QUICK);
    const photos = corpus.items.filter((item) => matchesOnly(item, 'photo'));
    assert.deepEqual(new Set(photos.map((item) => item.delivery)), new Set(['photo']));
    assert.ok(
      photos.some((item) => item.class === 'genuine') && photos.some((item) => item.class === 'forgery'),
    );
    assert.ok(
      corpus.items
        .filter((item) => matchesOnly(item, 'forgery/grade-sign'))
        .every((item) => item.kind === 'grade-sign'),
    );
    assert.equal(corpus.items.filter((item) => matchesOnly(item, 'g-crop-0003')).length, 1);
    assert.equal(corpus.items.filter((item) => matchesOnly(item, 'nothing-like-this')).length, 0);
  });
});

describe('files', () => {
  const corpus = planCorpus(20261125, QUICK);

  for (const id of [
    'g-jpeg-0001',
    'g-gif-0000',
    'g-bmp-0000',
    'g-pdf-0000',
    'g-rotate-0002',
    'g-scan-0001',
    'g-screenshot-0000',
    'f-field-pasted-digital-0000',
    'u-scan-0001',
  ]) {
    test(`${id} has the same bytes when built twice`, async () => {
      const first = await build(corpus, id);
      const second = await build(corpus, id);
      assert.equal(sha(first.bytes), sha(second.bytes));
      assert.ok(
        first.bytes.length > 10_000 && first.bytes.length < 10 * 1024 * 1024,
        `${first.bytes.length} bytes`,
      );
    });
  }

  test('a phone photo is 12 megapixels and the same when built twice', async () => {
    const first = await build(corpus, 'g-photo-0000');
    const second = await build(corpus, 'g-photo-0000');
    assert.equal(sha(first.bytes), sha(second.bytes));
    const { width = 0, height = 0 } = await sharp(first.bytes).metadata();
    assert.equal(width * height, 12_000_000);
  });

  test('another seed gives other bytes', async () => {
    const other = planCorpus(20261126, QUICK);
    assert.notEqual(
      sha((await build(corpus, 'g-png-0000')).bytes),
      sha((await build(other, 'g-png-0000')).bytes),
    );
  });

  test('the file types are what they claim', async () => {
    const magic: Record<string, string> = {
      'g-gif-0000': 'GIF8',
      'g-bmp-0000': 'BM',
      'g-pdf-0000': '%PDF',
      'g-tiff-0000': 'II*',
    };
    for (const [id, start] of Object.entries(magic)) {
      const built = await build(corpus, id);
      assert.equal(built.bytes.subarray(0, start.length).toString('latin1'), start, id);
    }
  });
});

describe('forgeries', () => {
  const seed = 99;

  /** Fraction of pixels that differ between two pages of the same size. */
  function changedPixels(a: Uint8Array, b: Uint8Array): number {
    let changed = 0;
    for (let index = 0; index < a.length; index += 4)
      if (a[index] !== b[index] || a[index + 1] !== b[index + 1] || a[index + 2] !== b[index + 2]) changed++;
    return changed / (a.length / 4);
  }

  for (const template of TEMPLATES) {
    test(`every forgery of a ${template} certificate changes its page, only a little, and names what it changed`, () => {
      const original = randomCertificate(stream(seed, template), 1); // index 1: a signed letter grade
      const decoration = decorationSeed(seed, template);
      const page = pageOf(template, original, decoration);
      const donor = randomCertificate(stream(seed, `donor ${template}`), 2);
      for (const kind of FORGERY_KINDS) {
        if (!canForge(kind, template, original)) continue;
        const forged = forge(
          kind,
          template,
          original,
          decoration,
          donor,
          stream(seed, `${template} ${kind}`),
        );
        if (kind === 'field-pasted' || kind === 'grade-sign') {
          const again = forge(
            kind,
            template,
            original,
            decoration,
            donor,
            stream(seed, `${template} ${kind}`),
          );
          assert.equal(sha(forged.page.data), sha(again.page.data), `${kind} is deterministic`);
        }
        assert.ok(forged.changed.length > 0, `${kind} names a field`);
        const fraction = changedPixels(page.data, forged.page.data);
        assert.ok(fraction > 0, `${kind} changed no pixel`);
        assert.ok(fraction < 0.2, `${kind} changed ${(fraction * 100).toFixed(1)} % of the page`);
        assert.notEqual(
          forged.from + forged.to === '' ? kind : forged.from,
          forged.to,
          `${kind}: from and to are equal`,
        );
      }
    });
  }

  test('one-character edits change exactly one character, with look-alikes', () => {
    const random = mulberry32(5);
    const oneChange = (a: string, b: string) =>
      a.length === b.length && [...a].filter((char, index) => char !== b[index]).length === 1;
    for (let round = 0; round < 200; round++) {
      const certificate = randomCertificate(random, round);
      assert.ok(oneChange(certificate.recipient, editNameLetter(random, certificate.recipient)));
      assert.ok(oneChange(certificate.number, editNumberDigit(random, certificate.number)));
      assert.ok(
        oneChange(certificate.grade, editGradeCharacter(random, certificate.grade)),
        certificate.grade,
      );
      const date = formatDate(certificate.issueDate, 'iso');
      const edited = editDateDigit(random, certificate.issueDate);
      assert.ok(oneChange(date, formatDate(edited, 'iso')), `${date} -> ${formatDate(edited, 'iso')}`);
      assert.ok(edited.day >= 1 && edited.day <= 28);
    }
    assert.equal(flipGradeSign('A+'), 'A-');
    assert.equal(flipGradeSign('B-'), 'B+');
    assert.equal(flipGradeSign('C'), null);
  });
});

test('the homography maps the four corners where asked', () => {
  const from: [number, number][] = [
    [0, 0],
    [100, 0],
    [100, 50],
    [0, 50],
  ];
  const to: [number, number][] = [
    [10, 5],
    [120, 12],
    [115, 70],
    [3, 60],
  ];
  const h = homography(from, to);
  const [h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0, h8 = 0] = h;
  from.forEach(([x, y], i) => {
    const [u, v] = to[i] ?? [Number.NaN, Number.NaN];
    const w = h6 * x + h7 * y + h8;
    assert.ok(Math.abs((h0 * x + h1 * y + h2) / w - u) < 1e-6);
    assert.ok(Math.abs((h3 * x + h4 * y + h5) / w - v) < 1e-6);
  });
});
