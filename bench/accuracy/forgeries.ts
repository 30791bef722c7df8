/**
 * Forgeries of a registered certificate: what a forger changes and how. Most re-draw the page from
 * the template with one thing changed (as someone editing the issuer's file would); a pasted field
 * copies the pixels of one field from another certificate of the same template. Each forgery records
 * the contract field(s) it changed, so the benchmark can check that the verdict names them.
 */
import type { CertificateField } from '../../supabase/functions/_shared/api-contract.ts';
import {
  type Certificate,
  editDateDigit,
  editGradeCharacter,
  editNameLetter,
  editNumberDigit,
  flipGradeSign,
  HONOURS,
  printedField,
  randomRecipient,
  swapNames,
} from './fields.ts';
import { integer, pick, type Random } from './random.ts';
import { type Box, pixelsOf, type TemplateName } from './templates.ts';
import type { Page } from './copies.ts';

export const FORGERY_KINDS = [
  'name-letter',
  'date-digit',
  'grade-character',
  'grade-sign',
  'number-digit',
  'names-swapped',
  'field-pasted',
  'line-added',
  'line-removed',
  'seal-swapped',
  'signature-swapped',
  'reissued',
] as const;
export type ForgeryKind = (typeof FORGERY_KINDS)[number];

export const FORGERY_DESCRIPTIONS: Record<ForgeryKind, string> = {
  'name-letter': 'one letter of the recipient name, a look-alike where one exists (e/c, i/l, ë/e)',
  'date-digit': 'one digit of the issue date, a look-alike where possible (0/8, 1/7, 5/6), still a real date',
  'grade-character': 'one character of the grade (B+ to A+, 76% to 78%, 3.1 to 3.7)',
  'grade-sign': 'only the sign of a grade: A+ to A-, B- to B+ (the overall grade, or a transcript row)',
  'number-digit': 'one digit of the certificate number, a look-alike where possible',
  'names-swapped': 'given and family name swapped ("Zoë García" to "García Zoë")',
  'field-pasted':
    'the pixels of one field (name, course, grade or date) pasted from another certificate of the same template',
  'line-added': 'a line added under the grade ("with First Class Honours"; a transcript gains a module row)',
  'line-removed': 'the "Valid until" line removed',
  'seal-swapped': 'the seal replaced by another design',
  'signature-swapped': "the signature replaced by another person's",
  reissued: 'the same certificate issued to someone else (another recipient name, all else equal)',
};

/**
 * How a forgery reaches the verifier: the edited file itself, printed and scanned, photographed, or
 * a screenshot of a viewer showing it (small print at the viewer's zoom).
 */
