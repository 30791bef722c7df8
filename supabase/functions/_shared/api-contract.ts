/**
 * The API's request and response shapes, defined once.
 *
 * Imported by the `api` edge function (Deno, `zod` from deno.json's import map), by the web app
 * (Vite alias `@contract`, `zod` from node_modules) and by the tests. Field names follow the
 * spec's section 3 and 7; additions beyond the spec are marked "extension".
 */
import { z } from 'zod';
import {
  USER_ROLES,
  USER_STATUSES,
  VERIFICATION_STATUSES,
  FILE_TYPES,
  ACCEPTED_MIME_TYPES,
  MAX_FILE_BYTES,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  CERTIFICATE_SORT_FIELDS,
  REVOKED_SORT_FIELDS,
  SORT_ORDERS,
  type UserRole,
  type UserStatus,
  type VerificationStatus,
  type FileType,
  type AcceptedMimeType,
} from './api-constants.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations and constants (spec sections 3, 5, 9)
// ---------------------------------------------------------------------------------------------

export * from './api-constants.ts';

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
  /** Extension (issue 9): the certificate's printed fields and recipient. */
  recipient_name: string | null;
  recipient_email: string | null;
  /** auth id of the recipient's account once linked by e-mail (the holder), else null. */
  holder_id: string | null;
  course: string | null;
  grade: string | null;
  /** YYYY-MM-DD. */
  issue_date: string | null;
  /** YYYY-MM-DD: the last day it is valid. */
  expiry_date: string | null;
  certificate_number: string | null;
  issuer: string | null;
  revocation_reason: string | null;
  suspended: boolean;
  suspended_at: string | null;
  suspension_reason: string | null;
  /** Random id (128 bits) of the public page /c/{public_id}. */
  public_id: string;
  page_public: boolean;
  /** The status in words, one rule for every screen (revoked > suspended > review state > expired > valid). */
  status: CertificateStatus;
}

/** Extension (issue 9): a certificate's standing, the VERIFICATION_OUTCOMES of a registered certificate. */
export const CERTIFICATE_STATUSES = [
  'valid',
  'revoked',
  'suspended',
  'expired',
  'pending',
  'failed',
] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

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

const isoDate = z.iso.date('Dates must be YYYY-MM-DD');

/**
 * Extension (issue 9): where the invitation link lands (the web app's accept-invitation page); the
 * auth service only honours addresses on its redirect allow list and falls back to its Site URL.
 */
const invitationRedirectSchema = z
  .url({ protocol: /^https?$/, error: 'invitationRedirectTo must be an http(s) URL' })
  .max(2048)
  .optional();
const optionalText = (max: number) => z.string().trim().min(1).max(max).nullish();

/**
 * Extension (issue 9): the printed fields of a certificate, all optional. `recipientEmail` chooses the
 * recipient: an account with that confirmed address becomes the holder at once; an address without an
 * account is mailed an invitation and its certificates become the account's when the invitation is
 * accepted (see IssueCertificateResponse.recipient).
 */
export const certificateFieldsSchema = z.object({
  certificateName: optionalText(200),
  recipientName: optionalText(200),
  recipientEmail: z
    .email('Please enter a valid email')
    .max(254)
    .transform((value) => value.toLowerCase())
    .nullish(),
  course: optionalText(200),
  grade: optionalText(50),
  issueDate: isoDate.nullish(),
  expiryDate: isoDate.nullish(),
  certificateNumber: optionalText(100),
  issuer: optionalText(200),
});
export type CertificateFields = z.input<typeof certificateFieldsSchema>;

const expiryNotBeforeIssue = (fields: { issueDate?: string | null; expiryDate?: string | null }) =>
  !fields.issueDate || !fields.expiryDate || fields.expiryDate >= fields.issueDate;
const EXPIRY_MESSAGE = { message: 'The expiry date cannot be before the issue date', path: ['expiryDate'] };

