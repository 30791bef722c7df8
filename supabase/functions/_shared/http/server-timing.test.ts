import assert from 'node:assert/strict';
import { parseServerTiming, StageTimer } from './server-timing.ts';

Deno.test('stages add up, and a hop passes its stages on under a prefix', async () => {
  const ocr = new StageTimer();
  ocr.add('read', 120, 110);
  const engine = new StageTimer();
  assert.equal(await engine.time('decode', () => Promise.resolve(42)), 42);
  engine.add('examine', 200, 180);
  engine.add('examine', 100, 90);
  engine.merge(ocr.header(), 'ocr-fn-');
  const header = engine.header();
  const entries = new Map(parseServerTiming(header));
  assert.equal(entries.get('examine'), 300);
  assert.equal(entries.get('examine-cpu'), 270);
  assert.equal(entries.get('ocr-fn-read'), 120);
  assert.equal(entries.get('ocr-fn-read-cpu'), 110);
  assert.ok(entries.has('decode'));

  const api = new StageTimer();
  api.merge(header, 'engine-');
  assert.equal(new Map(parseServerTiming(api.header())).get('engine-ocr-fn-read-cpu'), 110);
});

Deno.test('a stage that throws is timed too, and malformed entries are skipped', async () => {
  const timer = new StageTimer();
  await assert.rejects(timer.time('fails', () => Promise.reject(new Error('no'))));
  assert.equal(timer.stages.get('fails')?.count, 1);
  assert.deepEqual(parseServerTiming('a;dur=1.5, b, c;desc="x", d;dur=oops'), [['a', 1.5]]);
  assert.deepEqual(parseServerTiming(null), []);
});
