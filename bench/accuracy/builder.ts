/**
 * Builds corpus files in a worker thread, so that drawing and warping a 12-megapixel photo never
 * blocks the runner's event loop while it times requests. One message in ({ index }), one out
 * (the built file, its bytes transferred), in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildItem, type CorpusSize, originalFile, PageCache, planCorpus } from './corpus.ts';

export interface BuilderInput {
  seed: number;
  size: CorpusSize;
}

export type BuilderRequest = { type: 'item'; id: string } | { type: 'original'; id: string };

export interface BuilderReply {
  id: string;
  bytes: Uint8Array;
  mime: string;
  ext: string;
  note: string;
  changed: string[];
  from: string | null;
  to: string | null;
  buildMs: number;
  error?: string;
}

const { seed, size } = workerData as BuilderInput;
const corpus = planCorpus(seed, size);
const byId = new Map(corpus.items.map((item) => [item.id, item]));
const originals = new Map(corpus.originals.map((original) => [original.id, original]));
const cache = new PageCache(seed);
let queue = Promise.resolve();

async function build(request: BuilderRequest): Promise<BuilderReply> {
  const started = performance.now();
  if (request.type === 'original') {
    const original = originals.get(request.id);
    if (!original) throw new Error(`no original ${request.id}`);
    const bytes = await originalFile(corpus, original, cache);
    return {
      id: request.id,
      bytes,
      mime: 'image/png',
      ext: 'png',
      note: 'registered PNG',
      changed: [],
      from: null,
      to: null,
      buildMs: performance.now() - started,
    };
  }
  const item = byId.get(request.id);
  if (!item) throw new Error(`no item ${request.id}`);
  const built = await buildItem(corpus, item, cache);
  return {
    id: request.id,
    bytes: built.bytes,
    mime: built.mime,
    ext: built.ext,
    note: built.note,
    changed: built.changed,
    from: built.from,
    to: built.to,
    buildMs: performance.now() - started,
  };
}

parentPort?.on('message', (request: BuilderRequest) => {
  queue = queue.then(async () => {
    try {
      const reply = await build(request);
      // A copy that owns its memory, so the buffer can be transferred rather than copied.
      const bytes = new Uint8Array(reply.bytes);
      parentPort?.postMessage({ ...reply, bytes }, [bytes.buffer]);
    } catch (error) {
      parentPort?.postMessage({
        id: request.id,
        bytes: new Uint8Array(),
        mime: '',
        ext: '',
        note: '',
        changed: [],
        from: null,
        to: null,
        buildMs: 0,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies BuilderReply);
    }
  });
});