/**
 * The fields with the rule between them: what the issue form and the bulk review table check before
 * sending, so they refuse exactly what the API would.
 */
export const issueFieldsSchema = certificateFieldsSchema.refine(expiryNotBeforeIssue, EXPIRY_MESSAGE);

export const uploadCertificateRequestSchema = certificateFieldsSchema
  .extend({
    fileData: dataUrlSchema,
    userId: z.guid('userId must be a UUID'),
    mode: z.literal('process').default('process'),
    /** Extension: the chosen file's name, used for the certificate name when none is given. */
    fileName: z.string().trim().min(1).max(255).optional(),
    /** Extension: an explicit certificate name. */
    certificateName: z.string().trim().min(1).max(200).optional(),
    /** Extension (issue 9): show the public page /c/{public_id} (default: on for an admin's upload). */
    pagePublic: z.boolean().optional(),
    invitationRedirectTo: invitationRedirectSchema,
  })
  .refine(expiryNotBeforeIssue, EXPIRY_MESSAGE);

/** Extension (issue 9): PATCH /certificates/{id} (admin) edits the fields; `reason` goes to the history. */
export const updateCertificateRequestSchema = certificateFieldsSchema
  .extend({ reason: z.string().trim().max(500).optional(), invitationRedirectTo: invitationRedirectSchema })
  .refine(expiryNotBeforeIssue, EXPIRY_MESSAGE);
export type UpdateCertificateRequest = z.input<typeof updateCertificateRequestSchema>;

/** Extension (issue 9): POST /certificates/{id}/invite (admin) mails the recipient's invitation again. */
export const resendInvitationRequestSchema = z.object({ invitationRedirectTo: invitationRedirectSchema });
export type ResendInvitationRequest = z.input<typeof resendInvitationRequestSchema>;

/** Extension (issue 9): revoke and suspend need a reason; unrevoke and resume may give one. */
export const lifecycleReasonRequestSchema = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'The reason must be at most 500 characters'),
});
export const optionalReasonRequestSchema = z.object({
  reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional(),
});
export type LifecycleReasonRequest = z.input<typeof lifecycleReasonRequestSchema>;

/** Extension (issue 9): PATCH /certificates/{id}/page (admin, owner or holder). */
export const certificatePageRequestSchema = z.object({ public: z.boolean() });
export type CertificatePageRequest = z.input<typeof certificatePageRequestSchema>;

/** Extension (issue 9): POST /certificates/extract (admin) reads the fields from a file. */
export const extractCertificateRequestSchema = z.object({ fileData: dataUrlSchema });
export type ExtractCertificateRequest = z.input<typeof extractCertificateRequestSchema>;

/** A public page id: 22 base64url characters. */
/** GET /certificates/{id}/verifiable-copy (extension): the copy with a QR code, as a PDF or a PNG. */
export const VERIFIABLE_COPY_FORMATS = ['pdf', 'png'] as const;
export type VerifiableCopyFormat = (typeof VERIFIABLE_COPY_FORMATS)[number];
export const verifiableCopyQuerySchema = z.object({ format: z.enum(VERIFIABLE_COPY_FORMATS).default('pdf') });

export const publicIdParamSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Certificate not found');
export type UploadCertificateRequest = z.input<typeof uploadCertificateRequestSchema>;

export const verifyCertificateRequestSchema = z.object({
  fileData: dataUrlSchema,
});
export type VerifyCertificateRequest = z.input<typeof verifyCertificateRequestSchema>;

/**
 * POST /verification/verify-hash (extension): the SHA-256 the browser computed (WebCrypto), with the
 * file's size and detected type, asked before anything is uploaded. An identical registered file is
 * answered without the file leaving the browser; otherwise the answer says to send the file.
 */
