import { ACCEPTED_MIME_TYPES, MAX_FILE_BYTES } from '@contract';

/** The spec's file alerts (section 5), shown verbatim. */
export const FILE_MESSAGES = {
  noFile: 'Please select a file first.',
  readFailed: 'Failed to read file.',
  invalidType: 'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
  tooLarge: 'File size must be less than 10MB',
} as const;

/** What the Dropzone and the file picker accept: the spec's MIME list with the usual extensions. */
export const ACCEPT_MAP: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/bmp': ['.bmp'],
  'image/tiff': ['.tif', '.tiff'],
  'application/pdf': ['.pdf'],
};

const ACCEPTED_EXTENSIONS = Object.values(ACCEPT_MAP).flat();

/** True when the file's MIME type is accepted; files without one (some systems give TIFFs none) go by extension. */
export function isAcceptedFileType(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return (ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type);
  const dot = file.name.lastIndexOf('.');
  return dot >= 0 && ACCEPTED_EXTENSIONS.includes(file.name.slice(dot).toLowerCase());
}

/**
 * Checks a chosen file against the spec's rules: present, an accepted type, at most 10 MB.
 * Returns the spec's alert text, or null when the file is fine. The server checks again from the bytes.
 */
export function validateCertificateFile(file: Pick<File, 'name' | 'type' | 'size'> | null): string | null {
  if (!file) return FILE_MESSAGES.noFile;
  if (!isAcceptedFileType(file)) return FILE_MESSAGES.invalidType;
  if (file.size > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

/** Reads a file as a `data:` URL; rejects with the spec's 'Failed to read file.' message. */
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

/** Size in MB with two decimals, as the upload screens show it. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
