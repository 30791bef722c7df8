/**
 * Text normalisation for content_hash. The rules are documented (with reasons) in
 * docs/verification-pipeline.md; a change of any rule changes stored hashes, so bump
 * NORMALISATION_VERSION with it.
 *
 * Principle: a false accept is the worst failure, so only differences that carry no meaning are
 * folded. Letters, digits and meaning-carrying punctuation are never dropped, merged or replaced
 * by look-alikes, and tokens are never joined.
 */
export const NORMALISATION_VERSION = 1;

/** Characters NFKC would turn into plain digits or letters, losing their meaning ("10²" → "102"). */
const SUPER_OR_SUBSCRIPT =
  /[\u00AA\u00B2\u00B3\u00B9\u00BA\u02B0-\u02B8\u02E0-\u02E4\u1D2C-\u1D6A\u1D9B-\u1DBF\u2070-\u209F]/u;
const SUPER_OR_SUBSCRIPT_RUNS = new RegExp(`(${SUPER_OR_SUBSCRIPT.source}+)`, 'u');

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u00B4`]/g;
const DOUBLE_QUOTES = /[\u201C-\u201F\u2033]/g;
const SLASHES = /[\u2044\u2215]/g;
const WHITESPACE_RUNS = /\s+/gu;
/** Invisible format characters: zero-width space and joiners, byte-order mark, soft hyphen. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Control characters (tab, line breaks and the rest) separate words like whitespace. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** A token made only of these is an OCR speck: dust, a rule line or a border fragment. */
const SPECK_TOKEN = /^[.,'"|_~:;^*()[\]{}\u2022\u00B7]+$/u;
/** Sentence punctuation and quotes hanging off the end of a word carry no meaning. */
const TRAILING_PUNCTUATION = /[.,;:'"]+$/u;
/** Opening quotes before a word; a leading '.' is kept because ".5" is a number. */
const LEADING_QUOTES = /^['"]+/u;
const DIGIT_AT_END = /\p{Nd}$/u;
const DIGIT_AT_START = /^\p{Nd}/u;

function nfkcKeepingSuperscripts(text: string): string {
  return text
    .normalize('NFC')
    .split(SUPER_OR_SUBSCRIPT_RUNS)
    .map((part, index) => (index % 2 === 1 ? part : part.normalize('NFKC')))
    .join('');
}

function cleanToken(token: string): string {
  let cleaned = token.replace(LEADING_QUOTES, '');
  // Never strip a whole token away here: "..." alone is handled as a speck with its neighbours.
  const stripped = cleaned.replace(TRAILING_PUNCTUATION, '');
  if (stripped.length > 0) cleaned = stripped;
  return cleaned;
}

/**
 * Normalises extracted certificate text so that the same certificate read twice (re-encoded,
 * re-scanned, text layer vs OCR) gives the same string, while certificates that differ in
 * meaning (name, date, grade, number) stay different.
 */
export function normaliseText(text: string): string {
  const folded = nfkcKeepingSuperscripts(text)
    .toLowerCase()
    .replace(DASHES, '-')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(SLASHES, '/')
    .replace(FORMAT_CHARACTERS, '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(WHITESPACE_RUNS, ' ');

  const tokens = folded.split(' ').filter((token) => token.length > 0);
  const kept: string[] = [];
  tokens.forEach((token, index) => {
    if (SPECK_TOKEN.test(token)) {
      const before = tokens[index - 1];
      const after = tokens[index + 1];
      // "1 . 5" may be a decimal read with spaces: keep the mark so it never equals "1 5".
      const betweenDigits =
        before !== undefined &&
        after !== undefined &&
        DIGIT_AT_END.test(before) &&
        DIGIT_AT_START.test(after);
      if (!betweenDigits) return;
      kept.push(token);
      return;
    }
    kept.push(cleanToken(token));
  });
  return kept.join(' ');
}

const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/gu;

/** Fewer letters and digits than this is not a certificate's text (and would collide across blank files). */
export const MIN_MEANINGFUL_CHARACTERS = 16;

/** Whether normalised text carries enough content to identify a certificate. */
export function isMeaningfulText(normalised: string): boolean {
  return (normalised.match(LETTER_OR_DIGIT)?.length ?? 0) >= MIN_MEANINGFUL_CHARACTERS;
}
