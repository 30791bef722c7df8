import { ACCEPTED_MIME_TYPES, type AcceptedMimeType } from '@contract';

const TYPE_BY_EXTENSION: Record<string, AcceptedMimeType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
};

/** The file's accepted MIME type: the browser's, else the one its extension names, else null. */
export function acceptedTypeOf(file: File): AcceptedMimeType | null {
  if ((ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type)) return file.type as AcceptedMimeType;
  if (file.type) return null;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? null;
}

/**
 * Whether this page may hash in the browser: WebCrypto's `subtle` exists only in secure contexts
 * (https, or localhost).
 */
export function canHashInBrowser(): boolean {
  return typeof globalThis.crypto !== 'undefined' && typeof globalThis.crypto.subtle?.digest === 'function';
}

/** SHA-256 of the file's bytes as 64 lower-case hex digits, computed in the browser (WebCrypto). */
export async function sha256OfFile(file: Blob): Promise<string> {
  // A view rather than the bare buffer: some environments hand out buffers of another realm.
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
