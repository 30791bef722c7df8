import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { parseJsonBody } from './validation.ts';

const app = new Hono();
app.post('/', async (c) => c.json(await parseJsonBody(c, z.unknown())));
app.onError((error, c) =>
  c.json({ error: error.message }, error instanceof HttpError ? (error.status as 400) : 500),
);

async function post(body: string | ReadableStream<Uint8Array>): Promise<{ status: number; body: unknown }> {
  const response = await app.request('/', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { status: response.status, body: await response.json() };
}

Deno.test('parseJsonBody refuses U+0000 in any string, keys included, at any depth', async () => {
  for (const body of [
    '{"name":"a\\u0000b"}',
    '{"list":[1,{"deep":["x","\\u0000"]}]}',
    '{"ke\\u0000y":1}',
    '"\\u0000"',
  ]) {
    assert.deepEqual(await post(body), {
      status: 400,
      body: { error: 'Text must not contain NUL characters' },
    });
  }
});

Deno.test('parseJsonBody keeps text that only spells \\u0000 and other control characters', async () => {
  const value = { name: 'a\\u0000b', tab: 'a\tb', nested: [{ ok: true }], n: null };
  assert.deepEqual(await post(JSON.stringify(value)), { status: 200, body: value });
});

Deno.test('parseJsonBody answers 400 to invalid JSON and to absurd nesting', async () => {
  assert.deepEqual(await post('{"a":'), { status: 400, body: { error: 'Request body must be valid JSON' } });
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  assert.deepEqual(await post(deep), { status: 400, body: { error: 'Request body is nested too deeply' } });
});

Deno.test('parseJsonBody reads a body that arrives in chunks, split inside a character', async () => {
  const value = { name: 'Zoë Ångström', fileData: 'data:image/png;base64,' + 'QUJD'.repeat(50_000) };
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const split = bytes.indexOf(0xc3) + 1; // between the two bytes of 'ë'
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, split));
      for (let at = split; at < bytes.length; at += 65_536) controller.enqueue(bytes.slice(at, at + 65_536));
      controller.close();
    },
  });
  assert.deepEqual(await post(body), { status: 200, body: value });
  assert.deepEqual(await post(''), { status: 400, body: { error: 'Request body must be valid JSON' } });
});
