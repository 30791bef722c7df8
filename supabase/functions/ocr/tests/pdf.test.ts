/**
 * `POST /ocr/pdf` (real stack): the engine sends a PDF's bytes and gets its text layer and its first
 * page's image, fitted within the side it asks for.
 */
import assert from 'node:assert/strict';
import { decodeBase64 } from '../../_shared/documents/base64.ts';
import type { PdfReading } from '../../_shared/ocr/protocol.ts';
import { API_URL, SERVICE_ROLE_KEY, sampleBytes, test } from '../../api/tests/helpers.ts';

const OCR_URL = `${API_URL}/functions/v1/ocr`;

async function readPdf(bytes: Uint8Array, query: string, key = SERVICE_ROLE_KEY) {
  const response = await fetch(`${OCR_URL}/pdf${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: response.status, body: (await response.json()) as PdfReading & { error?: string } };
}

test('a scanned PDF gives its page image fitted within longSide', async () => {
  const { status, body } = await readPdf(sampleBytes('scanned.pdf'), '?longSide=600');
  assert.equal(status, 200, body.error);
  assert.ok(body.page, 'the scan is the page image');
  assert.equal(Math.max(body.page.width, body.page.height), 600);
  assert.equal(decodeBase64(body.page.data).length, body.page.width * body.page.height);
});

test('a PDF with a text layer gives its text', async () => {
  const { status, body } = await readPdf(sampleBytes('text-layer.pdf'), '?longSide=1400');
  assert.equal(status, 200, body.error);
  assert.match(body.text, /Kenji/i);
});

test('a damaged PDF is 422; a bad longSide 400; no key 401', async () => {
  const damaged = await readPdf(
    new TextEncoder().encode('%PDF-1.7\nnot a PDF body at all'),
    '?longSide=1400',
  );
  assert.equal(damaged.status, 422);
  for (const query of ['', '?longSide=0', '?longSide=1.5', '?longSide=99999']) {
    assert.equal((await readPdf(sampleBytes('scanned.pdf'), query)).status, 400, query);
  }
  assert.equal((await readPdf(sampleBytes('scanned.pdf'), '?longSide=600', 'not-the-key')).status, 401);
});
