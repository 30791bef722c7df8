/**
 * The engine's routes as the api sees them (real stack): the service role key is required, errors
 * are JSON with the status the api maps, and a PDF is read through the `ocr` function.
 */
import assert from 'node:assert/strict';
import { API_URL, SERVICE_ROLE_KEY, sampleDataUrl, test, toDataUrl } from '../../api/tests/helpers.ts';

const ENGINE_URL = `${API_URL}/functions/v1/engine`;
const asService = { authorization: `Bearer ${SERVICE_ROLE_KEY}` };

async function post(path: string, body: string, headers: Record<string, string> = asService) {
  const response = await fetch(`${ENGINE_URL}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

const read = (fileData: string) => post('/read', JSON.stringify({ fileData }));

test('the engine answers only the service role key, in JSON', async () => {
  for (const headers of [{}, { authorization: 'Bearer not-the-key' }] as Record<string, string>[]) {
    const answer = await post('/read', JSON.stringify({ fileData: 'x' }), headers);
    assert.equal(answer.status, 401);
    assert.match(answer.type, /application\/json/);
    assert.deepEqual(JSON.parse(answer.text), { error: 'The engine answers the service only' });
  }
});

test('an unknown route or method is a 404', async () => {
  assert.equal((await post('/nothing-here', '{}')).status, 404);
  const get = await fetch(`${ENGINE_URL}/verify`, { headers: asService });
  await get.body?.cancel();
  assert.equal(get.status, 404);
});

test('bad requests are JSON errors without a stack: 400, 413, 415', async () => {
  const notJson = await post('/verify', 'not json');
  assert.equal(notJson.status, 400);
  assert.deepEqual(JSON.parse(notJson.text), { error: 'Body must be JSON' });

  const invalid = await post('/verify', '{}');
  assert.equal(invalid.status, 400);
  assert.match((JSON.parse(invalid.text) as { error: string }).error, /^Invalid request/);

  const tooLarge = await read(toDataUrl(new Uint8Array(10 * 1024 * 1024 + 1), 'image/png'));
  assert.equal(tooLarge.status, 413);

  const unsupported = await read(
    toDataUrl(new TextEncoder().encode('just some text, not a file'), 'text/plain'),
  );
  assert.equal(unsupported.status, 415);
  for (const answer of [notJson, invalid, tooLarge, unsupported])
    assert.doesNotMatch(answer.text, /file:\/\/|\n\s+at /);
});

test('PDFs are read through the ocr function: text layer, scanned page, damaged file', async () => {
  const textLayer = await read(sampleDataUrl('text-layer.pdf'));
  assert.equal(textLayer.status, 200, textLayer.text);
  const fromText = JSON.parse(textLayer.text) as { text: string; textSource: string };
  assert.equal(fromText.textSource, 'pdf-text');
  assert.match(fromText.text, /Kenji/i);

  const scanned = await read(sampleDataUrl('scanned.pdf'));
  assert.equal(scanned.status, 200, scanned.text);
  const fromScan = JSON.parse(scanned.text) as { text: string; textSource: string };
  assert.equal(fromScan.textSource, 'pdf-ocr');
  assert.ok(fromScan.text.length > 20, 'OCR read the page image of the scanned PDF');

  const damaged = await read(
    toDataUrl(new TextEncoder().encode(`%PDF-1.7\n${crypto.randomUUID()} no PDF body`), 'application/pdf'),
  );
  assert.equal(damaged.status, 422, damaged.text);
});
