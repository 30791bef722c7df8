/**
 * The corpus of one run, from its seed: which originals exist (registered through the API), and
 * which copies are verified (genuine copies, forgeries delivered four ways, unregistered
 * certificates from the same templates). Planning is cheap and pure; each file is built only when
 * it is needed, from its own random stream, so any single item can be rebuilt alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { CertificateField } from '../../supabase/functions/_shared/api-contract.ts';
import {
  type Encoded,
  GENUINE_KINDS,
  type GenuineKind,
  genuineCopy,
  type Page,
  phonePhoto,
  printAndScan,
  screenshot,
} from './copies.ts';
import { type Certificate, randomCertificate } from './fields.ts';
import {
  canForge,
  DELIVERIES,
  type Delivery,
  FORGERY_KINDS,
  type ForgeryKind,
  forge,
  pageOf,
} from './forgeries.ts';
import { stream, streamSeed } from './random.ts';
import { type TemplateName, TEMPLATES } from './templates.ts';

export interface CorpusSize {
  originals: number;
  /** Genuine copies per kind of copy. */
  perGenuineKind: number;
  /** Forgeries per kind of forgery and delivery. */
  perForgeryCategory: number;
  /** Unregistered certificates per delivery. */
  unregisteredPerDelivery: number;
}

/** About 250 copies: 15 x 6 genuine, 12 x 3 x 4 forgeries, 4 x 4 unregistered. */
export const QUICK: CorpusSize = {
  originals: 12,
  perGenuineKind: 6,
  perForgeryCategory: 3,
  unregisteredPerDelivery: 4,
};
/** 3,150 genuine copies, 3,024 forgeries, 300 unregistered. */
export const FULL: CorpusSize = {
  originals: 120,
  perGenuineKind: 210,
  perForgeryCategory: 84,
  unregisteredPerDelivery: 100,
};

export interface OriginalSpec {
  id: string;
  index: number;
  template: TemplateName;
  certificate: Certificate;
}

export type ItemClass = 'genuine' | 'forgery' | 'unregistered';

export interface ItemSpec {
  id: string;
  class: ItemClass;
  /** `genuine/<kind>`, `forgery/<kind>/<delivery>` or `unregistered/<delivery>`. */
  category: string;
  kind: GenuineKind | ForgeryKind | 'unregistered';
  delivery: GenuineKind | Delivery;
  /** The registered certificate a copy or forgery comes from; null for unregistered ones. */
  originalId: string | null;
  template: TemplateName;
  /** Contract fields a forgery changed (empty for genuine and unregistered). */
  changed: CertificateField[];
}

export interface Corpus {
  seed: number;
  size: CorpusSize;
  originals: OriginalSpec[];
  items: ItemSpec[];
}

/** Every certificate of a template shares its decoration (pattern phase), as a real template would. */
export function decorationSeed(seed: number, template: TemplateName): number {
  return streamSeed(seed, `template ${template}`);
}

const pad = (value: number, width = 4) => String(value).padStart(width, '0');

