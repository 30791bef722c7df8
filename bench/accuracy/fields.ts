/**
 * What a generated certificate says: seeded recipients (many with diacritics), courses, grades,
 * dates, numbers and issuers, plus the one-character edits a forger makes (look-alike letters and
 * digits first: 0/8, 1/7, 5/6, e/c; and the sign of a grade, A+ to A-).
 */
import type { CertificateField } from '../../supabase/functions/_shared/api-contract.ts';
import { integer, pick, type Random } from './random.ts';

// prettier-ignore
const GIVEN = [
  'Zoë', 'Chloé', 'José', 'Björn', 'Léa', 'Tomás', 'Inés', 'Søren', 'Renée', 'Jürgen', 'François',
  'Amélie', 'Ağa', 'Joaquín', 'Noémie', 'Olivia', 'Marcus', 'Aisha', 'Kenji', 'Priya', 'Mateo', 'Elena',
  'Hannah', 'Ravi', 'Oskar', 'Fatima', 'Daniel', 'Grace', 'Omar', 'Ingrid', 'Lucía', 'Žofie', 'Mónica',
];
// prettier-ignore
const FAMILY = [
  'García', 'Müller', 'Horváth', 'Novák', 'Dvořák', 'Lindqvist', "O'Connor", 'Kowalski', 'Nguyễn',
  'Schröder', 'Çelik', 'Fernández', 'Jørgensen', 'Åkesson', 'Bennett', 'Rahman', 'Watanabe', 'Okafor',
  'Dubois', 'Moreau', 'Silva', 'Castillo', 'Ivanova', 'Brennan', 'Peña', 'Đorđević', 'Łukasiewicz',
];
// prettier-ignore
const COURSES = [
  'Advanced Data Engineering', 'Cloud Security Fundamentals', 'Introduction to Machine Learning',
  'Project Management Essentials', 'Applied Statistics', 'Financial Accounting II', 'Web Accessibility',
  'Clinical Research Methods', 'Supply Chain Analytics', 'Structural Engineering Basics',
  'Digital Marketing Strategy', 'Organic Chemistry Laboratory', 'Leadership and Communication',
  'Network Administration', 'Renewable Energy Systems', 'Business English C1', 'Emergency First Aid',
  'Occupational Health and Safety', 'Database Systems', 'Urban Planning and Design',
];
// prettier-ignore
const MODULES = [
  'Linear Algebra', 'Discrete Mathematics', 'Operating Systems', 'Compilers', 'Microeconomics',
  'Thermodynamics', 'Ethics in Computing', 'Human Anatomy', 'Corporate Law', 'Signal Processing',
  'Software Testing', 'Probability Theory', 'Academic Writing', 'Data Visualisation', 'Cryptography',
];
const TITLES = [
  'Certificate of Completion',
  'Certificate of Achievement',
  'Certificate of Excellence',
  'Diploma',
  'Professional Certificate',
];
// prettier-ignore
const ISSUERS = [
  { name: 'Northwind Academy', code: 'NWA' },
  { name: 'Contoso Institute of Technology', code: 'CIT' },
  { name: 'Fabrikam School of Business', code: 'FSB' },
  { name: 'Lakeside Medical College', code: 'LMC' },
  { name: 'Université de Montréal-Nord', code: 'UMN' },
  { name: 'Adventure Works University', code: 'AWU' },
  { name: 'Tailspin Language Centre', code: 'TLC' },
];
const SIGNATORIES = [
  'Dr. Helen Park',
  'Prof. Tomás Novák',
  'Dr. Amelia Stone',
  'Prof. Rafael Ortiz',
  'Dr. Søren Lund',
];
const ACCENTS = ['#1d4e89', '#7a1f3d', '#2f6b3a', '#8a5a00', '#4b2a7a', '#0f5e63', '#9a3412', '#334155'];
// prettier-ignore
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
export const DATE_FORMATS = ['iso', 'day-month-year', 'month-day-year', 'dotted', 'slashed'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export interface CertificateDate {
  year: number;
  month: number;
  day: number;
}

export interface TranscriptRow {
  module: string;
  credits: number;
  grade: string;
}

/** Everything a template prints. Field names match the API contract where a field is critical. */
export interface Certificate {
  title: string;
  recipient: string;
  course: string;
  grade: string;
  issueDate: CertificateDate;
  expiryDate: CertificateDate;
  dateFormat: DateFormat;
  number: string;
  issuer: string;
  signatory: string;
  accent: string;
  /** Seeds of the drawn marks: a different seed is a different seal, signature or photo. */
  sealSeed: number;
  signatureSeed: number;
  photoSeed: number;
  /** Transcript rows (the transcript template prints them; others ignore them). */
  rows: TranscriptRow[];
  /** An extra line under the grade ("with First Class Honours"); null when none. */
  honours: string | null;
  /** Whether the "Valid until" line is printed. */
  showExpiry: boolean;
}

/** The certificate's text fields, by the contract's field names, as printed. */
export function printedField(certificate: Certificate, field: CertificateField): string {
  switch (field) {
    case 'title':
      return certificate.title;
    case 'recipient_name':
      return certificate.recipient;
    case 'course':
      return certificate.course;
    case 'grade':
      return certificate.grade;
    case 'issue_date':
      return formatDate(certificate.issueDate, certificate.dateFormat);
    case 'expiry_date':
      return certificate.showExpiry ? formatDate(certificate.expiryDate, certificate.dateFormat) : '';
    case 'certificate_number':
      return certificate.number;
    case 'issuer':
      return certificate.issuer;
    default:
      return '';
  }
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function formatDate({ year, month, day }: CertificateDate, format: DateFormat): string {
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

/** Letter grades with and without a sign, percentages and grade points, by the certificate's index. */
function randomGrade(random: Random, index: number): string {
  switch (index % 5) {
    case 0:
    case 1:
      return `${pick(random, ['A', 'B', 'C'])}${pick(random, ['+', '-'])}`;
    case 2:
      return `${integer(random, 60, 98)}%`;
    case 3:
      return pick(random, ['A', 'B', 'C']);
    default:
      return `${integer(random, 2, 3)}.${integer(random, 0, 9)} / 4.0`;
  }
}

export function randomRecipient(random: Random): string {
  return `${pick(random, GIVEN)} ${pick(random, FAMILY)}`;
}

/**
 * A certificate for the index'th original. The index keeps numbers unique, as an issuer's register
 * would; the digits favour look-alikes (0, 1, 5, 6, 7, 8) so that one-digit forgeries can use them.
 */
export function randomCertificate(random: Random, index: number): Certificate {
  const issuer = pick(random, ISSUERS);
  const issueDate = {
    year: integer(random, 2016, 2025),
    month: integer(random, 1, 12),
    day: integer(random, 1, 28),
  };
  const digits = () => pick(random, [...'01567880156789']);
  const serial = `${pad(index % 10000, 4)}${digits()}${digits()}`;
  const rows = Array.from({ length: integer(random, 5, 7) }, (_, row) => ({
    module: MODULES[(index * 3 + row * 5) % MODULES.length] ?? 'Module',
    credits: pick(random, [5, 7.5, 10, 15]),
    grade: `${pick(random, ['A', 'B', 'C'])}${pick(random, ['+', '', '-'])}`,
  }));
  return {
    title: pick(random, TITLES),
    recipient: randomRecipient(random),
    course: pick(random, COURSES),
    grade: randomGrade(random, index),
    issueDate,
    expiryDate: { ...issueDate, year: issueDate.year + integer(random, 2, 5) },
    dateFormat: pick(random, DATE_FORMATS),
    number: `${issuer.code}-${issueDate.year}-${serial}`,
    issuer: issuer.name,
    signatory: pick(random, SIGNATORIES),
    accent: pick(random, ACCENTS),
    sealSeed: integer(random, 1, 2 ** 30),
    signatureSeed: integer(random, 1, 2 ** 30),
    photoSeed: integer(random, 1, 2 ** 30),
    rows,
    honours: null,
    showExpiry: true,
  };
}

// ---------------------------------------------------------------------------------------------
// One-character edits
// ---------------------------------------------------------------------------------------------

/** Look-alikes first: the pairs the issue names (0/8, 1/7, 5/6), then other near shapes. */
const SIMILAR_DIGITS: Record<string, string> = {
  '0': '869',
  '1': '74',
  '2': '73',
  '3': '852',
  '4': '19',
  '5': '63',
  '6': '508',
  '7': '12',
  '8': '0369',
  '9': '804',
};
const SIMILAR_LETTERS: Record<string, string> = {
  a: 'oeu',
  b: 'hd',
  c: 'eo',
  d: 'b',
  e: 'ca',
  h: 'nb',
  i: 'lj',
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
  é: 'eè',
  ë: 'eé',
  ö: 'oó',
  ü: 'uú',
  á: 'aà',
};

function replaceAt(text: string, index: number, replacement: string): string {
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

export function otherDigit(
  random: Random,
  digit: string,
  allowed: (candidate: string) => boolean = () => true,
) {
  const similar = [...(SIMILAR_DIGITS[digit] ?? '')].filter(allowed);
  // The first look-alike is the classic one (0/8, 1/7, 5/6): take it half of the time.
  if (similar.length > 0) return random() < 0.5 ? (similar[0] ?? digit) : pick(random, similar);
  const any = [...'0123456789'].filter((candidate) => candidate !== digit && allowed(candidate));
  return any.length > 0 ? pick(random, any) : null;
}

/** One letter of the name replaced by a look-alike (accents count: Zoë to Zoe). */
export function editNameLetter(random: Random, name: string): string {
  const positions = [...name].flatMap((char, index) => (SIMILAR_LETTERS[char] ? [index] : []));
  const index = pick(random, positions);
  return replaceAt(name, index, pick(random, [...(SIMILAR_LETTERS[name[index] ?? 'a'] ?? 'a')]));
}

/** One digit of the day or the year changed, still a real date. */
export function editDateDigit(random: Random, date: CertificateDate): CertificateDate {
  if (random() < 0.6) {
    const tens = Math.floor(date.day / 10);
    const replacement = otherDigit(random, String(date.day % 10), (candidate) => {
      const day = tens * 10 + Number(candidate);
      return day >= 1 && day <= 28;
    });
    if (replacement) return { ...date, day: tens * 10 + Number(replacement) };
  }
  const replacement = otherDigit(random, String(date.year % 10)) ?? '0';
  return { ...date, year: date.year - (date.year % 10) + Number(replacement) };
}

/** One character of the grade: a letter for a neighbour (B+ to A+), a digit for a look-alike. */
export function editGradeCharacter(random: Random, grade: string): string {
  const letter = /^[ABC]/.exec(grade);
  if (letter) {
    const next = { A: 'B', B: pick(random, ['A', 'C']), C: 'B' }[letter[0] as 'A' | 'B' | 'C'];
    return next + grade.slice(1);
  }
  const positions = [...grade].flatMap((char, index) =>
    /\d/.test(char) && !grade.startsWith('/ 4.0', index - 2) ? [index] : [],
  );
  // Grade points "3.7 / 4.0": only the achieved part, not the scale.
  const achieved = positions.filter(
    (index) => index < (grade.indexOf('/') === -1 ? grade.length : grade.indexOf('/')),
  );
  const index = pick(random, achieved.length > 0 ? achieved : positions);
  return replaceAt(grade, index, otherDigit(random, grade[index] ?? '0') ?? '0');
}

/** The sign only: A+ to A-, B- to B+. Null when the grade has no sign. */
export function flipGradeSign(grade: string): string | null {
  if (grade.endsWith('+')) return `${grade.slice(0, -1)}-`;
  if (grade.endsWith('-')) return `${grade.slice(0, -1)}+`;
  return null;
}

/** One digit of the serial (the year part belongs to the date). */
export function editNumberDigit(random: Random, number: string): string {
  const serialStart = number.lastIndexOf('-') + 1;
  const index = integer(random, serialStart, number.length - 1);
  return replaceAt(number, index, otherDigit(random, number[index] ?? '0') ?? '0');
}

/** Given and family name swapped: "Zoë García" to "García Zoë". */
export function swapNames(name: string): string {
  const parts = name.split(' ');
  return [...parts.slice(1), parts[0]].join(' ');
}

export const HONOURS = ['with First Class Honours', 'with Distinction', 'with Honours', 'Summa cum laude'];
