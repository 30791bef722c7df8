/**
 * The API's enumerations and constants (spec sections 3, 5, 9), without zod: the `engine` function
 * imports its limits from here, so its bundle does not carry zod (docs/function-size.md).
 * `api-contract.ts` re-exports all of it; import from there everywhere else.
 */

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export const USER_STATUSES = ['active', 'inactive', 'banned', 'pending'] as const;
export const VERIFICATION_STATUSES = ['verified', 'pending', 'failed'] as const;
export const FILE_TYPES = ['image', 'pdf'] as const;

/** MIME types accepted for upload and verification (spec section 5), detected from magic bytes. */
export const ACCEPTED_MIME_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'application/pdf',
] as const;

/** File name extensions of each accepted type, the usual one first (downloads are named with it). */
export const ACCEPTED_FILE_EXTENSIONS: Readonly<
  Record<(typeof ACCEPTED_MIME_TYPES)[number], readonly string[]>
> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/jpg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tiff', 'tif'],
  'application/pdf': ['pdf'],
};

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const HTTP_TIMEOUT_MS = 20_000;

export const CERTIFICATE_SORT_FIELDS = ['created_at', 'certificate_name', 'file_size', 'file_type'] as const;
export const REVOKED_SORT_FIELDS = ['revoked_at', 'created_at', 'certificate_name', 'file_size'] as const;
export const SORT_ORDERS = ['desc', 'asc'] as const;

export type UserRole = (typeof USER_ROLES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export type FileType = (typeof FILE_TYPES)[number];
export type AcceptedMimeType = (typeof ACCEPTED_MIME_TYPES)[number];
export type CertificateSortField = (typeof CERTIFICATE_SORT_FIELDS)[number];
export type RevokedSortField = (typeof REVOKED_SORT_FIELDS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];
