/**
 * The API's request and response shapes, defined once.
 *
 * Imported by the `api` edge function (Deno, `zod` from deno.json's import map), by the web app
 * (Vite alias `@contract`, `zod` from node_modules) and by the tests. Field names follow the
 * spec's section 3 and 7; additions beyond the spec are marked "extension".
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Enumerations and constants (spec sections 3, 5, 9)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------------------------

/** A certificate as the API returns it (spec section 3, plus extensions). */
export interface Certificate {
  id: string;
  certificate_name: string | null;
  /** SHA-256 fingerprint of the certificate record: sha256(`${file_hash}:${content_hash ?? ''}`). */
  certificate_hash: string;
  /** Short-lived signed URL of the stored file, or null when it cannot be signed. */
  image_url: string | null;
  file_type: FileType;
  /** Extension: the MIME type detected from the file's magic bytes. */
  mime_type: AcceptedMimeType;
  /** Bytes. */
  file_size: number;
  file_hash: string;
  content_hash: string | null;
  ocr_content: string | null;
  verification_status: VerificationStatus;
  revoked: boolean;
  revoked_at: string | null;
  created_at: string;
  /** auth id of the certificate's owner. */
  user_id: string;
}

/** A user as user management sees it (spec section 3). `auth_id` is the key used in calls. */
export interface AdminUser {
  auth_id: string;
  email: string;
  username: string | null;
  firstname: string | null;
  lastname: string | null;
  avatar: string | null;
  role: UserRole;
  status: UserStatus;
  created_at: string;
}

export interface Pagination {
  limit: number;
  offset: number;
  hasMore: boolean;
}

// ---------------------------------------------------------------------------------------------
// Requests (validated by the function with these schemas)
// ---------------------------------------------------------------------------------------------

/** `data:<mime>;base64,<payload>`; the declared MIME is ignored in favour of the magic bytes. */
export const dataUrlSchema = z
  .string()
  .min(1, 'fileData is required')
  .regex(
    /^data:[\w.+-]+\/[\w.+-]+(;[\w=.+-]+)*;base64,[A-Za-z0-9+/=\s]+$/,
    'fileData must be a base64 data URL',
  );

export const uploadCertificateRequestSchema = z.object({
  fileData: dataUrlSchema,
  userId: z.guid('userId must be a UUID'),
  mode: z.literal('process').default('process'),
  /** Extension: the chosen file's name, used for the certificate name when none is given. */
  fileName: z.string().trim().min(1).max(255).optional(),
  /** Extension: an explicit certificate name. */
  certificateName: z.string().trim().min(1).max(200).optional(),
});
export type UploadCertificateRequest = z.input<typeof uploadCertificateRequestSchema>;

export const verifyCertificateRequestSchema = z.object({
  fileData: dataUrlSchema,
});
export type VerifyCertificateRequest = z.input<typeof verifyCertificateRequestSchema>;

const pageLimit = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
const pageOffset = z.coerce.number().int().min(0).default(0);

export const listCertificatesQuerySchema = z.object({
  limit: pageLimit,
  offset: pageOffset,
  sortBy: z.enum(CERTIFICATE_SORT_FIELDS).default('created_at'),
  sortOrder: z.enum(SORT_ORDERS).default('desc'),
  fileType: z.enum(FILE_TYPES).optional(),
  verificationStatus: z.enum(VERIFICATION_STATUSES).optional(),
});
export type ListCertificatesQuery = z.input<typeof listCertificatesQuerySchema>;

export const listRevokedCertificatesQuerySchema = z.object({
  limit: pageLimit,
  offset: pageOffset,
  sortBy: z.enum(REVOKED_SORT_FIELDS).default('revoked_at'),
  sortOrder: z.enum(SORT_ORDERS).default('desc'),
  fileType: z.enum(FILE_TYPES).optional(),
});
export type ListRevokedCertificatesQuery = z.input<typeof listRevokedCertificatesQuerySchema>;

export const userCertificatesQuerySchema = z.object({
  limit: pageLimit,
  offset: pageOffset,
});
export type UserCertificatesQuery = z.input<typeof userCertificatesQuerySchema>;

