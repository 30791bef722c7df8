/**
 * Seeded random certificate fields and one-field forgeries of them. Edits prefer look-alike letters
 * and digits (e → c, 3 → 8): the forgeries a careless OCR or a coarse fingerprint would miss.
 */
import type { CertificateFields } from '../../scripts/certificates/draw.ts';
import type { ForgeryKind } from './manifest.ts';

export type Random = () => number;

// prettier-ignore
const FIRST_NAMES = [
  'Olivia', 'Marcus', 'Aisha', 'Kenji', 'Sofia', 'Liam', 'Chloé', 'José', 'Zoë', 'Björn',
  'Amara', 'Noah', 'Priya', 'Mateo', 'Elena', 'Tomás', 'Ingrid', 'Yusuf', 'Hannah', 'Ravi',
  'Léa', 'Oskar', 'Fatima', 'Daniel', 'Mei', 'Lucas', 'Nadia', 'Ethan', 'Grace', 'Omar',
];
// prettier-ignore
const LAST_NAMES = [
  'Bennett', 'Lindqvist', 'Rahman', 'Watanabe', 'Müller', 'García', "O'Connor", 'Novak', 'Kowalski',
  'Nguyen', 'Haddad', 'Fischer', 'Rossi', 'Okafor', 'Schmidt', 'Dubois', 'Jensen', 'Patel', 'Moreau',
  'Silva', 'Andersson', 'Kim', 'Costa', 'Horváth', 'Yilmaz', 'Ivanova', 'Brennan', 'Castillo',
];
// prettier-ignore
const COURSES = [
  'Advanced Data Engineering', 'Cloud Security Fundamentals', 'Introduction to Machine Learning',
  'Project Management Essentials', 'Applied Statistics', 'Financial Accounting II', 'Web Accessibility',
  'Clinical Research Methods', 'Supply Chain Analytics', 'Modern Japanese Literature',
  'Structural Engineering Basics', 'Digital Marketing Strategy', 'Organic Chemistry Laboratory',
  'Leadership and Communication', 'Network Administration', 'Renewable Energy Systems',
  'Business English C1', 'Occupational Health and Safety', 'Quantum Computing Primer',
  'Graphic Design with Typography', 'Emergency First Aid', 'Database Systems', 'Urban Planning',
];
const TITLES = [
  'Certificate of Completion',
  'Certificate of Achievement',
  'Certificate of Participation',
  'Certificate of Excellence',
];
const ISSUERS = [
  'Northwind Academy',
  'Contoso Institute of Technology',
  'Fabrikam School of Business',
  'Lakeside Medical College',
  'Tailspin Language Centre',
  'Adventure Works University',
];
const SIGNATORIES = ['Dr. Helen Park', 'Prof. Tomas Novak', 'Dr. Amelia Stone', 'Prof. Rafael Ortiz'];
const ACCENTS = ['#1d4e89', '#7a1f3d', '#2f6b3a', '#8a5a00', '#4b2a7a', '#0f5e63', '#9a3412', '#334155'];
const LETTER_GRADES = ['A', 'B', 'C'];
const GRADE_MODIFIERS = ['+', '', '-'];
const WORD_GRADES = ['Pass', 'Merit', 'Distinction', 'High Distinction'];
// prettier-ignore
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
const DATE_FORMATS = ['iso', 'day-month-year', 'month-day-year', 'dotted', 'slashed'] as const;
type DateFormat = (typeof DATE_FORMATS)[number];

/** Look-alikes first: an edit the eye (or a coarse check) could miss. */
const SIMILAR_DIGITS: Record<string, string> = {
  '0': '869',
  '1': '74',
  '2': '73',
  '3': '852',
  '4': '19',
  '5': '63',
  '6': '850',
  '7': '12',
  '8': '3609',
  '9': '804',
};
const SIMILAR_LETTERS: Record<string, string> = {
  a: 'oeu',
  b: 'hd',
  c: 'eo',
  d: 'ba',
  e: 'ca',
  h: 'nb',
  i: 'lj',
  k: 'h',
  l: 'it',
  m: 'n',
  n: 'mhu',
  o: 'ae',
  r: 'n',
  s: 'z',
  t: 'fl',
  u: 'nv',
  v: 'uy',
  y: 'v',
};

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function integer(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

interface CertificateDate {
  year: number;
  month: number;
  day: number;
  format: DateFormat;
}

function formatDate({ year, month, day, format }: CertificateDate): string {
  switch (format) {
    case 'iso':
      return `${year}-${pad(month)}-${pad(day)}`;
    case 'day-month-year':
      return `${day} ${MONTHS[month - 1]} ${year}`;
    case 'month-day-year':
      return `${MONTHS[month - 1]} ${day}, ${year}`;
    case 'dotted':
      return `${pad(day)}.${pad(month)}.${year}`;
    case 'slashed':
      return `${pad(day)}/${pad(month)}/${year}`;
  }
}

function randomGrade(random: Random): string {
  const style = random();
  if (style < 0.5) return `${pick(random, LETTER_GRADES)}${pick(random, GRADE_MODIFIERS)}`;
  if (style < 0.75) return `${integer(random, 61, 99)}%`;
  return pick(random, WORD_GRADES);
}

export interface GeneratedCertificate {
  fields: CertificateFields;
  date: CertificateDate;
  width: number;
}

export function randomCertificate(random: Random, index: number): GeneratedCertificate {
  const issuer = pick(random, ISSUERS);
  const initials = issuer
    .split(' ')
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word[0])
    .join('');
  const date: CertificateDate = {
    year: integer(random, 2015, 2025),
    month: integer(random, 1, 12),
    day: integer(random, 1, 28),
    format: pick(random, DATE_FORMATS),
  };
  // The index keeps every number unique (up to 1000 certificates), as an issuer's register would.
  const serial = `${pad(integer(random, 10, 99))}${pad(index % 1000, 3)}`;
  return {
    fields: {
      title: pick(random, TITLES),
      recipient: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
      course: pick(random, COURSES),
      grade: randomGrade(random),
      date: formatDate(date),
      number: `${initials}-${date.year}-${serial}`,
      issuer,
      signatory: pick(random, SIGNATORIES),
      accent: pick(random, ACCENTS),
    },
    date,
    width: integer(random, 1400, 2400),
  };
}

