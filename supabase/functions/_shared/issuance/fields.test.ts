import assert from 'node:assert/strict';
import { parseCertificateFields, parseDate } from './fields.ts';

Deno.test('the seeded certificate layout gives every field', () => {
  const text = [
    'Certificate of Completion',
    'This is to certify that',
    'Olivia Bennett',
    'has successfully completed the course',
    'Advanced Data Engineering',
    'Grade: A+',
    'Date of issue: 2024-03-15',
    'Certificate No: NWA-2024-00123',
    'Issued by Northwind Academy',
    'Dr. Helen Park',
  ].join('\n');
  assert.deepEqual(parseCertificateFields(text), {
    certificateName: 'Certificate of Completion',
    recipientName: 'Olivia Bennett',
    course: 'Advanced Data Engineering',
    grade: 'A+',
    issueDate: '2024-03-15',
    expiryDate: null,
    certificateNumber: 'NWA-2024-00123',
    issuer: 'Northwind Academy',
  });
});

Deno.test('labels on one line, written dates and an expiry date', () => {
  const fields = parseCertificateFields(
    'DIPLOMA\nAwarded to: Jan Kowalski\nCourse: First Aid\nIssued on March 3, 2025\nValid until 3 March 2027\nCertificate number: FA/2025/77',
  );
  assert.equal(fields.certificateName, 'DIPLOMA');
  assert.equal(fields.recipientName, 'Jan Kowalski');
  assert.equal(fields.course, 'First Aid');
  assert.equal(fields.issueDate, '2025-03-03');
  assert.equal(fields.expiryDate, '2027-03-03');
  assert.equal(fields.certificateNumber, 'FA/2025/77');
  assert.equal(fields.issuer, null);
});

Deno.test('no text gives no fields; impossible dates are refused', () => {
  assert.deepEqual(Object.values(parseCertificateFields('')), Array(8).fill(null));
  assert.equal(parseDate('2024-02-30'), null);
  assert.equal(parseDate('31.12.2024'), '2024-12-31');
  assert.equal(parseDate('no date here'), null);
});