export const verifyHashRequestSchema = z.object({
  fileHash: z.string().regex(/^[0-9a-f]{64}$/, 'fileHash must be 64 lowercase hexadecimal characters'),
  size: z
    .number()
    .int('size must be a whole number of bytes')
    .min(1, 'size must be at least 1 byte')
    .max(MAX_FILE_BYTES, 'File size must be less than 10MB'),
  type: z.enum(ACCEPTED_MIME_TYPES, {
    error: 'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
  }),
});
export type VerifyHashRequest = z.output<typeof verifyHashRequestSchema>;

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

/** The rules of a person's name, the same on the register form and in Edit Profile. */
export const PROFILE_NAME_MIN_LENGTH = 2;
export const PROFILE_FIELD_MAX_LENGTH = 100;
export const USERNAME_MIN_LENGTH = 3;

/** The messages of Edit Profile; the first and last name ones are the register form's (spec section 5). */
export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  firstNameShort: `First name must be at least ${PROFILE_NAME_MIN_LENGTH} characters`,
  lastNameRequired: 'Last name is required',
  lastNameShort: `Last name must be at least ${PROFILE_NAME_MIN_LENGTH} characters`,
  usernameRequired: 'Username is required',
  usernameShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  usernameCharacters: 'Username may contain only letters, digits, dots, hyphens and underscores',
  tooLong: `At most ${PROFILE_FIELD_MAX_LENGTH} characters`,
} as const;

function profileField(required: string, short: string, minLength: number) {
  return z
    .string()
    .trim()
    .min(1, required)
    .min(minLength, short)
    .max(PROFILE_FIELD_MAX_LENGTH, PROFILE_MESSAGES.tooLong);
}

/** PATCH /users/me (extension): Edit Profile, the caller's own names. */
export const updateOwnProfileRequestSchema = z.strictObject({
  firstname: profileField(
    PROFILE_MESSAGES.firstNameRequired,
    PROFILE_MESSAGES.firstNameShort,
    PROFILE_NAME_MIN_LENGTH,
  ),
  lastname: profileField(
    PROFILE_MESSAGES.lastNameRequired,
    PROFILE_MESSAGES.lastNameShort,
    PROFILE_NAME_MIN_LENGTH,
  ),
  username: profileField(
    PROFILE_MESSAGES.usernameRequired,
    PROFILE_MESSAGES.usernameShort,
    USERNAME_MIN_LENGTH,
  ).regex(/^[\p{L}\p{N}._-]+$/u, PROFILE_MESSAGES.usernameCharacters),
});
export type UpdateOwnProfileRequest = z.infer<typeof updateOwnProfileRequestSchema>;

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

/** Extension (issue 9): one entry of a certificate's append-only history. */
export const CERTIFICATE_EVENT_ACTIONS = [
  'issued',
  'uploaded',
  'edited',
  'revoked',
  'unrevoked',
  'suspended',
  'resumed',
  'approved',
  'rejected',
  'made_public',
  'made_private',
  'holder_linked',
  'holder_unlinked',
  'deleted',
] as const;
export type CertificateEventAction = (typeof CERTIFICATE_EVENT_ACTIONS)[number];

export interface CertificateEvent {
  id: number;
  action: CertificateEventAction;
  actorId: string | null;
  actorEmail: string | null;
  reason: string | null;
  /** For edits: `{ field: { from, to } }`; for issued/uploaded: the initial fields. */
  details: Record<string, unknown>;
  createdAt: string;
}

/** GET /certificates/{id} (owner, holder or admin). */
export interface CertificateDetailResponse {
  certificate: Certificate;
  history: CertificateEvent[];
}

/**
 * Extension (issue 9): what became of the recipient when an admin issued or re-addressed a certificate.
 * - `holder`: an account with that confirmed address holds it now (no mail).
 * - `invited`: the address had no account (or an invitation not yet accepted); an invitation was mailed.
 * - `unconfirmed`: someone signed up with that address but has not confirmed it; no invitation (the
 *   sign-up's own confirmation mail stands), the certificate is theirs once they confirm.
 * - `invitation_failed`: the invitation could not be sent; the certificate is issued all the same and
 *   the admin can send it again (POST /certificates/{id}/invite). `invitationError` says why.
 */
