/**
 * Reads a certificate's printed fields from its text (PDF text layer or OCR) for the issue form to
 * pre-fill. Heuristics on labelled lines ("Grade: A", "Certificate No: X", "Issued by Y") and the
 * usual certificate phrasing ("This is to certify that" / name); the admin checks and corrects every
 * field before issuing, so a miss costs a keystroke, never a wrong record.
 */
import type { ExtractCertificateResponse } from '../api-contract.ts';

export type ExtractedFields = ExtractCertificateResponse['fields'];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function monthOf(word: string): number | null {
  const index = MONTHS.findIndex((name) => name.startsWith(word.toLowerCase().slice(0, 3)));
  return word.length >= 3 && index >= 0 ? index + 1 : null;
}

/**
 * A date in one of the forms certificates print: 2024-03-15, 15.03.2024 / 15/03/2024 (day first),
 * March 15, 2024, 15 March 2024. Null when none is found or it is not a real day.
 */
export function parseDate(text: string): string | null {
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  if (m && monthOf(m[1]!)) return isoDate(Number(m[3]), monthOf(m[1]!)!, Number(m[2]));
  m = /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(text);
  if (m && monthOf(m[2]!)) return isoDate(Number(m[3]), monthOf(m[2]!)!, Number(m[1]));
  return null;
}

function clean(value: string | undefined, max: number): string | null {
  const text = value
    ?.replace(/\s+/g, ' ')
    .replace(/^[\s:.,;-]+|[\s,;]+$/g, '')
    .trim();
  return text ? text.slice(0, max) : null;
}

/** The value after a label on the same line, or on the next non-empty line when the label stands alone. */
function labelled(lines: string[], label: RegExp, max: number): string | null {
  for (let i = 0; i < lines.length; i++) {
    const match = label.exec(lines[i]!);
    if (!match) continue;
    const rest = clean(lines[i]!.slice(match.index + match[0].length), max);
    if (rest) return rest;
    const next = lines.slice(i + 1).find((line) => line.trim());
    if (next) return clean(next, max);
  }
  return null;
}

/** Reads the fields a certificate usually prints; every field may be null. */
export function parseCertificateFields(text: string): ExtractedFields {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

  const titleLine = lines.find(
    (line) => /\b(certificate|diploma|award|certification)\b/i.test(line) && !/\bno\b|number|#/i.test(line),
  );
  const issueLine = lines.find((line) =>
    /(date of issue|issue date|issued on|date issued|awarded on|^date\b)/i.test(line),
  );
  const expiryLine = lines.find((line) =>
    /(valid until|valid through|expir(es|y|ation)|valid till)/i.test(line),
  );

  return {
    certificateName: clean(titleLine, 200),
    recipientName: labelled(
      lines,
      /\b(this is to certify that|certifies that|awarded to|presented to|granted to|recipient:?|name:)/i,
      200,
    ),
    course: labelled(
      lines,
      /\b(completed the course|completion of the course|completed|for completing|course:|in recognition of|programme:|program:)/i,
      200,
    ),
    grade: labelled(lines, /\b(grade|result|score|classification)\s*:/i, 50),
    issueDate: issueLine ? parseDate(issueLine) : null,
    expiryDate: expiryLine ? parseDate(expiryLine) : null,
    certificateNumber: (() => {
      const line = lines.find((l) => /(certificate|cert\.?|credential)\s*(no\.?|number|#|id)\b/i.test(l));
      const m = line && /(?:no\.?|number|#|id)\s*[:#.]?\s*([A-Za-z0-9][A-Za-z0-9/_.-]{2,99})/i.exec(line);
      return m ? m[1]!.replace(/[.]$/, '') : null;
    })(),
    issuer: labelled(lines, /\b(issued by|issuer:|awarded by|institution:)/i, 200),
  };
}
