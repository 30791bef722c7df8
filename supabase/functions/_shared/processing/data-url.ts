import { FileTooLargeError, InvalidDataUrlError } from './errors.ts';

const HEADER = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w=.+-]+)*;base64,/;
const MAX_HEADER_LENGTH = 256;
const WHITESPACE = /\s/g;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes a base64 `data:` URL into bytes. The declared MIME type is ignored (the caller sniffs
 * the bytes). The size is checked from the payload's length before anything is decoded, so an
 * oversized upload costs no decoding memory.
 *
 * @throws InvalidDataUrlError when the URL is not a base64 data URL
 * @throws FileTooLargeError when the decoded file would exceed `maxBytes`
 */
export function decodeDataUrl(dataUrl: string, maxBytes: number): Uint8Array {
  const header = HEADER.exec(dataUrl.slice(0, MAX_HEADER_LENGTH));
  if (!header) throw new InvalidDataUrlError('fileData must be a base64 data URL');
  let payload = dataUrl.slice(header[0].length);

  // Every 4 base64 characters carry at most 3 bytes; whitespace only makes this an over-estimate.
  const upperBound = Math.floor((payload.length * 3) / 4);
  if (upperBound > maxBytes) {
    const withoutWhitespace = payload.replace(WHITESPACE, '');
    const size = decodedLength(withoutWhitespace);
    if (size > maxBytes) throw new FileTooLargeError(size, maxBytes);
    payload = withoutWhitespace;
  } else {
    payload = payload.replace(WHITESPACE, '');
  }

  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new InvalidDataUrlError('fileData is not valid base64');
  }
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function decodedLength(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}