export const DELIVERIES = ['digital', 'scan', 'photo', 'screenshot'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export interface Forged {
  page: Page;
  changed: CertificateField[];
  /** What the original and the forgery print in the changed field (text fields only). */
  from: string;
  to: string;
}

/** Whether a forgery of this kind can be made from this certificate (the sign needs a signed grade). */
export function canForge(kind: ForgeryKind, template: TemplateName, certificate: Certificate): boolean {
  if (kind !== 'grade-sign') return true;
  if (flipGradeSign(certificate.grade)) return true;
  return template === 'transcript' && certificate.rows.some((row) => flipGradeSign(row.grade) !== null);
}

function draw(template: TemplateName, certificate: Certificate, decorationSeed: number) {
  const { ctx, boxes, width, height } = pixelsOf(template, certificate, decorationSeed);
  const { data } = ctx.getImageData(0, 0, width, height);
  return {
    page: { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height },
    boxes,
  };
}

function redraw(
  template: TemplateName,
  forged: Certificate,
  decorationSeed: number,
  changed: CertificateField[],
  from: string,
  to: string,
): Forged {
  return { page: draw(template, forged, decorationSeed).page, changed, from, to };
}

/** Copies the pixels inside `box` from `donor` onto `page` (both the same size). */
function paste(page: Page, donor: Page, box: Box): void {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(page.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(page.height, Math.ceil(box.y + box.height));
  for (let y = top; y < bottom; y++) {
    const start = (y * page.width + left) * 4;
    page.data.set(donor.data.subarray(start, (y * page.width + right) * 4), start);
  }
}

function grow(a: Box, b: Box | undefined, margin: number): Box {
  const boxes = b ? [a, b] : [a];
  const left = Math.min(...boxes.map((box) => box.x)) - margin;
  const top = Math.min(...boxes.map((box) => box.y)) - margin;
  const right = Math.max(...boxes.map((box) => box.x + box.width)) + margin;
  const bottom = Math.max(...boxes.map((box) => box.y + box.height)) + margin;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * Makes one forgery. `donor` is another certificate of the same template (for pasted fields and
 * reissues); `random` is the forgery's own stream.
 */
export function forge(
  kind: ForgeryKind,
  template: TemplateName,
  original: Certificate,
  decorationSeed: number,
  donor: Certificate,
  random: Random,
): Forged {
  const c = original;
  switch (kind) {
    case 'name-letter': {
      const recipient = editNameLetter(random, c.recipient);
      return redraw(
        template,
        { ...c, recipient },
        decorationSeed,
        ['recipient_name'],
        c.recipient,
        recipient,
      );
    }
    case 'date-digit': {
      const forged = { ...c, issueDate: editDateDigit(random, c.issueDate) };
      return redraw(
        template,
        forged,
        decorationSeed,
        ['issue_date'],
        printedField(c, 'issue_date'),
        printedField(forged, 'issue_date'),
      );
    }
    case 'grade-character': {
      const grade = editGradeCharacter(random, c.grade);
      return redraw(template, { ...c, grade }, decorationSeed, ['grade'], c.grade, grade);
    }
    case 'grade-sign': {
      const flipped = flipGradeSign(c.grade);
      if (flipped)
        return redraw(template, { ...c, grade: flipped }, decorationSeed, ['grade'], c.grade, flipped);
      const signed = c.rows.flatMap((row, index) => {
        const other = flipGradeSign(row.grade);
        return other ? [{ index, row, other }] : [];
      });
      const { index, row, other } = pick(random, signed);
      const rows = c.rows.map((item, at) => (at === index ? { ...item, grade: other } : item));
      return redraw(
        template,
        { ...c, rows },
        decorationSeed,
        ['grade'],
        `${row.module} ${row.grade}`,
        `${row.module} ${other}`,
      );
    }
    case 'number-digit': {
      const number = editNumberDigit(random, c.number);
      return redraw(template, { ...c, number }, decorationSeed, ['certificate_number'], c.number, number);
    }
    case 'names-swapped': {
      const recipient = swapNames(c.recipient);
      return redraw(
        template,
        { ...c, recipient },
        decorationSeed,
        ['recipient_name'],
        c.recipient,
        recipient,
      );
    }
    case 'field-pasted': {
      const pastable: CertificateField[] = ['recipient_name', 'course', 'grade', 'issue_date'];
      const candidates = pastable.filter((field) => printedField(c, field) !== printedField(donor, field));
      const field = pick<CertificateField>(random, candidates.length > 0 ? candidates : ['recipient_name']);
      const base = draw(template, c, decorationSeed);
      // The donor's value of this field only; the rest of the donor page is not used.
      const donorFields: Certificate = { ...c };
      if (field === 'recipient_name') donorFields.recipient = donor.recipient;
      if (field === 'course') donorFields.course = donor.course;
      if (field === 'grade') donorFields.grade = donor.grade;
      if (field === 'issue_date') donorFields.issueDate = donor.issueDate;
      const donated = draw(template, donorFields, decorationSeed);
      const originalBox = base.boxes[field];
      if (!originalBox) throw new Error(`${template} has no ${field} box`);
      paste(base.page, donated.page, grow(originalBox, donated.boxes[field], 6));
      return {
        page: base.page,
        changed: [field],
        from: printedField(c, field),
        to: printedField(donorFields, field),
      };
    }
    case 'line-added': {
      if (template === 'transcript') {
        const row = { module: 'Independent Study', credits: 10, grade: pick(random, ['A+', 'A', 'A-']) };
        const rows = [...c.rows, row];
        return redraw(
          template,
          { ...c, rows },
          decorationSeed,
          ['grade'],
          '',
          `${row.module} ${row.credits} ${row.grade}`,
        );
      }
      const honours = pick(random, HONOURS);
      return redraw(template, { ...c, honours }, decorationSeed, ['grade'], '', honours);
    }
    case 'line-removed':
      return redraw(
        template,
        { ...c, showExpiry: false },
        decorationSeed,
        ['expiry_date'],
        printedField(c, 'expiry_date'),
        '',
      );
    case 'seal-swapped':
      return redraw(
        template,
        { ...c, sealSeed: c.sealSeed ^ integer(random, 1, 2 ** 20) },
        decorationSeed,
        ['seal'],
        '',
        '',
      );
    case 'signature-swapped':
      return redraw(
        template,
        { ...c, signatureSeed: c.signatureSeed ^ integer(random, 1, 2 ** 20) },
        decorationSeed,
        ['signature'],
        '',
        '',
      );
    case 'reissued': {
      let recipient = donor.recipient;
      while (recipient === c.recipient) recipient = randomRecipient(random);
      return redraw(
        template,
        { ...c, recipient },
        decorationSeed,
        ['recipient_name'],
        c.recipient,
        recipient,
      );
    }
  }
}

/** The page of a certificate, as RGBA pixels. */
export function pageOf(template: TemplateName, certificate: Certificate, decorationSeed: number): Page {
  return draw(template, certificate, decorationSeed).page;
}
