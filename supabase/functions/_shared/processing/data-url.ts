import { FileTooLargeError, InvalidDataUrlError } from './errors.ts';

const HEADER = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w=.+-]+)*;base64,/;
const MAX_HEADER_LENGTH = 256;
const WHITESPACE = /\s/g;
const HAS_WHITESPACE = /\s/;

/**
 * Decodes a base64 `data:` URL into bytes. The declared MIME type is ignored (the caller sniffs
 * the bytes). The size is checked from the payload's length before anything is decoded, so an
 * oversized upload costs no decoding memory.
 *
 * With `refuseWhitespace`, whitespace in the payload is an error instead of being skipped: a caller
 * then knows the URL held nothing but its header and the base64 alphabet.
 *
 * @throws InvalidDataUrlError when the URL is not a base64 data URL
 * @throws FileTooLargeError when the decoded file would exceed `maxBytes`
 */
export function decodeDataUrl(
  dataUrl: string,
  maxBytes: number,
  options: { refuseWhitespace?: boolean } = {},
): Uint8Array {
  const header = HEADER.exec(dataUrl.slice(0, MAX_HEADER_LENGTH));
  if (!header) throw new InvalidDataUrlError('fileData must be a base64 data URL');
  let payload = dataUrl.slice(header[0].length);
  if (options.refuseWhitespace && HAS_WHITESPACE.test(payload)) {
    throw new InvalidDataUrlError('fileData must not hold whitespace');
  }

  // Every 4 base64 characters carry at most 3 bytes; whitespace only makes this an over-estimate.
  const upperBound = Math.floor((payload.length * 3) / 4);
  if (upperBound > maxBytes) {
    const withoutWhitespace = payload.replace(WHITESPACE, '');
    const size = decodedLength(withoutWhitespace);
    if (size > maxBytes) throw new FileTooLargeError(size, maxBytes);
    payload = withoutWhitespace;
  } else if (HAS_WHITESPACE.test(payload)) {
    payload = payload.replace(WHITESPACE, '');
  }

  if (payload.length === 0 || payload.length % 4 !== 0) {
    throw new InvalidDataUrlError('fileData is not valid base64');
  }
  return decodeBase64(payload);
}

type FromBase64 = (text: string, options: { lastChunkHandling: 'strict' }) => Uint8Array;
/** Uint8Array.fromBase64 (native, fast) where the runtime has it. */
const fromBase64 = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64;
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes padded base64 without whitespace. Natively where the runtime can (several times faster than
 * atob and a copy loop on a megabyte payload), otherwise with atob after checking the alphabet.
 */
function decodeBase64(payload: string): Uint8Array {
  if (fromBase64) {
    try {
      return fromBase64(payload, { lastChunkHandling: 'strict' });
    } catch {
      throw new InvalidDataUrlError('fileData is not valid base64');
    }
  }
  if (!BASE64_TEXT.test(payload)) throw new InvalidDataUrlError('fileData is not valid base64');
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function decodedLength(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}
