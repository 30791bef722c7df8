import assert from 'node:assert/strict';
import { isMeaningfulText, normaliseText } from './mod.ts';

Deno.test('normaliseText folds case, compatibility forms, whitespace and line breaks', () => {
  assert.equal(normaliseText('  Certificate\tof\r\n\nCOMPLETION  '), 'certificate of completion');
  assert.equal(normaliseText('ﬁnal ＡＢＣ １２３'), 'final abc 123');
  assert.equal(normaliseText('Jane\u00a0Doe\u200b'), 'jane doe');
  assert.equal(normaliseText('co\u00adoperation'), 'cooperation');
});

Deno.test('normaliseText folds glyph variants that mean the same', () => {
  assert.equal(normaliseText('2020\u20132021'), '2020-2021');
  assert.equal(normaliseText('\u22125'), '-5');
  assert.equal(normaliseText('O\u2019Neil'), "o'neil");
  assert.equal(normaliseText('\u201cHonours\u201d'), 'honours');
  assert.equal(normaliseText('\u00bd'), '1/2');
});

Deno.test('normaliseText drops OCR specks and hanging sentence punctuation', () => {
  assert.equal(normaliseText('Awarded to . Jane Doe , on | 5 May'), 'awarded to jane doe on 5 may');
  assert.equal(normaliseText('Jane Doe.'), normaliseText('Jane Doe'));
  assert.equal(normaliseText('Grade: A+'), normaliseText('Grade A+'));
  assert.equal(normaliseText("'Certificate' ~ ..."), 'certificate');
});

Deno.test('normaliseText keeps every difference that carries meaning', () => {
  const different: [string, string][] = [
    ['Jane Doe', 'Jane Dae'],
    ['Jane Doe', 'Jane Doe Smith'],
    ['2024-01-05', '2024-01-06'],
    ['2024-01-05', '2024/01/05'],
    ['1.5', '15'],
    ['1.5', '1 5'],
    ['1 . 5', '1 5'],
    ['1,500', '1500'],
    ['1 500', '1500'],
    ['A+', 'A'],
    ['A-', 'A'],
    ['A+', 'A-'],
    ['B', '8'],
    ['O', '0'],
    ['l', '1'],
    ['No. 0012', 'No. 012'],
    ['10²', '102'],
    ['H₂O', 'H2O'],
    ['Score 95%', 'Score 95'],
    ['.5', '5'],
    ['-5', '5'],
    ['#123', '123'],
    ['CERT-2024-001', 'CERT-2024-0O1'],
    ['Müller', 'Muller'],
  ];
  for (const [a, b] of different) assert.notEqual(normaliseText(a), normaliseText(b), `${a} vs ${b}`);
});

Deno.test('isMeaningfulText needs enough letters and digits to identify a certificate', () => {
  assert.equal(isMeaningfulText(normaliseText('. , |')), false);
  assert.equal(isMeaningfulText(normaliseText('Jane Doe')), false);
  assert.equal(isMeaningfulText(normaliseText('Certificate of Completion awarded to Jane Doe')), true);
});
