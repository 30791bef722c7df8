import assert from 'node:assert/strict';
import { decode as decodePng } from 'fast-png';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { detectFileType } from '../processing/detect.ts';
import { readPdf } from '../processing/pdf.ts';
import { API_URL, SERVICE_ROLE_KEY } from '../../api/tests/helpers.ts';
import { publicIdOf, readQrCode } from '../verification/code.ts';
import { OcrClient } from '../verification/ocr-client.ts';
import { COPY_WORKING_LONG_SIDE, pageRaster } from '../verification/page.ts';
import { pdfString, writePdf } from './pdf.ts';
import { compressRgb, pngFile } from './png.ts';
import { printable, verifiableCopy } from './stamp.ts';
import { drawnCertificate, phonePhoto, rgbOf } from './testing.ts';

const URL_OF_PAGE = 'https://certverify.example.org/c/AbCdEfGhIjKlMnOpQrStUv';
const TEXT = { url: URL_OF_PAGE, certificateNumber: 'NWA-2025-00042' };
/** A PDF's page is read by the stack's ocr function, as the engine reads it. */
const ocr = new OcrClient(API_URL, SERVICE_ROLE_KEY);

let original: Promise<Uint8Array> | undefined;
const page = () => (original ??= drawnCertificate('Ada Lovelace', 'NWA-2025-00042'));

/** The QR code a file shows, read as the engine reads a copy: its page raster at working size. */
async function codeIn(bytes: Uint8Array): Promise<string | null> {
  return await readQrCode(await pageRaster(bytes, detectFileType(bytes)!, COPY_WORKING_LONG_SIDE, ocr));
}

Deno.test('the PNG writer round-trips RGB pixels', async () => {
  const image = {
    width: 5,
    height: 3,
    data: Uint8Array.from({ length: 45 }, (_, index) => (index * 37) % 256),
  };
  const decoded = decodePng(pngFile(image.width, image.height, await compressRgb(image)));
  assert.equal(decoded.width, 5);
  assert.equal(decoded.channels, 3);
  assert.deepEqual(Array.from(decoded.data), Array.from(image.data));
});

Deno.test('a verifiable copy (PNG) carries a QR code that decodes to the public page', async () => {
  const stamped = await verifiableCopy(await page(), detectFileType(await page())!, TEXT, 'png', ocr);
  const { width, height } = await rgbOf(stamped);
  assert.equal(width, 1600);
  assert.ok(height > 1131 + 150 && height < 1131 + 320, `a margin strip below the page: ${height}`);
  assert.equal(await codeIn(stamped), URL_OF_PAGE);
  assert.equal(publicIdOf(URL_OF_PAGE), 'AbCdEfGhIjKlMnOpQrStUv');
  // Deterministic: downloading again gives the same bytes (one registration).
  assert.deepEqual(
    await verifiableCopy(await page(), detectFileType(await page())!, TEXT, 'png', ocr),
    stamped,
  );
  // The page above the strip is the original's pixels.
  const before = await rgbOf(await page());
  const after = await rgbOf(stamped);
  assert.deepEqual(after.data.subarray(0, before.data.length), before.data);
});

Deno.test('the QR code is read from a 12 MP phone photo of the printed copy', async () => {
  const stamped = await verifiableCopy(await page(), detectFileType(await page())!, TEXT, 'png', ocr);
  const photo = await phonePhoto(await rgbOf(stamped), -4);
  assert.equal(detectFileType(photo)?.mimeType, 'image/jpeg');
  assert.equal(await codeIn(photo), URL_OF_PAGE);
  // A page without a code reads none.
  assert.equal(await codeIn(await page()), null);
});

Deno.test('a code found but not decoded on the shrunk photo is decoded from its own area', async () => {
  // This public id's stamp, photographed at 6 MP, is found and not decoded at 1,200 px (about 1 random
  // id in 30 is; the api test of a photographed copy failed so once in CI).
  const url = 'http://127.0.0.1:5173/c/FA8zwkzlJfhhYwOzvCZjTZ';
  const certificate = await drawnCertificate('Grace FA8ZWK', 'VC-2312345');
  const text = { url, certificateNumber: 'VC-2312345' };
  const stamped = await verifiableCopy(certificate, detectFileType(certificate)!, text, 'png', ocr);
  const photo = await phonePhoto(await rgbOf(stamped), 3, { width: 2800, height: 2100 });
  assert.equal(await codeIn(photo), url);
});

Deno.test('the PDF copy parses: one page, the stamped image, the number and link as text', async () => {
  const pdf = await verifiableCopy(await page(), detectFileType(await page())!, TEXT, 'pdf', ocr);
  assert.equal(detectFileType(pdf)?.fileType, 'pdf');
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    assert.equal(document.numPages, 1);
    const { text } = await extractText(document, { mergePages: true });
    assert.match(text, /Certificate No\. NWA-2025-00042/);
    assert.ok(text.includes(URL_OF_PAGE), text);
    const images = await extractImages(document, 1);
    assert.equal(images.length, 1);
    assert.equal(images[0]!.width, 1600);
    const pageOne = await document.getPage(1);
    const annotations = await pageOne.getAnnotations();
    assert.ok(annotations.some((annotation: { url?: string }) => annotation.url === URL_OF_PAGE));
  } finally {
    await document.loadingTask.destroy();
  }
  // The engine reads the PDF's page image, with its code, like any copy.
  const content = await readPdf(pdf);
  assert.equal(content.pageImage?.width, 1600);
  assert.equal(await codeIn(pdf), URL_OF_PAGE);
});

Deno.test('the PDF writer escapes strings and keeps to Latin-1', () => {
  assert.equal(pdfString('a(b)c\\d'), '(a\\(b\\)c\\\\d)');
  assert.equal(pdfString('Zoë'), '(Zo\\353)');
  assert.equal(pdfString('€'), '(?)');
  const bytes = writePdf({
    width: 100,
    height: 50,
    image: {
      width: 1,
      height: 1,
      compressed: new Uint8Array([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]),
    },
    texts: [],
    links: [],
  });
  const text = new TextDecoder('latin1').decode(bytes);
  assert.ok(text.startsWith('%PDF-1.4'));
  const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
  assert.ok(text.slice(xref).startsWith('xref'), 'startxref points at the table');
});

Deno.test('printable text and public ids', () => {
  assert.equal(printable('Zoë Łukasz №5'), 'Zoe ?ukasz No5');
  assert.equal(publicIdOf('http://127.0.0.1:3000/c/AbCdEfGhIjKlMnOpQrStU_/'), 'AbCdEfGhIjKlMnOpQrStU_');
  assert.equal(publicIdOf('https://example.org/x/AbCdEfGhIjKlMnOpQrStUv'), null);
  assert.equal(publicIdOf('https://example.org/c/short'), null);
  assert.equal(publicIdOf('javascript:alert(1)//c/AbCdEfGhIjKlMnOpQrStUv'), null);
  assert.equal(publicIdOf('NWA-2025-00042'), null);
});
