import assert from 'node:assert/strict';
import { nameFields, readingKey } from './fields.ts';

Deno.test('readingKey ignores case and spacing but keeps signs and decimal points', () => {
  assert.equal(readingKey('Grade:  A+'), readingKey('grade: a+'));
  assert.notEqual(readingKey('Grade: A+'), readingKey('Grade: A-'));
  assert.notEqual(readingKey('1.5'), readingKey('15'));
  assert.equal(readingKey('Jane Doe.'), readingKey('Jane Doe'));
});

Deno.test('nameFields finds the recipient after "certify that" and the printed fields by their words', () => {
  const line = (text: string) => ({ box: { x: 0, y: 0, width: 10, height: 10 }, text, confidence: 0.95 });
  const named = nameFields([
    line('Certificate of Completion'),
    line('This is to certify that'),
    line('Jane Doe'),
    line('has successfully completed the course'),
    line('Advanced Data Science'),
    line('Grade: A+'),
    line('Date of issue: March 5, 2025'),
    line('Certificate No: CERT-2025-00417'),
    line('Issued by Northwind Academy'),
  ]);
  assert.deepEqual(
    named.map((entry) => entry.field),
    ['title', null, 'recipient_name', null, 'course', 'grade', 'issue_date', 'certificate_number', 'issuer'],
  );
});

Deno.test('a number printed under its label ("CERTIFICATE NO.") is the certificate number', () => {
  const line = (text: string) => ({ box: { x: 0, y: 0, width: 10, height: 10 }, text, confidence: 0.76 });
  const named = nameFields([
    line('CERTIFICATE NO.'),
    line('AWU-2018-000118'),
    line('ISSUED'),
    line('17.05.2018'),
  ]);
  assert.equal(named[1]!.field, 'certificate_number');
  assert.equal(named[3]!.field, 'issue_date');
});