export const RECIPIENT_OUTCOMES = ['holder', 'invited', 'unconfirmed', 'invitation_failed'] as const;
export type RecipientOutcome = (typeof RECIPIENT_OUTCOMES)[number];

export interface RecipientResult {
  /** null when the certificate has no recipient e-mail (or, on PATCH, when it did not change). */
  recipient: RecipientOutcome | null;
  /** The holder's display name, for `holder`. */
  holderName: string | null;
  /** Why the invitation was not sent, for `invitation_failed`. */
  invitationError: string | null;
}

/** POST /certificates/suspend|resume/{id} and /{id}/page. */
export type CertificateUpdateResponse = CertificateActionResponse;

/** PATCH /certificates/{id}: a changed `recipientEmail` is resolved (and invited) as on issue. */
export interface CertificateFieldsUpdateResponse extends CertificateActionResponse, RecipientResult {}

/** POST /certificates/upload-base64: the upload answer plus, for an admin's issue, what became of the recipient. */
export interface IssueCertificateResponse extends UploadCertificateResponse, RecipientResult {}

/** POST /certificates/{id}/invite. */
export interface ResendInvitationResponse extends RecipientResult {
  message: string;
}

/** POST /certificates/extract: fields read from the file, for the issue form to pre-fill. */
export interface ExtractCertificateResponse {
  fields: {
    certificateName: string | null;
    recipientName: string | null;
    course: string | null;
    grade: string | null;
    issueDate: string | null;
    expiryDate: string | null;
    certificateNumber: string | null;
    issuer: string | null;
  };
  /**
   * Where the text came from; `stored`: the file is already registered, so the fields and text are its
   * record's and the file was not read again.
   */
  textSource: 'pdf-text' | 'ocr' | 'pdf-ocr' | 'none' | 'stored';
  /** The text the fields were read from. */
  text: string;
  /** Whether this exact file is already registered (issuing it again would be refused). */
  duplicate: boolean;
}

/**
 * Extension (issue 9): a registered certificate's standing and what explains it, as its public page and a
 * verification result both show it (one sentence for both in the web app): revoked on which day and why,
 * suspended since when, expired after which day. The suspension's reason stays with the admins.
 */
export interface CertificateStanding {
  status: CertificateStatus;
  /** YYYY-MM-DD: the last day it is valid. */
  expiryDate: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
  suspendedAt: string | null;
}