export function planCorpus(seed: number, size: CorpusSize): Corpus {
  const originals: OriginalSpec[] = Array.from({ length: size.originals }, (_, index) => ({
    id: `o${pad(index, 3)}`,
    index,
    template: TEMPLATES[index % TEMPLATES.length] ?? 'classic',
    certificate: randomCertificate(stream(seed, `original ${index}`), index),
  }));
  const items: ItemSpec[] = [];
  let next = 0;
  const take = (eligible: (original: OriginalSpec) => boolean) => {
    for (let tries = 0; tries < originals.length; tries++) {
      const original = originals[next++ % originals.length];
      if (original && eligible(original)) return original;
    }
    return null;
  };
  for (const kind of GENUINE_KINDS) {
    for (let n = 0; n < size.perGenuineKind; n++) {
      const original = take(() => true);
      if (!original) throw new Error('a corpus needs at least one original');
      items.push({
        id: `g-${kind}-${pad(n)}`,
        class: 'genuine',
        category: `genuine/${kind}`,
        kind,
        delivery: kind,
        originalId: original.id,
        template: original.template,
        changed: [],
      });
    }
  }
  for (const kind of FORGERY_KINDS) {
    for (const delivery of DELIVERIES) {
      for (let n = 0; n < size.perForgeryCategory; n++) {
        const original = take((candidate) => canForge(kind, candidate.template, candidate.certificate));
        if (!original) continue;
        items.push({
          id: `f-${kind}-${delivery}-${pad(n)}`,
          class: 'forgery',
          category: `forgery/${kind}/${delivery}`,
          kind,
          delivery,
          originalId: original.id,
          template: original.template,
          changed: [],
        });
      }
    }
  }
  let unregistered = 0;
  for (const delivery of DELIVERIES) {
    for (let n = 0; n < size.unregisteredPerDelivery; n++) {
      items.push({
        id: `u-${delivery}-${pad(n)}`,
        class: 'unregistered',
        category: `unregistered/${delivery}`,
        kind: 'unregistered',
        delivery,
        originalId: null,
        template: TEMPLATES[unregistered++ % TEMPLATES.length] ?? 'classic',
        changed: [],
      });
    }
  }
  // Building is grouped by original, so a small cache of rendered pages serves every copy.
  const order = new Map(originals.map((original, index) => [original.id, index]));
  items.sort((a, b) => (order.get(a.originalId ?? '') ?? 1e9) - (order.get(b.originalId ?? '') ?? 1e9));
  // Forgeries know what they change before they are built (the pasted field is chosen at build time).
  for (const item of items)
    if (item.class === 'forgery') item.changed = plannedChange(item.kind as ForgeryKind);
  return { seed, size, originals, items };
}

function plannedChange(kind: ForgeryKind): CertificateField[] {
  switch (kind) {
    case 'name-letter':
    case 'names-swapped':
    case 'reissued':
      return ['recipient_name'];
    case 'date-digit':
      return ['issue_date'];
    case 'grade-character':
    case 'grade-sign':
    case 'line-added':
      return ['grade'];
    case 'number-digit':
      return ['certificate_number'];
    case 'line-removed':
      return ['expiry_date'];
    case 'seal-swapped':
      return ['seal'];
    case 'signature-swapped':
      return ['signature'];
    case 'field-pasted':
      return []; // set when built
  }
}

/** Matches `--only`: a whole category, a prefix of one (`forgery/grade-sign`), one part (`photo`), or an item id. */
export function matchesOnly(item: ItemSpec, only: string): boolean {
  return only
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .some(
      (part) =>
        item.id === part ||
        item.category === part ||
        item.category.startsWith(`${part}/`) ||
        item.category.split('/').includes(part),
    );
}

/** Rendered pages of originals, a few at a time (each is 10-12 MB of pixels). */
export class PageCache {
  readonly #pages = new Map<string, Page>();
  constructor(
    readonly seed: number,
    readonly limit = 6,
  ) {}

