/**
 * Verifiable copies (issue 9): GET /certificates/{id}/verifiable-copy for the holder and admins only,
 * the downloaded file verifies by its exact bytes, a phone photo of it is found by its QR code
 * (match channel certificate_code), and a code pasted onto another certificate's page proves nothing.
 */
import assert from 'node:assert/strict';
import type { Certificate, VerificationResult } from '../../_shared/api-contract.ts';
import { drawnCertificate, phonePhoto, pngOf, rgbOf } from '../../_shared/copies/testing.ts';
import { readQrCode } from '../../_shared/verification/code.ts';
import { OcrClient } from '../../_shared/verification/ocr-client.ts';
import { pageRaster } from '../../_shared/verification/page.ts';
import { detectFileType } from '../../_shared/processing/detect.ts';
import {
  ANON_KEY,
  API_URL,
  call,
  db,
  demo,
  FUNCTION_URL,
  freshUser,
  type Persona,
  SERVICE_ROLE_KEY,
  test,
  toDataUrl,
  uploadUnique,
} from './helpers.ts';

interface Issued {
  certificate: Certificate;
  page: Uint8Array;
}

/** Unique parts of a drawn certificate: digits for its number, capitals (no I or O) for a name. */
const digits = () => String(crypto.getRandomValues(new Uint32Array(1))[0]! % 100_000_000).padStart(8, '0');
const letters = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[byte % 24]).join(
    '',
  );

