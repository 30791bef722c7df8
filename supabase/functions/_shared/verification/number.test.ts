import assert from 'node:assert/strict';
import { drawnCertificate } from '../copies/testing.ts';
import { decodeImage } from '../processing/decode.ts';
import { detectFileType } from '../processing/detect.ts';
import { fitWithin } from '../documents/raster.ts';
import {
  MAX_NUMBER_LINES,
  numberTokens,
  readNumbers,
  registeredNumbers,
  shortTextLines,
  stackLines,
  tokensOfLines,
} from './number.ts';
import { OcrClient } from './ocr-client.ts';
import { COPY_WORKING_LONG_SIDE } from './page.ts';

Deno.test('numberTokens: numbers as printed, labels and punctuation off, groups joined', () => {
  assert.deepEqual(numberTokens('Certificate No: VC-00123456'), ['VC-00123456']);
  assert.deepEqual(numberTokens('CERTIFICATE NO.000118'), ['000118']);
  assert.deepEqual(numberTokens('Cert. #AB 1234 5678.'), ['1234', '5678', '12345678']);
  assert.deepEqual(numberTokens('(ID 2024/0042)'), ['2024/0042']);
  // Too short to name one certificate, or no digits at all.
  assert.deepEqual(numberTokens('Grade A+ in 12 weeks'), []);
  assert.deepEqual(numberTokens('Certificate of Completion'), []);
});

Deno.test('tokensOfLines: a labelled line is looked up first', () => {
  assert.deepEqual(tokensOfLines(['Date of issue: 2025-06-30', 'Certificate No: 000118']), [
    '000118',
    '2025-06-30',
  ]);
});

Deno.test('registeredNumbers: the named number line, and a labelled line OCR did not name', () => {
  assert.deepEqual(
    registeredNumbers([
      { text: 'Date of issue: 2025-06-30', field: 'issue_date' },
      // A seal beside the line and a hyphen read as a dash kept it from being named.
      { text: 'Certificate No: RN—40411832 @', field: null },
      { text: 'AWU-2018-000118', field: 'certificate_number' },
    ]),
    ['RN—40411832', 'AWU-2018-000118'],
  );
});

Deno.test('shortTextLines: the number line of a drawn certificate is among the few lines read', async () => {
  const png = await drawnCertificate('Maria Number', 'NB-40411832');
  const page = fitWithin(await decodeImage(png, detectFileType(png)!), COPY_WORKING_LONG_SIDE);
  const boxes = (await shortTextLines(page)).slice(0, MAX_NUMBER_LINES);
  // "Certificate No: ..." is drawn with its baseline at y = 915 of 1131.
  const baseline = (915 / 1131) * page.height;
  assert.ok(
    boxes.some((box) => box.y < baseline && box.y + box.height > baseline - 10 && box.x < 0.15 * page.width),
    JSON.stringify(boxes),
  );
  // Stacked for one OCR request: within the OCR function's largest side.
  const stacked = await stackLines(page, boxes);
  assert.ok(stacked.width <= 2000 && stacked.height <= 2000, `${stacked.width} x ${stacked.height}`);
});

Deno.test('a page without text lines costs no OCR request', async () => {
  // Nothing listens on this port: any request would fail the test.
  const ocr = new OcrClient('http://127.0.0.1:9', 'unused');
  const blank = { width: 1800, height: 1270, data: new Uint8Array(1800 * 1270).fill(236) };
  // A framed page with a seal and no text: the frame and the seal are no text line.
  const framed = { ...blank, data: new Uint8Array(blank.data) };
  for (let y = 40; y < 1230; y++)
    for (let x = 40; x < 1760; x++)
      if (y < 52 || y > 1217 || x < 52 || x > 1747 || (x - 1400) ** 2 + (y - 950) ** 2 < 90 ** 2)
        framed.data[y * 1800 + x] = 40;
  assert.deepEqual(await readNumbers(ocr, blank), []);
  assert.deepEqual(await shortTextLines(framed), []);
});

Deno.test(
  'stackLines: strips cut from a shadow are stacked on a white ground, their glyphs dark',
  async () => {
    const png = await drawnCertificate('Maria Shadow', 'NB-40411832');
    const page = fitWithin(await decodeImage(png, detectFileType(png)!), COPY_WORKING_LONG_SIDE);
    // The lower half of the page in a cast shadow at 45 % of the light.
    const shaded = { ...page, data: Uint8Array.from(page.data) };
    for (let index = (page.height >> 1) * page.width; index < shaded.data.length; index++)
      shaded.data[index] = Math.round(shaded.data[index]! * 0.45);
    const boxes = (await shortTextLines(shaded)).slice(0, MAX_NUMBER_LINES);
    const stacked = await stackLines(shaded, boxes);
    // Grey boxes on the stacked picture's white: the share of mid-grey pixels (before: 0.27).
    const midGrey = stacked.data.filter((value) => value >= 64 && value < 192).length / stacked.data.length;
    assert.ok(midGrey < 0.1, `mid-grey share ${midGrey.toFixed(3)}`);
    // The glyphs stay dark: each strip's darkest pixels are as dark as before.
    assert.ok(stacked.data.filter((value) => value < 64).length > 0.005 * stacked.data.length);
  },
);