/** Extension: `scope=revoked` gives the revoked screen's stats (adds latestRevokedAt). */
export const certificateStatsQuerySchema = z.object({
  scope: z.enum(['all', 'revoked']).default('all'),
});
export type CertificateStatsQuery = z.input<typeof certificateStatsQuerySchema>;

export const updateUserRoleRequestSchema = z.object({ role: z.enum(USER_ROLES) });
export const updateUserStatusRequestSchema = z.object({ status: z.enum(USER_STATUSES) });
export type UpdateUserRoleRequest = z.infer<typeof updateUserRoleRequestSchema>;
export type UpdateUserStatusRequest = z.infer<typeof updateUserStatusRequestSchema>;

export const uuidParamSchema = z.guid('id must be a UUID');

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** Every error: `{ error }` with a fitting HTTP status. A 409 duplicate also carries the existing certificate. */
export interface ApiErrorBody {
  error: string;
  certificate?: Certificate;
}

/** POST /certificates/upload-base64 (201). */
export interface UploadCertificateResponse {
  message: string;
  imageUrl: string | null;
  certificate: Certificate;
}

/** GET /certificates/user/{userId}. */
export interface UserCertificatesResponse {
  certificates: Certificate[];
  count: number;
}

/** GET /certificates/user/{userId}/with-name: the user's certificates that have a name. */
export interface UserNamedCertificatesResponse {
  certificates: Certificate[];
}

/** GET /certificates/all and GET /certificates/revoked. */
export interface CertificateListResponse {
  certificates: Certificate[];
  totalCount: number;
  pagination: Pagination;
}

export interface CertificateStats {
  total: number;
  /** Bytes. */
  totalFileSize: number;
  byFileType: Partial<Record<FileType, number>>;
  byVerificationStatus: Partial<Record<VerificationStatus, number>>;
  /** Extension: newest revoked_at in scope, or null. */
  latestRevokedAt: string | null;
}

/** GET /certificates/stats. */
export interface CertificateStatsResponse {
  stats: CertificateStats;
}

/** POST /certificates/revoke/{id}. */
export interface RevokeCertificateResponse {
  message: string;
  revokedAt: string;
  certificate: Certificate;
}

/** POST /certificates/unrevoke/{id}, and the extension endpoints approve/reject. */
export interface CertificateActionResponse {
  message: string;
  certificate: Certificate;
}

/** GET /users. */
export interface UserListResponse {
  data: AdminUser[];
}

export interface UserStats {
  total: number;
  byRole: Partial<Record<UserRole, number>>;
  byStatus: Partial<Record<UserStatus, number>>;
}

/** GET /users/stats. */
export interface UserStatsResponse {
  stats: UserStats;
}

/** PATCH /users/{userId}/role and /status; GET /users/me (extension: the caller's own profile, any signed-in user). */
export interface UserResponse {
  user: AdminUser;
}

/** DELETE /users/{userId}. */
export interface DeleteUserResponse {
  message: string;
}

/** Which evidence matched a verification (extension). */
export type MatchChannel = 'exact_file' | 'same_content';

/** Why a matched certificate is not valid, or that nothing matched (extension). */
export type VerificationOutcome = 'valid' | 'revoked' | 'pending' | 'failed' | 'not_found';

/** POST /verification/verify (spec section 3, Verification result). */
export interface VerificationResult {
  verified: boolean;
  message: string;
  certificate: {
    id: string;
    name: string | null;
    fileType: FileType;
    issuedDate: string;
    fileHash: string;
    contentHash: string | null;
    imageUrl: string | null;
  } | null;
  uploadedFile: {
    size: number;
    type: AcceptedMimeType;
    hash: string;
  };
  matchChannel: MatchChannel | null;
  outcome: VerificationOutcome;
}

export interface VerificationStats {
  totalCertificates: number;
  verifiedCertificates: number;
  revokedCertificates: number;
  /** Percent (0-100, one decimal) of logged verification attempts that verified. */
  verificationRate: number;
}

/** GET /verification/stats. */
export interface VerificationStatsResponse {
  stats: VerificationStats;
}
