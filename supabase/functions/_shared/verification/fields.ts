/**
 * Names the critical fields among a certificate's text lines, and normalises readings so two
 * reads of the same line compare equal while every meaningful sign still counts.
 */
import type { CertificateField } from '../api-contract.ts';
import type { TextLine } from '../ocr/protocol.ts';

export interface RegisteredLine extends TextLine {
  field: CertificateField | null;
}

/**
 * Case and spacing are not evidence; letters, digits and signs (+ - . , / #) are: `A+` vs `A-`,
 * `1.5` vs `15` stay different.
 */
export function readingKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[^\p{L}\p{N}+\-.,/#]+/gu, '')
    .replace(/[.,]+$/, '');
}

const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
const DATE = new RegExp(
  `(\\b\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b${MONTH}\\.?\\s+\\d{1,2},?\\s+\\d{4}|\\b\\d{1,2}\\s+${MONTH}\\.?\\s+\\d{4})`,
  'i',
);

const RULES: [CertificateField, (text: string) => boolean][] = [
  [
    'certificate_number',
    (text) =>
      /\b(no\.?|number|id|nr\.?|#)\s*[:.]?\s*[A-Z0-9-]*\d/i.test(text) &&
      (text.match(/\d/g) ?? []).length >= 2,
  ],
  ['expiry_date', (text) => /\b(expir|valid until|valid through)/i.test(text) && DATE.test(text)],
  ['issue_date', (text) => DATE.test(text)],
  ['grade', (text) => /\b(grade|gpa|score|result|mark|classification|honou?rs|distinction)\b/i.test(text)],
  ['issuer', (text) => /\b(issued by|university|academy|institute|college|school|board)\b/i.test(text)],
  ['title', (text) => /\b(certificate|diploma|degree|award|transcript|licen[cs]e)\b/i.test(text)],
];

const INTRODUCES_RECIPIENT =
  /\b(certif(y|ies) that|awarded to|presented to|granted to|this is to certify|conferred (up)?on)\b/i;
/** A label alone on its line ("CERTIFICATE NO.") whose value is printed on the next one. */
export const INTRODUCES_NUMBER = /\b(no\.?|number|nr\.?|id)\s*:?\s*$/i;
const INTRODUCES_COURSE = /\b(completed|completion of|course|programme|program|in recognition)\b/i;

/** Gives each line a field name when its words say which field it is (one line per field). */
export function nameFields(lines: TextLine[]): RegisteredLine[] {
  const named: RegisteredLine[] = lines.map((line) => ({ ...line, field: null }));
  const taken = new Set<CertificateField>();
  const assign = (index: number, field: CertificateField) => {
    const line = named[index];
    if (!line || line.field || taken.has(field) || line.confidence < 0.5) return;
    line.field = field;
    taken.add(field);
  };
  named.forEach((line, index) => {
    if (INTRODUCES_RECIPIENT.test(line.text)) assign(index + 1, 'recipient_name');
    if (INTRODUCES_NUMBER.test(line.text) && /\d/.test(named[index + 1]?.text ?? ''))
      assign(index + 1, 'certificate_number');
    if (INTRODUCES_COURSE.test(line.text) && !RULES.some(([, test]) => test(line.text)))
      assign(index + 1, 'course');
  });
  for (const [field, test] of RULES) {
    named.forEach((line, index) => {
      if (test(line.text)) assign(index, field);
    });
  }
  return named;
}

const LABELS: Record<CertificateField, string> = {
  title: 'Title',
  recipient_name: 'Recipient name',
  course: 'Course or award',
  grade: 'Grade',
  issue_date: 'Date of issue',
  expiry_date: 'Expiry date',
  certificate_number: 'Certificate number',
  issuer: 'Issuer',
  seal: 'Seal',
  signature: 'Signature',
  photo: 'Photo',
  logo: 'Logo',
};

export function fieldLabel(field: CertificateField): string {
  return LABELS[field];
}
