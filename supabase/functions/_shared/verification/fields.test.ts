import assert from 'node:assert/strict';
import { fieldOfLine, isScribble, nameFields, readingKey, withoutScribbles } from './fields.ts';

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

Deno.test('every row of a transcript whose value is a grade is named a grade, whatever its label', () => {
  const rows = ['Academic Writing 5 A-', 'Signal Processing 15 c+', 'Cryptography 15 B', 'Thesis 30 Pass'];
  rows.forEach((row, index) =>
    assert.equal(fieldOfLine(row, rows[index - 1] ?? null, rows[index + 1] ?? null), 'grade', row),
  );
  assert.equal(fieldOfLine('2.0/4.0', null, null), 'grade');
  assert.equal(fieldOfLine('87%', null, null), 'grade');
  // A date or a course title is not a grade by its shape.
  assert.equal(fieldOfLine('24.09.2016', null, null), 'issue_date');
  assert.equal(fieldOfLine('Data Structures', null, null), null);
});

Deno.test('a label and its value on one line, or the label alone on the line before, name the value', () => {
  assert.equal(fieldOfLine('Name Omar Watanabe', null, null), 'recipient_name');
  assert.equal(fieldOfLine('José Silva', 'Student', null), 'recipient_name');
  assert.equal(fieldOfLine('José Silva', 'Student   Record no.', null), 'recipient_name');
  assert.equal(fieldOfLine('C+', 'Final grade', null), 'grade');
  assert.equal(fieldOfLine('17 May 2018', 'Date of issue', null), 'issue_date');
  // The recipient between the sentence that introduces it and the one that follows it.
  assert.equal(fieldOfLine('Elena Fowath', 'is proudly presented to', null), 'recipient_name');
  assert.equal(fieldOfLine('Elena Fowath', 'hereby confers upon', 'the'), 'recipient_name');
  assert.equal(fieldOfLine('Elena Fowath', null, 'has successfully completed the course'), 'recipient_name');
  assert.equal(fieldOfLine('Advanced Data Science', 'for completing', null), 'course');
});

Deno.test('an added line read as "with Distinction" or "with First Class Honours" is a grade', () => {
  assert.equal(fieldOfLine('with Distinction', 'Grade: A', null), 'grade');
  assert.equal(fieldOfLine('with First Class Honours', null, null), 'grade');
});

Deno.test('a pen stroke read into a line is told from the words and names around it', () => {
  assert.ok(isScribble('IaVAVAVAAN'));
  assert.ok(isScribble('~NAMNN'));
  for (const word of ['William', 'Vanna', 'MANIA', 'AVERSA', 'Minimal']) assert.ok(!isScribble(word), word);
  assert.equal(withoutScribbles('Date of issue IaVAVAVAAN'), 'Date of issue');
  assert.equal(fieldOfLine('24.09.2016 ~NAMNN', null, null), 'issue_date');
});