  page(original: OriginalSpec): Page {
    let page = this.#pages.get(original.id);
    if (!page) {
      page = pageOf(original.template, original.certificate, decorationSeed(this.seed, original.template));
      this.#pages.set(original.id, page);
      const oldest = this.#pages.keys().next().value;
      if (this.#pages.size > this.limit && oldest !== undefined) this.#pages.delete(oldest);
    }
    return page;
  }
}

/** The registered file of an original: a PNG, as an issuer would upload it. */
export async function originalFile(
  corpus: Corpus,
  original: OriginalSpec,
  cache: PageCache,
): Promise<Buffer> {
  const page = cache.page(original);
  return sharp(page.data, { raw: { width: page.width, height: page.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export interface BuiltItem extends Encoded {
  changed: CertificateField[];
  /** For forgeries of text fields: what the original printed and what the forgery prints. */
  from: string | null;
  to: string | null;
}

async function deliver(delivery: Delivery, page: Page, itemId: string, seed: number): Promise<Encoded> {
  const random = stream(seed, `delivery ${itemId}`);
  switch (delivery) {
    case 'digital': {
      // The forger's or holder's own file: PNG or a good JPEG.
      const image = sharp(page.data, {
        raw: { width: page.width, height: page.height, channels: 4 },
      }).removeAlpha();
      if (random() < 0.5)
        return { bytes: await image.png().toBuffer(), mime: 'image/png', ext: 'png', note: 'PNG' };
      return {
        bytes: await image.jpeg({ quality: 92 }).toBuffer(),
        mime: 'image/jpeg',
        ext: 'jpg',
        note: 'JPEG q92',
      };
    }
    case 'scan':
      return printAndScan(page, random);
    case 'photo':
      return phonePhoto(page, random);
    case 'screenshot':
      return screenshot(page, random);
  }
}

/** Builds one item's file. */
export async function buildItem(corpus: Corpus, item: ItemSpec, cache: PageCache): Promise<BuiltItem> {
  const { seed } = corpus;
  const original = corpus.originals.find((candidate) => candidate.id === item.originalId) ?? null;
  if (item.class === 'genuine') {
    if (!original) throw new Error(`${item.id}: no original`);
    const encoded = await genuineCopy(
      item.kind as GenuineKind,
      cache.page(original),
      stream(seed, `copy ${item.id}`),
    );
    return { ...encoded, changed: [], from: null, to: null };
  }
  if (item.class === 'unregistered') {
    const certificate = randomCertificate(
      stream(seed, `unregistered ${item.id}`),
      5000 + Number(item.id.slice(-4)),
    );
    const page = pageOf(item.template, certificate, decorationSeed(seed, item.template));
    return {
      ...(await deliver(item.delivery as Delivery, page, item.id, seed)),
      changed: [],
      from: null,
      to: null,
    };
  }
  if (!original) throw new Error(`${item.id}: no original`);
  const donor = randomCertificate(stream(seed, `donor ${item.id}`), 9000 + Number(item.id.slice(-4)));
  const forged = forge(
    item.kind as ForgeryKind,
    original.template,
    original.certificate,
    decorationSeed(seed, original.template),
    donor,
    stream(seed, `forgery ${item.id}`),
  );
  const encoded = await deliver(item.delivery as Delivery, forged.page, item.id, seed);
  return { ...encoded, changed: forged.changed, from: forged.from, to: forged.to };
}

/** `--write-corpus DIR`: every original and item as a file, plus manifest.json describing them. */
export async function writeCorpus(
  corpus: Corpus,
  items: ItemSpec[],
  dir: string,
  log: (line: string) => void,
) {
  mkdirSync(dir, { recursive: true });
  const cache = new PageCache(corpus.seed);
  const needed = new Set(items.map((item) => item.originalId));
  const manifest: Record<string, unknown>[] = [];
  for (const original of corpus.originals.filter((candidate) => needed.has(candidate.id))) {
    writeFileSync(path.join(dir, `${original.id}.png`), await originalFile(corpus, original, cache));
    manifest.push({
      file: `${original.id}.png`,
      id: original.id,
      class: 'original',
      template: original.template,
      certificate: original.certificate,
    });
  }
  for (const [index, item] of items.entries()) {
    const built = await buildItem(corpus, item, cache);
    const file = `${item.id}.${built.ext}`;
    writeFileSync(path.join(dir, file), built.bytes);
    manifest.push({
      file,
      ...item,
      changed: built.changed,
      from: built.from,
      to: built.to,
      note: built.note,
      bytes: built.bytes.length,
    });
    log(`[${index + 1}/${items.length}] ${file} (${built.note})`);
  }
  writeFileSync(
    path.join(dir, 'manifest.json'),
    `${JSON.stringify({ seed: corpus.seed, size: corpus.size, files: manifest }, null, 2)}\n`,
  );
}