async function issue(recipientEmail: string, recipient: string, number: string): Promise<Issued> {
  const admin = await demo('admin');
  const page = await drawnCertificate(recipient, number);
  const response = await call<{ certificate: Certificate }>('POST', '/certificates/upload-base64', {
    token: admin.token,
    json: {
      mode: 'process',
      fileData: toDataUrl(page, 'image/png'),
      userId: admin.userId,
      certificateName: 'Certificate of Completion',
      recipientName: recipient,
      recipientEmail,
      certificateNumber: number,
      course: 'Applied Cryptography',
    },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return { certificate: response.body.certificate, page };
}

/** The raw download: status, headers and bytes (the api's JSON error as text when it fails). */
async function download(id: string, token: string | null, format?: 'pdf' | 'png') {
  const headers: Record<string, string> = { apikey: ANON_KEY };
  if (token) headers.authorization = `Bearer ${token}`;
  const query = format ? `?format=${format}` : '';
  const response = await fetch(`${FUNCTION_URL}/certificates/${id}/verifiable-copy${query}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const verify = (bytes: Uint8Array, mime: string) =>
  call<VerificationResult>('POST', '/verification/verify', {
    json: { fileData: toDataUrl(bytes, mime) },
  });

let signedIn: Promise<{ admin: Persona; holder: Persona; other: Persona }> | undefined;
const people = () =>
  (signedIn ??= (async () => ({
    admin: await demo('admin'),
    holder: await freshUser('copy-holder'),
    other: await freshUser('copy-other'),
  }))());

let issuedA: Promise<Issued> | undefined;
/** Certificate A, issued once to the holder. */
const certificateA = () =>
  (issuedA ??= (async () => issue((await people()).holder.email, `Grace ${letters()}`, `VC-${digits()}`))());

test('the holder and an admin download a verifiable copy; anyone else gets 404', async () => {
  const { admin, holder, other } = await people();
  const { certificate } = await certificateA();
  const pdf = await download(certificate.id, holder.token);
  assert.equal(pdf.status, 200, new TextDecoder().decode(pdf.bytes));
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  assert.match(
    pdf.headers.get('content-disposition') ?? '',
    /attachment; filename="certificate-VC-[0-9]{8}-verifiable\.pdf"/,
  );
  assert.equal(new TextDecoder().decode(pdf.bytes.subarray(0, 5)), '%PDF-');

  const png = await download(certificate.id, admin.token, 'png');
  assert.equal(png.status, 200);
  assert.equal(png.headers.get('content-type'), 'image/png');
  // The code links to the certificate's public page on the web app.
  const code = await readQrCode(
    await pageRaster(png.bytes, detectFileType(png.bytes)!, 1800, new OcrClient(API_URL, SERVICE_ROLE_KEY)),
  );
  assert.match(code ?? '', new RegExp(`^https?://[^/]+/c/${certificate.public_id}$`));

  // Same bytes every time: one registration per format.
  assert.deepEqual((await download(certificate.id, holder.token, 'png')).bytes, png.bytes);
  const rows = await db<{ format: string; file_size: string }[]>`
    select format, file_size from public.certificate_copies where certificate_id = ${certificate.id} order by format`;
  assert.deepEqual(
    rows.map((row) => [row.format, Number(row.file_size)]),
    [
      ['pdf', pdf.bytes.length],
      ['png', png.bytes.length],
    ],
  );

  assert.equal((await download(certificate.id, other.token)).status, 404);
  assert.equal((await download(certificate.id, null)).status, 401);
  assert.equal((await download(certificate.id, holder.token, 'gif' as 'png')).status, 400);
  assert.equal((await download(crypto.randomUUID(), admin.token)).status, 404);
});

test('an upload waiting for review has no verifiable copy (409)', async () => {
  const user = await freshUser('copy-pending');
  const pending = await uploadUnique(user);
  const response = await download(pending.id, user.token);
  assert.equal(response.status, 409, new TextDecoder().decode(response.bytes));
});

test('the downloaded copy itself verifies as identical, by its exact bytes', async () => {
  const { holder } = await people();
  const { certificate } = await certificateA();
  for (const format of ['png', 'pdf'] as const) {
    const copy = await download(certificate.id, holder.token, format);
    const result = await verify(copy.bytes, format === 'pdf' ? 'application/pdf' : 'image/png');
    assert.equal(result.status, 200, JSON.stringify(result.body));
    assert.equal(result.body.verdict, 'identical');
    assert.equal(result.body.matchChannel, 'exact_file');
    assert.equal(result.body.copyKind, 'digital_copy');
    assert.equal(result.body.verified, true);
    assert.equal(result.body.certificate?.id, certificate.id);
    assert.match(result.body.message, /verifiable copy/);
  }
});

test('a phone photo of the copy is found by its QR code and compared with the original', async () => {
  const { holder } = await people();
  const { certificate } = await certificateA();
  const copy = await download(certificate.id, holder.token, 'png');
  // 6 MP, the size a messaging app sends on: a 12 MP JPEG's decode alone takes much of the engine's
  // 2 s CPU budget on a busy test machine (the code is read from a 12 MP photo in copies.test.ts).
  const photo = await phonePhoto(await rgbOf(copy.bytes), 3, { width: 2800, height: 2100 });
  const result = await verify(photo, 'image/jpeg');
  assert.equal(result.status, 200, JSON.stringify(result.body));
  const summary = JSON.stringify({ ...result.body, evidence: undefined });
  assert.equal(result.body.matchChannel, 'certificate_code', summary);
  assert.equal(result.body.certificate?.id, certificate.id, summary);
  assert.equal(result.body.verdict, 'authentic', summary);
  assert.equal(result.body.copyKind, 'photo', summary);
  assert.equal(result.body.verified, true, summary);
  assert.equal(result.body.certificate?.recipientName, certificate.recipient_name, summary);
  assert.equal(result.body.certificate?.status, 'valid', summary);
});

test("a QR code of certificate A pasted under certificate B's page does not vouch for A", async () => {
  const { admin } = await people();
  const { certificate: a } = await certificateA();
  const b = await issue(`copy-b-${digits()}@example.com`, `Alan ${letters()}`, `VC-${digits()}`);
  // A's stamped copy with B's page over A's: same template, other recipient and number.
  const stampedA = await rgbOf((await download(a.id, admin.token, 'png')).bytes);
  const pageB = await rgbOf(b.page);
  assert.equal(pageB.width, stampedA.width);
  const forged = { ...stampedA, data: new Uint8Array(stampedA.data) };
  forged.data.set(pageB.data, 0);
  const result = await verify(await pngOf(forged), 'image/png');
  assert.equal(result.status, 200, JSON.stringify(result.body));
  const summary = JSON.stringify({ ...result.body, evidence: undefined });
  assert.ok(
    !(result.body.certificate?.id === a.id && ['authentic', 'identical'].includes(result.body.verdict)),
    `not answered authentic for A: ${summary}`,
  );
  assert.equal(result.body.verified && result.body.certificate?.id !== b.certificate.id, false, summary);
});