function replaceAt(text: string, index: number, replacement: string): string {
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

function otherDigit(random: Random, digit: string, allowed: (candidate: string) => boolean): string | null {
  const similar = [...(SIMILAR_DIGITS[digit] ?? '')].filter(allowed);
  if (similar.length > 0) return pick(random, similar);
  const any = [...'0123456789'].filter((candidate) => candidate !== digit && allowed(candidate));
  return any.length > 0 ? pick(random, any) : null;
}

function editNameLetter(random: Random, name: string): string {
  const positions = [...name].flatMap((char, index) => (/[a-z]/.test(char) ? [index] : []));
  const index = pick(random, positions);
  const letter = name[index] ?? 'a';
  const similar = SIMILAR_LETTERS[letter];
  const replacement = similar
    ? pick(random, [...similar])
    : pick(
        random,
        [...'abcdefghijklmnopqrstuvwxyz'].filter((candidate) => candidate !== letter),
      );
  return replaceAt(name, index, replacement);
}

/** A one-digit change of the day's units or the year's units that still gives a real date. */
function editDateDigit(random: Random, date: CertificateDate): string {
  const editDay = random() < 0.6;
  if (editDay) {
    const tens = Math.floor(date.day / 10);
    const units = String(date.day % 10);
    const replacement = otherDigit(random, units, (candidate) => {
      const day = tens * 10 + Number(candidate);
      return day >= 1 && day <= 28;
    });
    if (replacement) return formatDate({ ...date, day: tens * 10 + Number(replacement) });
  }
  const units = String(date.year % 10);
  const replacement = otherDigit(random, units, () => true) ?? '0';
  return formatDate({ ...date, year: date.year - (date.year % 10) + Number(replacement) });
}

function editGrade(random: Random, grade: string): string {
  const letter = /^([ABC])([+-]?)$/.exec(grade);
  if (letter) {
    const [, base = 'A', modifier = ''] = letter;
    const sameLetter = GRADE_MODIFIERS.filter((candidate) => candidate !== modifier).map((m) => base + m);
    const position = LETTER_GRADES.indexOf(base);
    const otherLetters = LETTER_GRADES.filter((_, index) => Math.abs(index - position) === 1).map(
      (neighbour) => neighbour + modifier,
    );
    return pick(random, [...sameLetter, ...otherLetters]);
  }
  const percent = /^(\d)(\d)%$/.exec(grade);
  if (percent) {
    const [, tens = '9', units = '0'] = percent;
    return `${tens}${otherDigit(random, units, () => true) ?? '0'}%`;
  }
  const position = WORD_GRADES.indexOf(grade);
  return pick(
    random,
    WORD_GRADES.filter((_, index) => Math.abs(index - position) === 1),
  );
}

function editNumberDigit(random: Random, number: string): string {
  // Only the serial: the year part of the number is the date's, and changing it is the date edit.
  const serialStart = number.lastIndexOf('-') + 1;
  const index = integer(random, serialStart, number.length - 1);
  const digit = number[index] ?? '0';
  return replaceAt(number, index, otherDigit(random, digit, () => true) ?? '0');
}

export interface Forgery {
  field: keyof CertificateFields;
  fields: CertificateFields;
}

export function forge(random: Random, certificate: GeneratedCertificate, kind: ForgeryKind): Forgery {
  const { fields } = certificate;
  switch (kind) {
    case 'name-letter':
      return {
        field: 'recipient',
        fields: { ...fields, recipient: editNameLetter(random, fields.recipient) },
      };
    case 'date-digit':
      return { field: 'date', fields: { ...fields, date: editDateDigit(random, certificate.date) } };
    case 'grade':
      return { field: 'grade', fields: { ...fields, grade: editGrade(random, fields.grade) } };
    case 'number-digit':
      return { field: 'number', fields: { ...fields, number: editNumberDigit(random, fields.number) } };
  }
}

/** Number of positions at which two equally long strings differ (Infinity when lengths differ). */
export function changedCharacters(a: string, b: string): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let count = 0;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) count++;
  return count;
}
