import { ACCEPTED_FILE_EXTENSIONS, ACCEPTED_MIME_TYPES, MAX_FILE_BYTES } from '@contract';

/** The spec's file alerts (section 5). */
export const FILE_MESSAGES = {
  noFile: 'Please select a file first.',
  readFailed: 'Failed to read file.',
  invalidType: 'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
  tooLarge: 'File size must be less than 10MB',
} as const;

/** Accepted MIME types, for file inputs and dropzones. */
export const ACCEPTED_FILE_TYPES: readonly string[] = ACCEPTED_MIME_TYPES;

/**
 * The accepted types' file name extensions. Some systems give a file no MIME type at all (TIFFs,
 * often); such a file is judged by its name. The server checks the bytes either way.
 */
const ACCEPTED_EXTENSIONS = [
  ...new Set(Object.values(ACCEPTED_FILE_EXTENSIONS).flatMap((names) => names.map((name) => `.${name}`))),
];

/** A file input's `accept`: the MIME types, and the extensions for files that come without one. */
export const FILE_INPUT_ACCEPT = [...ACCEPTED_FILE_TYPES, ...ACCEPTED_EXTENSIONS].join(',');

function hasAcceptedType(file: File): boolean {
  if (file.type) return ACCEPTED_FILE_TYPES.includes(file.type);
  const name = file.name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/**
 * The spec's message for an unacceptable file, or null when the file may be sent. A file without a
 * MIME type is judged by its extension.
 */
export function validateCertificateFile(file: File | null | undefined): string | null {
  if (!file) return FILE_MESSAGES.noFile;
  if (!hasAcceptedType(file)) return FILE_MESSAGES.invalidType;
  if (file.size > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

/** Reads a file as a `data:` URL; rejects with the spec's 'Failed to read file.' */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(FILE_MESSAGES.readFailed));
    };
    reader.onerror = () => reject(new Error(FILE_MESSAGES.readFailed));
    reader.readAsDataURL(file);
  });
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
