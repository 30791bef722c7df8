import assert from 'node:assert/strict';
import {
  changedWords,
  fieldOfChange,
  fieldOfLine,
  isOrnament,
  isScribble,
  type IssuedValues,
  nameFields,
  readingKey,
  registeredField,
  registeredLines,
  withoutEdgeMarks,
  withoutScribbles,
  lineNumber,
} from './fields.ts';

/** A line as page OCR read it: its text, confidence and box. */
function pageLine(text: string, confidence: number, x: number, y: number, width: number, height: number) {
  return { box: { x, y, width, height }, text, confidence };
}

Deno.test('readingKey ignores case and spacing but keeps signs and decimal points', () => {
  assert.equal(readingKey('Grade:  A+'), readingKey('grade: a+'));
  assert.notEqual(readingKey('Grade: A+'), readingKey('Grade: A-'));
  assert.notEqual(readingKey('1.5'), readingKey('15'));
  // A long dash read as two.
  assert.equal(readingKey('Certificate No: ON—-11894526'), readingKey('Certificate No: ON—11894526'));
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

Deno.test(
  'the lines printing the name and number the issuer entered are named so, whatever their words',
  () => {
    // The e2e certificates "Jordan Valid ..." (CI of stop 26): the name reads as a validity's label, so
    // the words alone left the recipient's line unnamed and a copy with another name and number was
    // answered altered.
    const lines = [
      pageLine('Certificate of Completion', 0.96, 400, 120, 600, 50),
      pageLine('This is to certify that', 0.95, 560, 220, 280, 20),
      pageLine('Jordan Valid QCQQQC', 0.94, 351, 293, 690, 55),
      pageLine('End-to-End Testing Practice', 0.96, 431, 463, 540, 34),
      pageLine('Date of issue: 2026-11-21 Certificate No: E2E-4C077C', 0.95, 113, 651, 632, 98),
    ];
    const fields = (issued?: IssuedValues) => nameFields(lines, issued).map((line) => line.field);
    assert.equal(fields()[2], null);
    const issued = fields({ recipientName: 'Jordan Valid Qcqqqc', certificateNumber: 'E2E-4C077C' });
    assert.equal(issued[2], 'recipient_name');
    assert.equal(issued[4], 'certificate_number');
    // A misread letter or two is still the name; a line holding the name among other words is not its.
    assert.equal(
      fields({ recipientName: 'Jordan Vallid QCQQQC', certificateNumber: null })[2],
      'recipient_name',
    );
    const sentence = [pageLine('awarded to Jordan Valid QCQQQC for', 0.95, 351, 293, 690, 55)];
    assert.equal(
      nameFields(sentence, { recipientName: 'Jordan Valid QCQQQC', certificateNumber: null })[0]!.field,
      null,
    );
  },
);

Deno.test('the issued values name the closest line, the number only as a whole token of it', () => {
  const lines = [
    pageLine('This is to certify that', 0.95, 560, 220, 280, 20),
    pageLine('Grace', 0.9, 600, 290, 200, 50),
    pageLine('Grade', 0.97, 100, 600, 90, 18),
    pageLine('Date of issue 2024-12-01', 0.97, 100, 640, 300, 18),
    pageLine('UMN-2021-000376', 0.96, 100, 680, 200, 18),
    pageLine('Aga Dvorak', 0.93, 100, 720, 200, 18),
  ];
  const fields = (issued: Partial<IssuedValues>) =>
    nameFields(lines, { recipientName: null, certificateNumber: null, ...issued }).map((line) => line.field);
  // "Grade" is one edit from "Grace" and read more surely: the name's own line is the closer one.
  assert.equal(fields({ recipientName: 'Grace' })[1], 'recipient_name');
  assert.notEqual(fields({ recipientName: 'Grace' })[2], 'recipient_name');
  // A number printed without a label; a short or partial one never takes a date's line.
  assert.equal(fields({ certificateNumber: 'UMN-2021-000376' })[4], 'certificate_number');
  assert.equal(fields({ certificateNumber: '12' })[3], 'issue_date');
  assert.equal(fields({ certificateNumber: '2024' })[3], 'issue_date');
  // Accents OCR drops are no edits.
  assert.equal(fields({ recipientName: 'Ağa Dvořák' })[5], 'recipient_name');
});

Deno.test('the recipient is the line below a sentence that ends introducing it, never a date', () => {
  // Default seed o002 (diploma): "Conferred on 02/10/2021" labels the date of issue, and the line
  // after it was registered as the recipient; the script name under "hereby confers upon" was not.
  const named = nameFields([
    pageLine('Lakeside Medical College', 0.96, 314, 262, 362, 27),
    pageLine('hereby confers upon', 0.96, 400, 353, 189, 18),
    pageLine('Elena Fowath', 0.63, 335, 432, 330, 60),
    pageLine('the', 0.97, 481, 544, 28, 15),
    pageLine('Certificate of Achievement', 0.96, 254, 597, 483, 26),
    pageLine('Renewable Energy Systems', 0.96, 313, 710, 364, 23),
    pageLine('Grade: 96%', 0.97, 421, 783, 130, 16),
    pageLine('Conferred on 02/10/2021', 0.95, 383, 883, 222, 16),
    pageLine('Valid until 02/10/2025', 0.96, 408, 922, 173, 13),
    pageLine('Dr. Soren Lund', 0.92, 142, 1177, 113, 11),
  ]);
  assert.deepEqual(
    named.map((entry) => entry.field),
    ['issuer', null, 'recipient_name', null, 'title', null, 'grade', 'issue_date', 'expiry_date', null],
  );
  // A phrase mid-line introduces nothing below it; the line below the phrase is the recipient even
  // when OCR reads it later, and a validity or a date there is never one.
  const below = (label: string, value: string) =>
    nameFields([pageLine(value, 0.9, 100, 160, 300, 40), pageLine(label, 0.95, 100, 100, 200, 20)])[0]!.field;
  assert.equal(below('This is to certify that', 'Jane Doe'), 'recipient_name');
  assert.equal(below('is proudly presented to:', 'Jane Doe'), 'recipient_name');
  assert.equal(below('This certifies that Jane Doe', 'has completed'), null);
  assert.equal(below('awarded to', 'Valid until'), null);
  assert.equal(below('awarded to', 'Issued 25 May 2024'), 'issue_date');
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

Deno.test('a certificate number joined to its prefix by a long dash is the certificate number', () => {
  const line = (text: string) => ({ box: { x: 0, y: 0, width: 10, height: 10 }, text, confidence: 0.9 });
  // The template draws "DS—26378474"; OCR reads the long dash as any dash.
  for (const dash of ['\u2014', '\u2013', '\u2212']) {
    const named = nameFields([line('Certificate of Achievement'), line(`Certificate No: DS${dash}26378474`)]);
    assert.equal(named[0]!.field, 'title', dash);
    assert.equal(named[1]!.field, 'certificate_number', dash);
  }
  assert.equal(fieldOfLine('Certificate No: DS\u201426378474', null, null), 'certificate_number');
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

Deno.test('changedWords keeps the words both readings share at either end', () => {
  assert.deepEqual(changedWords('Ravi Ivanova TR-2020-000123', 'Ivanova Ravi TR-2020-000123'), {
    lead: [],
    original: ['Ravi', 'Ivanova'],
    copy: ['Ivanova', 'Ravi'],
    tail: ['TR-2020-000123'],
  });
  assert.deepEqual(changedWords('Name Omar Watanabe i"', 'name omar Wafanabe i"'), {
    lead: ['Name', 'Omar'],
    original: ['Watanabe'],
    copy: ['Wafanabe'],
    tail: ['i"'],
  });
  assert.equal(changedWords('Valid until 12/03/2025', 'valid  until 12/03/2025.'), null);
});

Deno.test('a line holding several fields names the field of the words that changed', () => {
  const labels = 'Student Record no.';
  // The recipient and the record number read as one line under their row of labels, registered as
  // the number: a changed name is the recipient, a changed number still the number.
  const changedOnNumberLine = (copy: string) =>
    fieldOfChange('certificate_number', 'Ravi Ivanova TR-2020-000123', copy, labels, null);
  assert.equal(changedOnNumberLine('Ivanova Ravi TR-2020-000123'), 'recipient_name');
  assert.equal(changedOnNumberLine('Chloé Moreau TR-2020-000123'), 'recipient_name');
  assert.equal(changedOnNumberLine('Ravi Ivanova TR-2020-000128'), 'certificate_number');
  // A line that is one field keeps it, though its changed date alone reads as a date of issue.
  assert.equal(
    fieldOfChange('expiry_date', 'Valid until 12/03/2025', 'Valid until 12/03/2026', null, null),
    'expiry_date',
  );
  // A line with no field of its own: the changed words with the label before them.
  assert.equal(
    fieldOfChange(null, 'Name Omar Watanabe i“', 'Name Omar Wafanabe i“', 'Certified Professional', null),
    'recipient_name',
  );
  // A signature's stroke read as letters beside an unchanged date: the date is intact.
  assert.equal(fieldOfChange('issue_date', '11.01.2019 ANIA', '11.01.2019', null, null), null);
  assert.equal(
    fieldOfChange('issue_date', 'Issued 25 May 2024', 'Issued 26 May 2024', null, null),
    'issue_date',
  );
  // A name's other words are still the name; a first name keeps the label row's context.
  assert.equal(
    fieldOfChange('recipient_name', 'JURGEN FERNANDEZ', 'JURGEN FERNANDFZ', 'is proudly presented to', null),
    'recipient_name',
  );
  assert.equal(
    fieldOfChange(
      'certificate_number',
      'Žofie Moreau NWA-2016-000968',
      'Žofie Morean NWA-2016-000968',
      labels,
      null,
    ),
    'recipient_name',
  );
  // Nothing changed, or changed words that name nothing on a line with no field: the line's own field.
  assert.equal(fieldOfChange('grade', 'Overall grade B+', 'Overall grade B+', null, null), 'grade');
  assert.equal(fieldOfChange(null, 'Module Credits Grade', 'Module Credlts Grade', null, null), null);
});

Deno.test('a line registered as the recipient whose own words are another field is that field', () => {
  const line = (text: string) => ({
    box: { x: 0, y: 0, width: 10, height: 10 },
    text,
    confidence: 0.96,
    field: 'recipient_name' as const,
  });
  assert.equal(registeredField(line('Valid until 02/10/2025')), 'expiry_date');
  assert.equal(registeredField(line('Elena Lindqvist')), 'recipient_name');
  assert.equal(registeredField({ ...line('Grade: 96%'), field: 'grade' }), 'grade');
});

Deno.test('a line whose own words name its field is not the course after a course label', () => {
  // Default seed o010 (badge): page OCR joined the "Course" label, its value and an icon's ink into
  // one line; the next line, "Result A+", was registered the course and a forged grade named so.
  const named = nameFields([
    pageLine('SEI Course Emergency First Aid wu', 0.69, 171, 305, 1137, 59),
    pageLine('Result A+', 0.95, 394, 391, 239, 31),
    pageLine('Issued 25 May 2024', 0.95, 394, 460, 330, 20),
  ]);
  assert.deepEqual(
    named.map((entry) => entry.field),
    [null, 'grade', 'issue_date'],
  );
});

Deno.test('a label beside its value on the same row names the value, though OCR reads labels first', () => {
  // Default seed o004 (badge): page OCR reads the labels as one column, then the values.
  const line = (text: string, x: number, y: number, width: number, height: number) =>
    pageLine(text, 0.96, x, y, width, height);
  const named = nameFields([
    line('Name', 394, 268, 42, 12),
    line('Course', 393, 338, 51, 12),
    line('Result', 394, 399, 44, 13),
    line('Issued', 394, 463, 45, 13),
    line('Valid until', 392, 525, 73, 13),
    line('José Silva', 601, 258, 135, 28),
    line('Advanced Data Engineering', 602, 334, 262, 20),
    line('2.0/4.0', 604, 396, 90, 19),
    line('20/06/2022', 603, 460, 106, 18),
    line('20/06/2025', 603, 523, 106, 17),
  ]);
  assert.deepEqual(
    named.map((entry) => entry.field),
    [null, null, null, null, null, 'recipient_name', 'course', 'grade', 'issue_date', 'expiry_date'],
  );
});

Deno.test('a line is numbered by its place on the page: top to bottom, then left to right', () => {
  const title = pageLine('Certificate of Completion', 0.95, 300, 100, 800, 60);
  const label = pageLine('Grade:', 0.95, 200, 500, 120, 30);
  const value = pageLine('A+', 0.95, 340, 500, 60, 30);
  const name = pageLine('Jane Doe', 0.95, 400, 300, 400, 50);
  // In OCR's reading order, not the page's.
  const lines = [value, title, label, name];
  assert.deepEqual(
    [title, name, label, value].map((line) => lineNumber(line, lines)),
    [1, 2, 3, 4],
  );
});

Deno.test(
  'an ornament border read as runs of one glyph is no registered line; every other line is kept',
  () => {
    // Default seed o002 (diploma) as page OCR reads it: the border's two rows and two columns come last.
    const text = [
      pageLine('Lakeside Medical College', 0.96, 314, 262, 362, 27),
      pageLine('hereby confers upon', 0.96, 400, 353, 189, 18),
      pageLine('Elena Fowath', 0.63, 335, 432, 330, 60),
      pageLine('the', 0.97, 481, 544, 28, 15),
      pageLine('Certificate of Achievement', 0.96, 254, 597, 483, 26),
      pageLine('Renewable Energy Systems', 0.96, 313, 710, 364, 23),
      pageLine('Grade: 96%', 0.97, 421, 783, 130, 16),
      pageLine('Conferred on 02/10/2021', 0.95, 383, 883, 222, 16),
      pageLine('Valid until 02/10/2025', 0.96, 408, 922, 173, 13),
      pageLine('a', 0.24, 101, 1147, 197, 10),
      pageLine('Dr. Soren Lund', 0.92, 142, 1177, 113, 11),
      pageLine('No. LMC-2021-000265', 0.92, 411, 1261, 168, 12),
      pageLine('Registrar', 0.95, 757, 1177, 71, 14),
    ];
    const border = [
      pageLine('WOPPPPPP PPP P0000 0000000000000 000000000000000000000000000000000090', 0, 22, 22, 13, 1356),
      pageLine('CPP P0000 0000000000000 000000000000000000000', 0, 43, 1366, 904, 12),
      pageLine('PPP 0000000000000 000000000000000000000000090', 0, 43, 22, 925, 13),
      pageLine('WO PPP P P0000 0000000000000 000000000000000000000000000000000000090', 0, 955, 43, 13, 1335),
    ];
    const kept = registeredLines([...text, ...border]);
    assert.deepEqual(
      kept.map((line) => line.text),
      text.map((line) => line.text),
    );
    assert.deepEqual(
      kept.map((line) => line.field),
      nameFields(text).map((line) => line.field),
    );
  },
);

Deno.test('a line read poorly is no ornament when it holds a number, a date or words', () => {
  const poorly = (text: string) => pageLine(text, 0.2, 100, 100, 300, 14);
  for (const text of [
    'No. 0000123',
    '0000000000001',
    '00.00.0000',
    'Valid until 00/00/0000',
    'ID 1000-0000-0000',
    'Anna Otto',
    'MNNANNA~',
    'LLL LL',
    '———_—',
    '',
  ])
    assert.equal(isOrnament(poorly(text)), false, text);
  // Read confidently, even a run of one glyph is text OCR stands by.
  assert.equal(
    isOrnament(pageLine('PPP 0000000000000 000000000000000000000000090', 0.9, 43, 22, 925, 13)),
    false,
  );
  assert.equal(isOrnament(poorly('PPP 0000000000000 000000000000000000000000090')), true);
});

Deno.test('a class of honour added under a grade is a grade, singular as the template prints it', () => {
  // Default seed f-line-added-photo-0000: "First Class Honour" added under "with the grade C+", read
  // with the grade's cut glyphs as "C+ ‘lass Honour".
  assert.equal(fieldOfLine('C+ ‘lass Honour', 'with the grade C+', null), 'grade');
});

Deno.test('a label beside a value its own words name as another field does not name it', () => {
  // Default seed o001 (modern): "ISSUED" sits on the row of "Valid until 17.05.2022" and its own
  // value is printed below it; the expiry line was registered as the date of issue.
  const named = nameFields([
    pageLine('CERTIFICATE NO.', 0.94, 161, 481, 98, 9),
    pageLine('AWU-2018-000118', 0.76, 125, 507, 170, 15),
    pageLine('ISSUED', 0.85, 189, 579, 42, 9),
    pageLine('17.05.2018', 0.96, 152, 605, 117, 15),
    pageLine('Final grade', 0.91, 492, 457, 82, 15),
    pageLine('Valid until 17.05.2022', 0.96, 491, 577, 159, 11),
  ]);
  assert.equal(named[3]!.field, 'issue_date');
  assert.equal(named[5]!.field, 'expiry_date');
  // A value beside its label is still named by the label.
  const badge = nameFields([
    pageLine('Issued', 0.9, 0, 0, 60, 12),
    pageLine('25 May 2024', 0.9, 100, 0, 120, 12),
  ]);
  assert.equal(badge[1]!.field, 'issue_date');
});

Deno.test('a connecting word under a sentence introducing the recipient is not the recipient', () => {
  // Default seed o008 (diploma): the script name went unread and "the" (of "the Certificate of
  // Completion") was registered as the recipient.
  const named = nameFields([
    pageLine('hereby confers upon', 0.93, 400, 353, 189, 18),
    pageLine('the', 0.97, 481, 545, 28, 14),
    pageLine('Certificate of Completion', 0.96, 266, 597, 458, 32),
  ]);
  assert.equal(named[1]!.field, null);
  assert.equal(
    nameFields([
      pageLine('is awarded to', 0.9, 0, 0, 100, 10),
      pageLine('Ana de la Cruz', 0.9, 0, 20, 100, 10),
    ])[1]!.field,
    'recipient_name',
  );
});

Deno.test(
  'the line under a title of completion is the course, unless a recipient sentence follows it',
  () => {
    assert.equal(
      fieldOfLine('Structural Engineering Basics', 'Certificate of Completion', 'Grade: C'),
      'course',
    );
    assert.equal(
      fieldOfLine('Jane Doe', 'Certificate of Completion', 'has successfully completed'),
      'recipient_name',
    );
    assert.equal(fieldOfLine('This is to certify that', 'Certificate of Completion', 'Jane Doe'), null);
    assert.equal(fieldOfLine('Jane Doe', 'Certificate of Excellence', null), null);
  },
);

Deno.test("a recipient's label and the name on one line, or heading a row of labels, name the name", () => {
  // Full corpus o088 (badge): page OCR read the label and the name as one line.
  const badge = nameFields([
    pageLine('Name Noémie Watanabe', 0.95, 394, 258, 466, 22),
    pageLine('Issued 14 December 2023', 0.96, 394, 460, 389, 16),
  ]);
  assert.deepEqual(
    badge.map((entry) => entry.field),
    ['recipient_name', 'issue_date'],
  );
  // Full corpus o093 (transcript): "Student" and "Record no." head a row of labels, their values
  // below them; the name read at 0.58.
  const transcript = nameFields([
    pageLine('Student', 0.96, 72, 294, 54, 11),
    pageLine('Inés Pena', 0.58, 73, 321, 121, 19),
    pageLine('Record no.', 0.97, 567, 294, 73, 11),
    pageLine('LMC-2023-009370', 0.86, 568, 325, 175, 15),
  ]);
  assert.deepEqual(
    transcript.map((entry) => entry.field),
    [null, 'recipient_name', null, 'certificate_number'],
  );
  // Under the label, a line that is no name (a date, a label), or one far below it, is not the recipient.
  const unnamed = nameFields([
    pageLine('Student', 0.96, 72, 294, 54, 11),
    pageLine('Issued 04.02.2023', 0.96, 73, 321, 160, 15),
  ]);
  assert.deepEqual(
    unnamed.map((entry) => entry.field),
    [null, 'issue_date'],
  );
  for (const under of ['Course', 'Record no.', 'Programme'])
    assert.equal(
      nameFields([pageLine('Name', 0.96, 72, 294, 54, 11), pageLine(under, 0.96, 72, 312, 60, 11)])[1]!.field,
      null,
      under,
    );
  const farBelow = nameFields([
    pageLine('Student', 0.96, 72, 294, 54, 11),
    pageLine('Jordan Ortiz', 0.96, 73, 400, 121, 19),
  ]);
  assert.equal(farBelow[1]!.field, null);
  // A label of something else that begins with a recipient's word is no recipient's line.
  for (const label of [
    'Student ID',
    'Name of course',
    "Recipient's signature",
    'Graduate School of Business',
    'Participant number',
    'Name and Surname',
  ])
    assert.notEqual(nameFields([pageLine(label, 0.96, 72, 294, 300, 15)])[0]!.field, 'recipient_name', label);
  // A header ending in a mark never takes the field from the name's own line.
  const header = nameFields([
    pageLine('Student Affairs |', 0.9, 72, 200, 300, 15),
    pageLine('Student Jane Doe', 0.9, 72, 294, 300, 15),
  ]);
  assert.deepEqual(
    header.map((entry) => entry.field),
    [null, 'recipient_name'],
  );
  // With its mark aside, a header's one word or a grade is no name: the name's own line is named.
  const marked = nameFields([
    pageLine('Student Affairs |', 0.9, 72, 200, 300, 15),
    pageLine('Graduate with Distinction |', 0.9, 72, 240, 300, 15),
    pageLine('Name Omar Watanabe i“', 0.9, 72, 294, 300, 15),
  ]);
  assert.deepEqual(
    marked.map((entry) => entry.field),
    [null, 'grade', 'recipient_name'],
  );
  // Full corpus o010 (badge photo): OCR read the logo's edge after the name; a number is no such mark.
  assert.equal(
    nameFields([pageLine('Name Omar Watanabe i“', 0.9, 72, 294, 300, 15)])[0]!.field,
    'recipient_name',
  );
  assert.equal(fieldOfLine('Name Omar Watanabe i“', null, null), 'recipient_name');
  for (const marked of ['Name Omar Watanabe 12', 'Name Omar Watanabe i“ of'])
    assert.notEqual(
      nameFields([pageLine(marked, 0.9, 72, 294, 300, 15)])[0]!.field,
      'recipient_name',
      marked,
    );
  // Names with a hyphen or an apostrophe, or a field's word ("Mark"), are names.
  for (const name of ['Name Lee Jae-in', "Name Siobhan O'Neill", 'Name Mark Ortiz'])
    assert.equal(nameFields([pageLine(name, 0.96, 72, 294, 300, 15)])[0]!.field, 'recipient_name', name);
  assert.equal(
    nameFields([
      pageLine('Student', 0.96, 72, 294, 54, 11),
      pageLine('Mark Ortiz', 0.96, 73, 312, 121, 19),
    ])[1]!.field,
    'recipient_name',
  );
  // A course label's line before a label-and-name line does not take the name as the course.
  const course = nameFields([
    pageLine('Course Data Analytics', 0.96, 394, 200, 300, 20),
    pageLine('Name Noémie Watanabe', 0.95, 394, 258, 466, 22),
  ]);
  assert.equal(course[1]!.field, 'recipient_name');
  // A sentence introducing the recipient names the name under it before a labelled line does.
  const sentence = nameFields([
    pageLine('This is to certify that', 0.96, 300, 200, 300, 20),
    pageLine('Ana Silva', 0.96, 330, 240, 200, 30),
    pageLine('Student Ana Silva', 0.96, 72, 900, 160, 15),
  ]);
  assert.deepEqual(
    sentence.map((entry) => entry.field),
    [null, 'recipient_name', null],
  );
});

Deno.test("an edge mark is a logo's stray glyphs, never a value's sign", () => {
  assert.equal(withoutEdgeMarks('Name Omar Watanabe i“'), 'Name Omar Watanabe');
  for (const kept of [
    'Linear Algebra 15 A+',
    'Linear Algebra 15 A–',
    'Result B-',
    'Name Luis Ortiz Jr.',
    'Henry II',
  ])
    assert.equal(withoutEdgeMarks(kept), kept, kept);
});
