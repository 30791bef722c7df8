/**
 * Names the critical fields among a certificate's text lines, and normalises readings so two
 * reads of the same line compare equal while every meaningful sign still counts.
 */
import type { CertificateField } from '../api-contract.ts';
import type { TextLine } from '../ocr/protocol.ts';

export interface RegisteredLine extends TextLine {
  field: CertificateField | null;
}

/** OCR reads a printed hyphen as any of the dashes (and a minus): one sign for all of them. */
export function unifyDashes(text: string): string {
  return text.normalize('NFKC').replace(/[\u2010-\u2015\u2212]/g, '-');
}

/**
 * Case and spacing are not evidence; letters, digits and signs (+ - . , / #) are: `A+` vs `A-`,
 * `1.5` vs `15` stay different. A run of dashes is one: OCR reads a long dash now as one, now as
 * two ("ON—-11894526" in a genuine copy of "ON—11894526").
 */
export function readingKey(text: string): string {
  return unifyDashes(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+\-.,/#]+/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/[.,]+$/, '');
}

const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
const DATE = new RegExp(
  `(\\b\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b${MONTH}\\.?\\s+\\d{1,2},?\\s+\\d{4}|\\b\\d{1,2}\\s+${MONTH}\\.?\\s+\\d{4})`,
  'i',
);

const DATES = new RegExp(DATE.source, 'gi');

/** Whether a text holds a digit or a sign: a value a forger changes by one stroke (5 -> 8, + -> -). */
export function holdsValueSigns(text: string): boolean {
  return /[0-9+\-]/.test(text);
}

/** The dates a text states (DATE), each by its reading key: "6 July 2022" and "6 july 2022" are one. */
export function statedDates(text: string): string[] {
  return [...unifyDashes(text).matchAll(DATES)].map((match) => readingKey(match[0]));
}

/** A text with the dates it states (DATE) taken out. */
export function withoutDates(text: string): string {
  return unifyDashes(text).replace(DATES, ' ');
}

type FieldRule = [CertificateField, (text: string) => boolean];

const RULE_WORDS: FieldRule[] = [
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

/**
 * Each field's words, tested on a line's text with its dashes made one sign: the template prints a
 * number as "DS—26378474", and the number's rule (`[A-Z0-9-]`) took no em dash, so that line was
 * registered as the title.
 */
const RULES: FieldRule[] = RULE_WORDS.map(([field, test]) => [field, (text) => test(unifyDashes(text))]);

/**
 * A sentence that ends its line where the recipient's name follows on the next, in any tense ("This
 * is to certify that", "hereby confers upon", "is awarded to"). Only at the line's end: "Conferred on
 * 04.02.2023" is a date's label, and the line after it ("Valid until 04.02.2026") was registered as
 * the recipient while the diploma's script name above went unnamed (seed 11).
 */
const INTRODUCES_RECIPIENT =
  /\b(certif\p{L}* that|this is to certify|(award|present|grant|issu|confer|bestow)\p{L}* (up)?(on|to))\s*:?\s*$/iu;
/** Whether a line ends with a sentence that introduces the recipient's name on the next line. */
export function introducesRecipient(text: string): boolean {
  return INTRODUCES_RECIPIENT.test(withoutScribbles(text));
}

/** A label alone on its line ("CERTIFICATE NO.") whose value is printed on the next one. */
export const INTRODUCES_NUMBER = /\b(no\.?|number|nr\.?|id)\s*:?\s*$/i;
/** Fields whose value has a shape of its own (RULES, GRADE_VALUE), so its words end where it does. */
export const VALUE_FIELDS: ReadonlySet<CertificateField> = new Set([
  'issue_date',
  'expiry_date',
  'certificate_number',
  'grade',
]);

const INTRODUCES_COURSE = /\b(completed|completion of|course|programme|program|in recognition)\b/i;

/** Below this confidence a line is never named (nameFields), and may be an ornament's glyphs. */
const NAMED_CONFIDENCE = 0.5;
/** An ornament's reading has at least this many letters and digits: a few are too little to judge. */
const ORNAMENT_MIN_GLYPHS = 8;
/** ...repeated on average this many times in a row ("PPPP", "0000"); words and numbers rarely twice. */
const ORNAMENT_RUN = 4;
/** A row of digits longer than any printed number (an identifier, a date) is a pattern's glyphs. */
const MAX_NUMBER_DIGITS = 20;

/**
 * A token that may be a number a certificate prints, whose digits are never an ornament's: digits
 * joined by a separator (a date such as "00.00.0000", "LMC-2021-000265"), or up to
 * MAX_NUMBER_DIGITS digits that are not one digit repeated ("0000123").
 */
function numberShaped(token: string): boolean {
  if (/\d[./:,-]\d/.test(token)) return true;
  const digits = token.replace(/\D/g, '');
  return digits.length > 0 && digits.length <= MAX_NUMBER_DIGITS && new Set(digits).size >= 2;
}

/**
 * A line page OCR made of an ornament border or pattern, not of words: read with little
 * confidence, as long runs of one glyph ("WOPPPPPP PPP P0000 0000000000000 000...090", a diploma's
 * border of 13 x 1356 px), with no token shaped as a number. Kept as a line, its ink was judged as
 * text with no reading to clear it, and a photo's blur of the fine pattern left it in doubt.
 */
export function isOrnament(line: TextLine): boolean {
  if (line.confidence >= NAMED_CONFIDENCE) return false;
  const tokens = line.text.split(/\s+/).filter(Boolean);
  if (tokens.some(numberShaped)) return false;
  const glyphs = line.text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (glyphs.length < ORNAMENT_MIN_GLYPHS) return false;
  const runs = glyphs.match(/(.)\1*/gu)?.length ?? 1;
  return glyphs.length / runs >= ORNAMENT_RUN;
}

/**
 * What the issuer entered for a certificate that its page prints: the recipient's name and the
 * certificate number (null where not entered, as for a plain upload).
 */
export interface IssuedValues {
  recipientName: string | null;
  certificateNumber: string | null;
}

/** A plain upload's: nothing entered, the page's words alone name its lines. */
export const NO_ISSUED_VALUES: IssuedValues = { recipientName: null, certificateNumber: null };

/**
 * Edits a line's reading may be from the issued name, per letter of the name (accents aside), for the
 * line to be the name's: OCR's misread letters ("Ivanova" read "lvanova"), not a word added beside it.
 */
const ISSUED_NAME_EDITS = 0.2;
/**
 * Characters an issued number needs for its line to be found by it: a shorter one ("12") is any
 * page's token (a credit, a day), and the words name its line.
 */
const ISSUED_NUMBER_LEAST = 4;

/** A reading's key without accents: OCR reads "Dvořák" as "Dvorak" as often as not. */
function unaccentedKey(text: string): string {
  return readingKey(text.normalize('NFD').replace(/\p{M}/gu, ''));
}

/**
 * Whether a run of a line's whitespace-separated tokens reads as `key` whole (by readingKey): the
 * number as printed, never a part of a longer token ("12" in the date "2024-12-01").
 */
function holdsToken(text: string, key: string): boolean {
  const tokens = text.split(/\s+/).map(readingKey).filter(Boolean);
  for (let start = 0; start < tokens.length; start++) {
    let run = '';
    for (let end = start; end < tokens.length && run.length < key.length; end++) {
      run += tokens[end];
      if (run === key) return true;
    }
  }
  return false;
}

/**
 * The index of the unnamed line with the least `cost` (null: not a candidate), the most confident
 * among equals; null when none is a candidate.
 */
function cheapestLine(lines: RegisteredLine[], cost: (line: RegisteredLine) => number | null): number | null {
  let best: number | null = null;
  let bestCost = Infinity;
  for (const [index, line] of lines.entries()) {
    const value = line.field === null ? cost(line) : null;
    if (value === null) continue;
    if (value < bestCost || (value === bestCost && line.confidence > lines[best!]!.confidence)) {
      best = index;
      bestCost = value;
    }
  }
  return best;
}

/**
 * The lines registration keeps of a page's reading, named: without an ornament's lines, whose ink
 * is then compared as any other ink no line covers (as a graphic).
 */
export function registeredLines(
  lines: TextLine[],
  issued: IssuedValues = NO_ISSUED_VALUES,
): RegisteredLine[] {
  return nameFields(
    lines.filter((line) => !isOrnament(line)),
    issued,
  );
}

/**
 * Gives each line a field name (one line per field): first the lines that print what the issuer
 * entered (the number as a token of its line, the name as the line), then by what a line's words say.
 * The entered values name lines the words cannot ("Jordan Valid Ortiz" reads as a validity's label,
 * a name on a template with no sentence introducing it): a copy's changed name is then read as the
 * recipient's, and a copy with another name and number is another certificate, not this one altered.
 */
export function nameFields(lines: TextLine[], issued: IssuedValues = NO_ISSUED_VALUES): RegisteredLine[] {
  const named: RegisteredLine[] = lines.map((line) => ({ ...line, field: null }));
  const taken = new Set<CertificateField>();
  const assign = (index: number, field: CertificateField) => {
    const line = named[index];
    if (!line || line.field || taken.has(field) || line.confidence < NAMED_CONFIDENCE) return;
    line.field = field;
    taken.add(field);
  };
  // The number's line: a run of its tokens reads as the number, the line with the fewest other
  // characters (its label) first.
  const number = readingKey(issued.certificateNumber ?? '');
  if (number.length >= ISSUED_NUMBER_LEAST) {
    const numberLine = cheapestLine(named, (line) =>
      holdsToken(line.text, number) ? readingKey(line.text).length - number.length : null,
    );
    if (numberLine !== null) assign(numberLine, 'certificate_number');
  }
  // The name's line: the line reading closest to the name, within ISSUED_NAME_EDITS.
  const name = unaccentedKey(issued.recipientName ?? '');
  if (name) {
    const nameLine = cheapestLine(named, (line) => {
      const edits = editDistance(unaccentedKey(line.text), name);
      return edits <= ISSUED_NAME_EDITS * name.length ? edits : null;
    });
    if (nameLine !== null) assign(nameLine, 'recipient_name');
  }
  // A label alone beside its value on the same row: page OCR reads a badge's labels as one column
  // and its values as the next, so "Name" is not followed by the name it labels ("José Silva" was
  // left unnamed, read only where its tiles flagged, and a forged "José Sllva" went unread).
  // Not a value whose own words show another value field (a date alone is any date's value): a modern
  // template's "ISSUED" shares its row with "Valid until 17.05.2022" and prints its own value below it
  // (default seed o001), and the expiry line was registered as the date of issue.
  named.forEach((line, index) => {
    const field = LABEL_BESIDE.find(([, label]) => label.test(line.text))?.[0];
    if (!field || line.box.height <= 0) return;
    // A recipient's label heading a row of labels ("Student   Record no.", a transcript) labels the
    // line below it: "Record no." was registered as the recipient and the name under the label was
    // never read, so a forged "Peña" -> "Paña" was accepted (full corpus, shard 1).
    const beside = valueBeside(named, index);
    const value = beside ?? (field === 'recipient_name' ? nameUnderLabel(named, index) : null);
    if (value === null) return;
    const ownField = RULES.find(
      ([other, test]) => other !== 'issue_date' && VALUE_FIELDS.has(other) && test(named[value]!.text),
    )?.[0];
    // The name under a label was vetted as a name (`nameUnderLabel`): a field's word in it ("Mark")
    // does not make it that field.
    if (beside === null || !ownField || ownField === field) assign(value, field);
  });
  // A recipient's label and the name on one line ("Name Noémie Watanabe", a badge's row OCR read
  // whole) is the recipient's, as `fieldOfLine` names it, on a page where no sentence introduces the
  // recipient, and before a course label's next line is taken (full corpus, shard 1: "Watanabe" ->
  // "Wafanabe" in such a line, unnamed, was accepted).
  // Lines as read first, then with their edge marks aside: a header ending in a mark ("Student Affairs
  // |") never takes the field from the name's own line.
  if (!named.some((line) => INTRODUCES_RECIPIENT.test(line.text)))
    for (const marksAside of [false, true])
      named.forEach((line, index) => {
        if (labelAndName(line.text, marksAside)) assign(index, 'recipient_name');
      });
  named.forEach((line, index) => {
    if (INTRODUCES_RECIPIENT.test(line.text)) {
      const name = lineBelow(named, index);
      if (name !== null && mayBeName(named[name]!.text)) assign(name, 'recipient_name');
    }
    if (INTRODUCES_NUMBER.test(line.text) && /\d/.test(named[index + 1]?.text ?? ''))
      assign(index + 1, 'certificate_number');
    // The next line is the course unless its words say it is a value of another field: a badge whose
    // "Course" label and value page OCR joined on one line was followed by "Result A+", registered the
    // course. Not a title's or issuer's words, which a course's name may hold ("Award in First Aid").
    const next = named[index + 1]?.text ?? '';
    if (
      INTRODUCES_COURSE.test(line.text) &&
      !RULES.some(([, test]) => test(line.text)) &&
      !RULES.some(([field, test]) => VALUE_FIELDS.has(field) && test(next))
    )
      assign(index + 1, 'course');
  });
  for (const [field, test] of RULES) {
    named.forEach((line, index) => {
      if (test(line.text)) assign(index, field);
    });
  }
  return named;
}

/**
 * Words a person's name does not hold: a label's or a title's ("Name of course", "Graduate School of
 * ..."), whole words by letters, hyphens and apostrophes (JavaScript's \b takes "Noémie" for "No"
 * and "mie", and "Jae-in" for "in").
 */
const NOT_IN_NAME =
  /(?<![\p{L}'’-])(of|and|the|for|in|id|no|number|copy|signature|school|diploma|certificate)(?![\p{L}'’-])/iu;

/**
 * Whether a line is a recipient's label followed by a name ("Name Noémie Watanabe"), not a label of
 * something else that begins with the same word ("Student ID", "Name of course", "Recipient's
 * signature", "Graduate School of Business"); with `marksAside`, its edge marks (isEdgeMark) aside.
 */
function labelAndName(text: string, marksAside: boolean): boolean {
  const read = withoutScribbles(text).trim();
  const clean = marksAside ? withoutEdgeMarks(read) : read;
  if (!RECIPIENT_LABEL.test(clean)) return false;
  const rest = clean.replace(RECIPIENT_LABEL, '').trim();
  // With its marks aside, a line must read as a full name, not a header's one word or a grade
  // ("Student Affairs |", "Graduate with Distinction |").
  if (marksAside && (rest.split(/\s+/).length < 2 || statesGrade(rest))) return false;
  return /^\p{Lu}/u.test(rest) && nameLike(rest) && mayBeName(rest) && !NOT_IN_NAME.test(rest);
}

/**
 * The line under a recipient's label heading a row of labels ("Student   Record no."): the nearest
 * printed below the label within two of its heights, sharing its columns, not yet named, and shaped as
 * a name, not as a label ("Mark Ortiz" is a name: a field's words do not rule it out).
 */
function nameUnderLabel(lines: RegisteredLine[], index: number): number | null {
  const label = lines[index]!.box;
  let nearest: number | null = null;
  let nearestGap = Infinity;
  lines.forEach((line, other) => {
    const box = line.box;
    const shared = Math.min(label.x + label.width, box.x + box.width) - Math.max(label.x, box.x);
    const gap = box.y - (label.y + label.height);
    const name =
      other !== index &&
      !line.field &&
      line.confidence >= NAMED_CONFIDENCE &&
      shared > 0 &&
      gap >= 0 &&
      gap <= 2 * label.height &&
      nameLike(line.text) &&
      mayBeName(line.text) &&
      !NOT_IN_NAME.test(line.text) &&
      !LABEL_BESIDE.some(([, label]) => label.test(line.text)) &&
      !RECIPIENT_LABEL.test(line.text);
    if (name && gap < nearestGap) {
      nearest = other;
      nearestGap = gap;
    }
  });
  return nearest;
}

/** Edit distance between two strings (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The line printed next below line `index`: the nearest whose top is under the label's middle and
 * that shares columns with it; with none, the next line in reading order unless it is printed above
 * (a PDF's text layer has no boxes).
 */
function lineBelow(lines: TextLine[], index: number): number | null {
  const label = lines[index]!.box;
  const next = lines[index + 1];
  let best: number | null =
    next && next.box.y + next.box.height / 2 >= label.y + label.height / 2 ? index + 1 : null;
  let bestGap = Infinity;
  lines.forEach((line, other) => {
    const box = line.box;
    if (other === index || box.height <= 0 || box.y <= label.y + label.height / 2) return;
    const shared = Math.min(label.x + label.width, box.x + box.width) - Math.max(label.x, box.x);
    if (shared <= 0) return;
    const gap = box.y - (label.y + label.height);
    if (gap < bestGap) {
      best = other;
      bestGap = gap;
    }
  });
  return best;
}

/**
 * A line of connecting words only ("the", "in" of "the Certificate of Completion in ...") is the
 * sentence's, never a name: a diploma's script name went unread and "the" was its recipient.
 */
const CONNECTING_WORDS = /^\s*((the|a|an|in|of|on|to|for|and|with|at|by|upon)\s*)+$/i;

/**
 * A name has no digits, is not connecting words only (CONNECTING_WORDS), and a line saying a
 * validity or a date's label ("Valid until", "Issued") is that, never the recipient.
 */
function mayBeName(text: string): boolean {
  const clean = withoutScribbles(text);
  return (
    !/\d/.test(clean) &&
    !CONNECTING_WORDS.test(clean) &&
    !/\b(valid|expir\p{L}*)\b/iu.test(clean) &&
    !LABEL_ALONE.some(([, label]) => label.test(clean))
  );
}

/**
 * Grade values by their shape, whatever the label: a letter grade ending a row ("Academic Writing
 * 5 A-"), a score out of a scale ("2.0/4.0"), a percentage, or a grade word.
 */
const GRADE_VALUE = [
  /(?:^|\s)(?:[A-F][+\-]?|[a-f][+\-])\s*$/,
  /\b\d{1,2}(?:[.,]\d{1,2})?\s*\/\s*(?:4|5|7|10|20|100)(?:[.,]0{1,2})?\b/,
  /\b\d{1,3}(?:[.,]\d+)?\s*%/,
  /\b(pass(ed)?|merit|distinction|credit|honou?rs?|first class|cum laude|excellent|satisfactory)\b/i,
];

/** Whether a text states a grade's value by its shape (GRADE_VALUE). */
export function statesGrade(text: string): boolean {
  return GRADE_VALUE.some((shape) => shape.test(text));
}

/** A label that names the recipient, alone on its line or followed by the name on the same one. */
const RECIPIENT_LABEL = /^\s*(name|full name|student|recipient|holder|awardee|graduate|participant)\b\s*:?/i;
/** Words that follow a recipient's name on the next line ("has successfully completed ..."). */
const FOLLOWS_RECIPIENT = /^\s*(has|have|who|is|was|for|having)\b/i;
/** A title that says what it certifies was completed: a course's name follows it. */
const TITLE_OF_COMPLETION = /\b(certificate|diploma|award)\s+of\s+(course\s+)?complet\p{L}*\s*(in)?\s*$/iu;
/** Words before a course's name (wider than INTRODUCES_COURSE, which registration uses). */
const LEADS_TO_COURSE = /\b(complet\p{L}*|course|programme|program|in recognition|in the field of)\b/iu;
/** Labels alone on their line whose value is printed on the next one. */
const LABEL_ALONE: [CertificateField, RegExp][] = [
  ['grade', /^\s*[\p{L} ]*\b(grade|gpa|score|result|mark|classification)\s*:?\s*$/iu],
  ['expiry_date', /^\s*[\p{L} ]*\b(expir\p{L}*|valid until|valid through)\s*:?\s*$/iu],
  ['issue_date', /^\s*[\p{L} ]*\b(date|issued|issued on)\s*:?\s*$/iu],
];

/** A label alone on its line, and the field of a value printed beside it on the same row. */
const LABEL_BESIDE: [CertificateField, RegExp][] = [
  ['recipient_name', /^\s*(name|full name|student|recipient|holder|awardee|graduate|participant)\s*:?\s*$/i],
  ['course', /^\s*(course|programme|program)\s*:?\s*$/i],
  ...LABEL_ALONE,
];

/**
 * The index of the line printed nearest to the right of line `index` on its row (sharing at least
 * half of the smaller height), unless that line is a label itself (a field's, or a number's "Record
 * no."); null when there is none.
 */
function valueBeside(lines: TextLine[], index: number): number | null {
  const label = lines[index]!.box;
  let best: number | null = null;
  let bestGap = Infinity;
  lines.forEach((line, other) => {
    const box = line.box;
    if (other === index || box.height <= 0 || box.x < label.x + label.width) return;
    const shared = Math.min(label.y + label.height, box.y + box.height) - Math.max(label.y, box.y);
    if (shared < 0.5 * Math.min(label.height, box.height)) return;
    const gap = box.x - (label.x + label.width);
    if (gap < bestGap) {
      best = other;
      bestGap = gap;
    }
  });
  if (best === null) return null;
  const value = lines[best]!.text;
  return LABEL_BESIDE.some(([, label]) => label.test(value)) || INTRODUCES_NUMBER.test(value) ? null : best;
}

/**
 * A token OCR makes of a pen stroke: the zig-zags and uprights of a signature's loops (V A W N M I l
 * / \\ ~) and almost nothing else, with a stroke sign or a repeated loop ("IaVAVAVAAN", "~NAMNN";
 * not "Vanna", "William", "Minimal").
 */
export function isScribble(token: string): boolean {
  const glyphs = token.replace(/[^\p{L}\p{N}~/\\|]/gu, '');
  const strokes = glyphs.match(/[vwnmaiIl1/\\|~]/gi)?.length ?? 0;
  const zigzags = glyphs.match(/[vwnm]/gi)?.length ?? 0;
  return (
    // A stroke sign, or a pair of glyphs repeated as a loop repeats ("VAVA"), not a word's letters.
    (/[~/\\|]/.test(glyphs) || /([vwnmai]{2}).*\1/i.test(glyphs)) &&
    glyphs.length >= 4 &&
    zigzags >= 3 &&
    strokes / glyphs.length >= 0.8 &&
    !/[eosu]/i.test(glyphs)
  );
}

/** A line's text without the tokens a pen stroke made. */
export function withoutScribbles(text: string): string {
  return text
    .split(/\s+/)
    .filter((token) => token && !isScribble(token))
    .join(' ');
}

/**
 * A token OCR makes at a line's end of the edge of a logo or border printed beside the words ("i“"
 * after "Name Omar Watanabe"): at most two letters, with a sign no name holds or a lone lower-case
 * letter, and no digit or value's sign (a grade's "A+", a dash). Left on, it kept a badge's name line
 * from being named (register.ts ENGINE_VERSION 9).
 */
function isEdgeMark(token: string): boolean {
  const letters = token.match(/\p{L}/gu)?.length ?? 0;
  return (
    !holdsValueSigns(unifyDashes(token)) &&
    letters <= 2 &&
    (/[^\p{L}'’.]/u.test(token) || /^\p{Ll}$/u.test(token))
  );
}

/** A line's text without the edge marks (isEdgeMark) OCR read after its words. */
export function withoutEdgeMarks(text: string): string {
  const tokens = text.trim().split(/\s+/);
  while (tokens.length > 1 && isEdgeMark(tokens.at(-1)!)) tokens.pop();
  return tokens.join(' ');
}

/** Letters only, one to five words: what a person's name looks like on its own line. */
function nameLike(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 1 && words.length <= 5 && words.every((word) => /^[\p{L}'’.\-]+$/u.test(word));
}

/**
 * The field one line shows, judged in its context (the lines before and after it in reading
 * order): used to name a difference, never stored, so it may give several lines one field (the
 * rows of a transcript are all grades). By words first, then by the shape of the value.
 */
export function fieldOfLine(
  text: string,
  previous: string | null,
  next: string | null,
): CertificateField | null {
  const clean = withoutScribbles(text).trim();
  if (!/[\p{L}\p{N}]/u.test(clean)) return null;
  const labelled = withoutEdgeMarks(clean.replace(RECIPIENT_LABEL, ''));
  if (RECIPIENT_LABEL.test(clean) && labelled && nameLike(labelled)) return 'recipient_name';
  if (previous !== null) {
    const before = withoutScribbles(previous);
    if (INTRODUCES_NUMBER.test(before) && /\d/.test(clean)) return 'certificate_number';
    // The label alone, or heading a row of labels ("Student   Record no.").
    const rest = before.replace(RECIPIENT_LABEL, '').trim();
    const labelAlone = RECIPIENT_LABEL.test(before) && (!rest || INTRODUCES_NUMBER.test(rest));
    if (nameLike(clean) && (INTRODUCES_RECIPIENT.test(before) || labelAlone)) return 'recipient_name';
    for (const [field, label] of LABEL_ALONE) if (label.test(before)) return field;
    if (LEADS_TO_COURSE.test(before) && !RULES.some(([, test]) => test(before) || test(clean)))
      return 'course';
  }
  // Words shaped like a name that no field's own words claim: named by where they stand.
  const unclaimedName = nameLike(clean) && !RULES.some(([, test]) => test(clean));
  if (next !== null && unclaimedName && FOLLOWS_RECIPIENT.test(next)) return 'recipient_name';
  // The line under a title of completion ("Certificate of Completion", then "in" OCR may not read)
  // is the course when it looks like one and no recipient's sentence follows it (checked above).
  if (
    previous !== null &&
    TITLE_OF_COMPLETION.test(withoutScribbles(previous)) &&
    unclaimedName &&
    !CONNECTING_WORDS.test(clean) &&
    !INTRODUCES_RECIPIENT.test(clean)
  )
    return 'course';
  for (const [field, test] of RULES) if (field !== 'title' && field !== 'issuer' && test(clean)) return field;
  if (GRADE_VALUE.some((shape) => shape.test(clean))) return 'grade';
  for (const [field, test] of RULES) if (test(clean)) return field;
  return null;
}

/** A line's words as OCR splits them, pen strokes and lone signs left out. */
function wordsOf(text: string): string[] {
  return withoutScribbles(text)
    .split(/\s+/)
    .filter((word) => readingKey(word));
}

export interface ChangedWords {
  /** Words both readings start with. */
  lead: string[];
  /** The words between, as the original and as the copy read. */
  original: string[];
  copy: string[];
  /** Words both readings end with. */
  tail: string[];
}

/**
 * Where two readings of one line differ: their common leading and trailing words taken off, the
 * rest is what changed (a swapped name "Ravi Ivanova" -> "Ivanova Ravi" is both words). Null when
 * they read alike.
 */
export function changedWords(original: string, copy: string): ChangedWords | null {
  const before = wordsOf(original);
  const after = wordsOf(copy);
  const same = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && readingKey(a) === readingKey(b);
  let lead = 0;
  while (lead < Math.min(before.length, after.length) && same(before[lead], after[lead])) lead++;
  let tail = 0;
  while (
    tail < Math.min(before.length, after.length) - lead &&
    same(before[before.length - 1 - tail], after[after.length - 1 - tail])
  )
    tail++;
  const changedBefore = before.slice(lead, before.length - tail);
  const changedAfter = after.slice(lead, after.length - tail);
  if (changedBefore.length === 0 && changedAfter.length === 0) return null;
  return {
    lead: before.slice(0, lead),
    original: changedBefore,
    copy: changedAfter,
    tail: before.slice(before.length - tail),
  };
}

/**
 * The field a changed line shows where it changed: one OCR line can hold several fields (a name and,
 * across the page, its record number under a row of labels), and the difference is the field of the
 * words that differ. `lineField` is the line's own field (registered, or fieldOfLine of the whole
 * line). The changed words are named alone (the line before gives context only to words that start
 * the line, the line after only to words that end it):
 * - naming another field than `lineField`, they are that field only when the words left unchanged
 *   still show `lineField` by themselves (a line that is one field, "Valid until 12/03/2025", whose
 *   changed date alone reads as a date of issue, keeps its field);
 * - naming nothing alone, they are named with the words before them on the line (a label: "Name
 *   Omar Wafanabe"; a first name: "Žofie Morean" under "Student"), on the same condition;
 * - else, where `lineField` is a value (date, number, grade) the unchanged words show by themselves,
 *   that value is intact and something else changed (a signature's stroke read as letters beside a
 *   date): null.
 */
export function fieldOfChange(
  lineField: CertificateField | null,
  original: string,
  copy: string,
  previous: string | null,
  next: string | null,
): CertificateField | null {
  const change = changedWords(original, copy);
  if (!change) return lineField;
  const starts = change.lead.length === 0;
  const name = (words: string[], startsLine: boolean) =>
    words.length
      ? fieldOfLine(words.join(' '), startsLine ? previous : null, change.tail.length ? null : next)
      : null;
  const unchanged = [...change.lead, ...change.tail];
  const unchangedField = unchanged.length ? fieldOfLine(unchanged.join(' '), previous, next) : null;
  const alone = name(change.copy, starts) ?? name(change.original, starts);
  if (alone) return !lineField || alone === lineField || unchangedField === lineField ? alone : lineField;
  const withLead = starts
    ? null
    : (name([...change.lead, ...change.copy], true) ?? name([...change.lead, ...change.original], true));
  if (!lineField) return withLead;
  if (withLead && withLead !== lineField && unchangedField === lineField) return withLead;
  // A value shown whole by the unchanged words did not change; a name's or course's other words
  // are still part of it ("JURGEN FERNANDEZ" -> "JURGEN FERNANDFZ").
  return VALUE_FIELDS.has(lineField) && unchangedField === lineField ? null : lineField;
}

/**
 * The field a line was registered with, unless its own words deny it: registration names the line
 * after "conferred on" the recipient, and where a template prints the name elsewhere that line can be
 * "Valid until 02/10/2025". A name has no digits; such a line is the field its words say, if any.
 */
export function registeredField(line: RegisteredLine): CertificateField | null {
  if (line.field !== 'recipient_name' || !/\d/.test(withoutScribbles(line.text))) return line.field;
  return fieldOfLine(line.text, null, null) ?? line.field;
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

/**
 * A line's place on the page among `lines`, from 1, top to bottom and then left to right: how a
 * label names a registered line without quoting its words.
 */
export function lineNumber(line: TextLine, lines: readonly TextLine[]): number {
  const before = (other: TextLine) =>
    other.box.y < line.box.y || (other.box.y === line.box.y && other.box.x < line.box.x);
  return lines.filter((other) => other !== line && before(other)).length + 1;
}

/**
 * The label of a registered line no field names. Never its registered words: labels reach every
 * verifier (and an unknown answer's reasons), and the registered text is shown only where the
 * certificate's holder allows it (api/verification/disclosure.ts decides, `registered` carries it).
 */
export function textLineLabel(number: number | undefined): string {
  return number ? `Text line ${number}` : 'A text line';
}
