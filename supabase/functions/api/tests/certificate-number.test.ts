/**
 * The certificate-number channel of POST /verification/verify: a copy whose QR code is cut off (or
 * that never had one) is found through the certificate number it shows (match channel
 * certificate_number, not the QR code's certificate_code), and the number proves nothing by
 * itself: the page is still compared with the registered original, so a number typed on another
 * certificate is not authentic.
 */
import assert from 'node:assert/strict';
import encodeJpeg from '@jsquash/jpeg/encode.js';
import type { Certificate, VerificationResult } from '../../_shared/api-contract.ts';
import { besideABlankSheet, drawnCertificate, pngOf, rgbOf } from '../../_shared/copies/testing.ts';
import { pngChunk, type RgbImage } from '../../_shared/copies/png.ts';
import { indexStoredNumbers } from '../../_shared/verification/store.ts';
import { ANON_KEY, call, db, demo, FUNCTION_URL, test, toDataUrl } from './helpers.ts';

const digits = () => String(crypto.getRandomValues(new Uint32Array(1))[0]! % 100_000_000).padStart(8, '0');
const letters = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[byte % 24]).join(
    '',
  );

async function register(page: Uint8Array, fields: Record<string, string>): Promise<Certificate> {
  const admin = await demo('admin');
  const response = await call<{ certificate: Certificate }>('POST', '/certificates/upload-base64', {
    token: admin.token,
    json: { mode: 'process', fileData: toDataUrl(page, 'image/png'), userId: admin.userId, ...fields },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.certificate;
}

/** `image` cut to the rows `top` to `bottom` and by `side` of its width left and right, as JPEG q85. */
async function croppedJpeg(image: RgbImage, top: number, bottom: number, side: number): Promise<Uint8Array> {
  const left = Math.round(image.width * side);
  const width = image.width - 2 * left;
  const height = bottom - top;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = ((top + y) * image.width + left + x) * 3;
      const to = (y * width + x) * 4;
      rgba.set(image.data.subarray(from, from + 3), to);
      rgba[to + 3] = 255;
    }
  const jpeg = await encodeJpeg({ data: rgba, width, height, colorSpace: 'srgb' } as ImageData, {
    quality: 85,
  });
  return new Uint8Array(jpeg);
}

/** The same PNG with a text chunk added: the same pixels in a file that is not the registered one. */
function renamedPng(png: Uint8Array): Uint8Array {
  // The 8-byte signature and the 25-byte IHDR chunk come first; a tEXt chunk may follow them.
  const text = pngChunk('tEXt', new TextEncoder().encode(`Comment\0copy ${crypto.randomUUID()}`));
  return new Uint8Array([...png.subarray(0, 33), ...text, ...png.subarray(33)]);
}

const verify = (bytes: Uint8Array, type: 'image/jpeg' | 'image/png' = 'image/jpeg') =>
  call<VerificationResult>('POST', '/verification/verify', {
    json: { fileData: toDataUrl(bytes, type) },
  });

const summaryOf = (body: VerificationResult) => JSON.stringify({ ...body, evidence: undefined });

/**
 * Turns every bit of the certificate's stored page hash, so the page-hash channel cannot name it: a
 * near-identical copy is otherwise found by its page hash before its number is read (verify.ts), and
 * these tests are about what the number finds.
 */
async function outOfPageHashReach(certificateId: string): Promise<void> {
  const rows = await db`
    update private.certificate_registrations set page_hash = ~page_hash
    where certificate_id = ${certificateId} and page_hash is not null`;
  assert.equal(rows.count, 1, 'the certificate has a registered page hash');
}

test('a verifiable copy with its QR code cut off is found through its certificate number', async () => {
  const admin = await demo('admin');
  const number = `CN-${digits()}`;
  const page = await drawnCertificate(`Ada ${letters()}`, number);
  const certificate = await register(page, {
    certificateName: 'Certificate of Completion',
    recipientName: 'Ada',
    certificateNumber: number,
  });
  await outOfPageHashReach(certificate.id);
  const response = await fetch(`${FUNCTION_URL}/certificates/${certificate.id}/verifiable-copy?format=png`, {
    headers: { authorization: `Bearer ${admin.token}`, apikey: ANON_KEY },
  });
  assert.equal(response.status, 200, await response.clone().text());
  const stamped = await rgbOf(new Uint8Array(await response.arrayBuffer()));
  const original = await rgbOf(page);
  assert.equal(stamped.width, original.width);
  // The strip with the QR code (below the page) cut away: the number printed on the page stays.
  const copy = await croppedJpeg(stamped, 0, original.height, 0);
  const result = await verify(copy);
  assert.equal(result.status, 200, JSON.stringify(result.body));
  const summary = summaryOf(result.body);
  assert.equal(result.body.matchChannel, 'certificate_number', summary);
  assert.equal(result.body.certificate?.id, certificate.id, summary);
  assert.equal(result.body.verdict, 'authentic', summary);
  assert.equal(result.body.verified, true, summary);
});

test('a certificate that never had a QR code is found through the number read at registration', async () => {
  const number = `RN-${digits()}`;
  const page = await drawnCertificate(`Lin ${letters()}`, number);
  // No certificateNumber field: only the number line the engine read on the page names it.
  const certificate = await register(page, { certificateName: 'Certificate of Completion' });
  await outOfPageHashReach(certificate.id);
  // The same pixels, so the verdict does not hang on OCR of a recompressed seal beside the number (a
  // JPEG of it was now and then unknown on that line, a trimmed PNG altered at the trimmed edge): the
  // test is about what finds the certificate.
  const result = await verify(renamedPng(page), 'image/png');
  assert.equal(result.status, 200, JSON.stringify(result.body));
  const summary = summaryOf(result.body);
  assert.equal(result.body.matchChannel, 'certificate_number', summary);
  assert.equal(result.body.certificate?.id, certificate.id, summary);
  assert.equal(result.body.verdict, 'authentic', summary);
});

test('a number outside the largest outline is read on the whole picture and names the certificate', async () => {
  const number = `ON-${digits()}`;
  const name = `Mia ${letters()}`;
  // Facts printed large: the picture is taken down to the engine's working size, half the page's.
  const page = await drawnCertificate(name, number, { factScale: 1.6 });
  const certificate = await register(page, {
    certificateName: 'Certificate of Completion',
    recipientName: 'Mia',
    certificateNumber: number,
  });
  await outOfPageHashReach(certificate.id);
  const copy = await pngOf(besideABlankSheet(await rgbOf(page)));
  const result = await verify(copy, 'image/png');
  assert.equal(result.status, 200, JSON.stringify(result.body));
  // The drawn name and number with the answer: the page can be drawn again to diagnose it.
  const summary = `${name}, ${number}: ${summaryOf(result.body)}`;
  assert.equal(result.body.matchChannel, 'certificate_number', summary);
  assert.equal(result.body.certificate?.id, certificate.id, summary);
  assert.equal(result.body.verdict, 'authentic', summary);
});

test("a certificate number typed on another page does not make it that certificate's copy", async () => {
  const number = `FN-${digits()}`;
  const genuine = await register(await drawnCertificate(`Noor ${letters()}`, number), {
    certificateName: 'Certificate of Completion',
    certificateNumber: number,
  });
  // Never registered: same template, another recipient, the genuine certificate's number.
  const forged = await drawnCertificate(`Omar ${letters()}`, number);
  const result = await verify(await croppedJpeg(await rgbOf(forged), 0, 1131, 0));
  assert.equal(result.status, 200, JSON.stringify(result.body));
  const summary = summaryOf(result.body);
  assert.notEqual(result.body.verdict, 'authentic', summary);
  assert.notEqual(result.body.verdict, 'identical', summary);
  assert.equal(result.body.verified, false, summary);
  // The number led to the genuine certificate, and the comparison found the name it does not print.
  if (result.body.verdict === 'altered') {
    assert.equal(result.body.certificate?.id, genuine.id, summary);
    assert.ok(
      result.body.differences.some((difference) => difference.field === 'recipient_name'),
      summary,
    );
  }
});

test('the backfill indexes the numbers of registrations saved before the channel, from their lines', async () => {
  const number = `BF-${digits()}`;
  const certificate = await register(await drawnCertificate(`Ines ${letters()}`, number), {
    certificateName: 'Certificate of Completion',
  });
  const keys = async () =>
    (
      await db<{ number_key: string }[]>`
        select number_key from private.certificate_numbers where certificate_id = ${certificate.id}`
    ).map((row) => row.number_key);
  const registered = await keys();
  assert.ok(registered.length > 0, 'registration keeps the number');
  // As a registration saved before migration 20261126030100 left it.
  await db`delete from private.certificate_numbers where certificate_id = ${certificate.id}`;
  await db`
    update private.certificate_registrations set numbers_indexed = false
    where certificate_id = ${certificate.id}`;
  assert.ok((await indexStoredNumbers(db, 1000)) >= 1);
  assert.deepEqual((await keys()).sort(), registered.sort());
  // Visited once: the next backfill call has nothing left of it to do.
  const [state] = await db<{ numbers_indexed: boolean }[]>`
    select numbers_indexed from private.certificate_registrations where certificate_id = ${certificate.id}`;
  assert.equal(state?.numbers_indexed, true);
  const [row] = await db<{ key: string }[]>`select private.certificate_number_key(${number}) as key`;
  assert.ok(registered.includes(row!.key), `${row!.key} in ${registered.join(', ')}`);
});
