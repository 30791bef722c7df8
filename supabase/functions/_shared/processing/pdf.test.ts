import assert from 'node:assert/strict';
import { normaliseText, processCertificateFile, sha256Hex } from './mod.ts';

/** A minimal one-page PDF with a text layer, built by hand so the test needs no fixtures. */
function textPdf(lines: string[]): Uint8Array {
  const content = lines
    .map((line, index) => `BT /F1 24 Tf 72 ${700 - index * 40} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

Deno.test('processCertificateFile reads a PDF text layer and hashes its normalised text', async () => {
  const lines = ['Certificate of Completion', 'Awarded to Jane Doe', 'Issued 2024-01-05'];
  const bytes = textPdf(lines);
  const result = await processCertificateFile(bytes);
  assert.equal(result.detected.mimeType, 'application/pdf');
  assert.equal(result.textSource, 'pdf-text');
  assert.equal(result.size, bytes.length);
  assert.equal(result.fileHash, await sha256Hex(bytes));
  assert.match(result.text, /Awarded to Jane Doe/);
  assert.equal(result.contentHash, await sha256Hex(normaliseText(lines.join('\n'))));
  assert.equal(result.fingerprint, null);

  const edited = await processCertificateFile(textPdf([lines[0]!, 'Awarded to Jane Dae', lines[2]!]));
  assert.notEqual(edited.contentHash, result.contentHash);
});

Deno.test('processCertificateFile gives no content hash for a PDF without text or images', async () => {
  const result = await processCertificateFile(textPdf([]));
  assert.equal(result.textSource, 'none');
  assert.equal(result.text, '');
  assert.equal(result.contentHash, null);
});