/** GET /certificates/public/{publicId} (anyone): the public credential page. */
export interface PublicCertificatePage extends CertificateStanding {
  publicId: string;
  title: string | null;
  recipientName: string | null;
  course: string | null;
  grade: string | null;
  /** YYYY-MM-DD, as printed. */
  issueDate: string | null;
  certificateNumber: string | null;
  issuer: string | null;
  registeredAt: string;
  fileType: FileType;
  /** Short-lived signed URL of the certificate's file. */
  imageUrl: string | null;
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

/**
 * PATCH /users/{userId}/role and /status; GET and PATCH /users/me (extension: the caller's own
 * profile, any signed-in user).
 */
export interface UserResponse {
  user: AdminUser;
}

/** DELETE /users/{userId}. */
export interface DeleteUserResponse {
  message: string;
}

/**
 * Which evidence found the registered certificate (extension): the same bytes, the QR code printed
 * on the copy (certificate_code), the certificate number printed on it and read by OCR
 * (certificate_number), or the page's own look (visual retrieval).
 */
export const MATCH_CHANNELS = ['exact_file', 'certificate_code', 'certificate_number', 'visual'] as const;
export type MatchChannel = (typeof MATCH_CHANNELS)[number];
/** The channels of a copy compared with the registered original (every one but the same bytes). */
export type ComparisonChannel = Exclude<MatchChannel, 'exact_file'>;

/** The registered certificate's standing when one matched, or that nothing matched (extension). */
export const VERIFICATION_OUTCOMES = [
  'valid',
  'revoked',
  'suspended',
  'expired',
  'pending',
  'failed',
  'not_found',
] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/**
 * What the comparison with the registered original concluded (extension, verification engine v2):
 *  - identical: the same bytes as a registered file;
 *  - authentic: the same certificate, every region of the page matches (a re-save, scan or photo);
 *  - altered: the copy matches a registered certificate except in the regions listed in `differences`;
 *  - unknown: no registered certificate matches with enough evidence (never a guess).
 */
export const VERDICTS = ['identical', 'authentic', 'altered', 'unknown'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** What kind of copy the upload looks like, when the engine can tell (extension). */
export const COPY_KINDS = ['original_file', 'digital_copy', 'scan', 'photo', 'screenshot'] as const;
export type CopyKind = (typeof COPY_KINDS)[number];

/** Named fields of a certificate that a difference can be attributed to (extension). */
export const CERTIFICATE_FIELDS = [
  'title',
  'recipient_name',
  'course',
  'grade',
  'issue_date',
  'expiry_date',
  'certificate_number',
  'issuer',
  'seal',
  'signature',
  'photo',
  'logo',
] as const;
export type CertificateField = (typeof CERTIFICATE_FIELDS)[number];

/** A box on the registered original's page, as fractions (0-1) of its width and height. */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One region where the copy differs from the registered original (extension). */
export interface VerificationDifference {
  /** The field the region belongs to, when known. */
  field: CertificateField | null;
  /** Words for people: "Recipient name", "Grade", "Text line 7", "Seal". */
  label: string;
  box: PageBox;
  /**
   * What the original says there, when it is text and the result may show it: null in an altered
   * answer unless the certificate's public page is public or the caller is its holder or an admin
   * (`registeredWithheld`). `label` never quotes it.
   */
  registered: string | null;
  /** What OCR reads in the copy there, when it could read it. */
  reads: string | null;
}

/** POST /verification/verify (spec section 3, Verification result, plus extensions). */
export interface VerificationResult {
  verified: boolean;
  message: string;
  /**
   * The registered certificate that matched: the spec's fields (`name` is its title, `issuedDate` when it
   * was registered) and, as an extension, the recipient and issue date printed on it and its standing
   * (`status` equals `outcome`). Shown whether or not its public page is public when the copy matched
   * (identical or authentic): the verifier holds a copy that carries the same name and dates, and the
   * result shows nothing its public page would not. For an altered copy only which certificate and its
   * status: the printed fields and the dates and reason of its standing are null.
   */
  certificate:
    | ({
        id: string;
        name: string | null;
        fileType: FileType;
        issuedDate: string;
        fileHash: string;
        contentHash: string | null;
        imageUrl: string | null;
        recipientName: string | null;
        /** YYYY-MM-DD, as printed. */
        issueDate: string | null;
      } & CertificateStanding)
    | null;
  uploadedFile: {
    size: number;
    type: AcceptedMimeType;
    hash: string;
  };
  matchChannel: MatchChannel | null;
  outcome: VerificationOutcome;
  /** Extension (engine v2). */
  verdict: Verdict;
  copyKind: CopyKind | null;
  differences: VerificationDifference[];
  /** Plain sentences saying why, e.g. "Too little of the certificate is visible to compare it". */
  reasons: string[];
  /** 0-1: how sure the engine is of the verdict. */
  confidence: number;
  /**
   * Pictures for the comparison view: the registered original's page (a data URL; null when the result
   * may not show it, as `registered`) and the copy laid over it in the original's coordinates (a data URL).
   */
  evidence: { originalPage: string | null; alignedCopy: string | null } | null;
  /**
   * Extension: true when the answer is altered and the registered text of its differences and the
   * original's page are withheld, because the certificate's public page is private and the caller is
   * neither its holder nor an admin.
   */
  registeredWithheld: boolean;
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
