import type {
  CertificateDetailResponse,
  CertificateFieldsUpdateResponse,
  CertificatePageRequest,
  ExtractCertificateRequest,
  ExtractCertificateResponse,
  IssueCertificateResponse,
  LifecycleReasonRequest,
  PublicCertificatePage,
  Certificate,
  CertificateActionResponse,
  CertificateListResponse,
  CertificateStatsQuery,
  CertificateStatsResponse,
  ListCertificatesQuery,
  ListRevokedCertificatesQuery,
  ResendInvitationRequest,
  ResendInvitationResponse,
  RevokeCertificateResponse,
  UpdateCertificateRequest,
  UploadCertificateRequest,
  UserCertificatesQuery,
  UserCertificatesResponse,
  VerifiableCopyFormat,
} from '@contract';
import { ACCEPTED_FILE_EXTENSIONS } from '@contract';
import { paths } from '@/config/paths';
import { ApiError, NETWORK_ERROR_MESSAGE } from './client';
import { apiRequest } from './request';

/** The spec's default messages (section 8) for certificate calls. */
export const CERTIFICATE_MESSAGES = {
  upload: 'Upload failed',
  fetch: 'Failed to fetch certificates',
  loadMore: 'Failed to load more certificates',
  revoke: 'Failed to revoke certificate',
  fetchRevoked: 'Failed to fetch revoked certificates',
  loadMoreRevoked: 'Failed to load more revoked certificates',
  unrevoke: 'Failed to unrevoke certificate',
  approve: 'Failed to approve certificate',
  reject: 'Failed to reject certificate',
  stats: 'Failed to fetch stats',
  download: 'Failed to download certificate',
  verifiableCopy: 'Failed to make a verifiable copy',
  update: 'Failed to update certificate',
} as const;

interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The contract's input types, with page numbers as numbers (the schemas also coerce strings). */
interface PageQuery {
  limit?: number;
  offset?: number;
}
export type CertificateListQuery = Omit<ListCertificatesQuery, 'limit' | 'offset'> & PageQuery;
export type RevokedCertificateListQuery = Omit<ListRevokedCertificatesQuery, 'limit' | 'offset'> & PageQuery;
export type UserCertificatePageQuery = Omit<UserCertificatesQuery, 'limit' | 'offset'> & PageQuery;

/** POST /certificates/upload-base64: stores and processes a certificate for `userId`. */
export function uploadCertificate(
  request: UploadCertificateRequest,
  options: CallOptions = {},
): Promise<IssueCertificateResponse> {
  return apiRequest('/certificates/upload-base64', {
    method: 'POST',
    body: { mode: 'process', ...request },
    defaultMessage: CERTIFICATE_MESSAGES.upload,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}

/** GET /certificates/user/{userId}: one page of the user's certificates and their count. */
export function getUserCertificates(
  userId: string,
  query: UserCertificatePageQuery = {},
  options: CallOptions = {},
): Promise<UserCertificatesResponse> {
  return apiRequest(`/certificates/user/${encodeURIComponent(userId)}`, {
    query: { limit: query.limit, offset: query.offset },
    defaultMessage: CERTIFICATE_MESSAGES.fetch,
    signal: options.signal,
  });
}

/** GET /certificates/all (admin). A later page (offset > 0) fails with the spec's "load more" default. */
export function listCertificates(
  query: CertificateListQuery = {},
  options: CallOptions = {},
): Promise<CertificateListResponse> {
  return apiRequest('/certificates/all', {
    query: { ...query },
    defaultMessage: (query.offset ?? 0) > 0 ? CERTIFICATE_MESSAGES.loadMore : CERTIFICATE_MESSAGES.fetch,
    signal: options.signal,
  });
}

/** GET /certificates/stats (admin); `scope: 'revoked'` gives the revoked screen's stats (extension). */
export function getCertificateStats(
  query: CertificateStatsQuery = {},
  options: CallOptions = {},
): Promise<CertificateStatsResponse> {
  return apiRequest('/certificates/stats', {
    query: { scope: query.scope },
    defaultMessage: CERTIFICATE_MESSAGES.stats,
    signal: options.signal,
  });
}

/** POST /certificates/revoke/{certificateId} (admin); the reason is required (issue 9). */
export function revokeCertificate(certificateId: string, reason: string): Promise<RevokeCertificateResponse> {
  return apiRequest(`/certificates/revoke/${encodeURIComponent(certificateId)}`, {
    method: 'POST',
    body: { reason } satisfies LifecycleReasonRequest,
    defaultMessage: CERTIFICATE_MESSAGES.revoke,
  });
}

/** GET /certificates/revoked (admin). A later page fails with the spec's "load more" default. */
export function listRevokedCertificates(
  query: RevokedCertificateListQuery = {},
  options: CallOptions = {},
): Promise<CertificateListResponse> {
  return apiRequest('/certificates/revoked', {
    query: { ...query },
    defaultMessage:
      (query.offset ?? 0) > 0 ? CERTIFICATE_MESSAGES.loadMoreRevoked : CERTIFICATE_MESSAGES.fetchRevoked,
    signal: options.signal,
  });
}

/** POST /certificates/unrevoke/{id} (admin). */
export function unrevokeCertificate(certificateId: string): Promise<CertificateActionResponse> {
  return apiRequest(`/certificates/unrevoke/${encodeURIComponent(certificateId)}`, {
    method: 'POST',
    defaultMessage: CERTIFICATE_MESSAGES.unrevoke,
  });
}

/** POST /certificates/approve/{id} (admin, extension): a user's pending upload becomes verified. */
export function approveCertificate(certificateId: string): Promise<CertificateActionResponse> {
  return apiRequest(`/certificates/approve/${encodeURIComponent(certificateId)}`, {
    method: 'POST',
    defaultMessage: CERTIFICATE_MESSAGES.approve,
  });
}

/** POST /certificates/reject/{id} (admin, extension): a user's pending upload becomes failed. */
export function rejectCertificate(certificateId: string): Promise<CertificateActionResponse> {
  return apiRequest(`/certificates/reject/${encodeURIComponent(certificateId)}`, {
    method: 'POST',
    defaultMessage: CERTIFICATE_MESSAGES.reject,
  });
}

/** The usual extension of each accepted type (the contract's list). */
const EXTENSION_BY_MIME: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(ACCEPTED_FILE_EXTENSIONS).map(([mime, names]) => [mime, names[0]]),
);

/** `{certificate name}.{extension}`: the name a downloaded certificate is saved under. */
export function certificateFileName(
  certificate: Pick<Certificate, 'certificate_name' | 'mime_type' | 'file_type' | 'id'>,
): string {
  const extension =
    EXTENSION_BY_MIME[certificate.mime_type] ?? (certificate.file_type === 'pdf' ? 'pdf' : 'img');
  const base = (certificate.certificate_name ?? '').trim() || `certificate-${certificate.id.slice(-8)}`;
  const safe = base.replace(/[\\/:*?"<>|]+/g, '_');
  return safe.toLowerCase().endsWith(`.${extension}`) ? safe : `${safe}.${extension}`;
}

/**
 * Fetches the certificate's stored file through its signed URL. The browser ignores `download`
 * names on cross-origin links, so the bytes are fetched and saved under `certificateFileName`.
 */
export async function downloadCertificateFile(
  certificate: Pick<Certificate, 'image_url' | 'certificate_name' | 'mime_type' | 'file_type' | 'id'>,
): Promise<{ blob: Blob; fileName: string }> {
  if (!certificate.image_url) {
    throw new ApiError('The certificate file is not available', { status: 404 });
  }
  let response: Response;
  try {
    response = await fetch(certificate.image_url);
  } catch (cause) {
    throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network', cause });
  }
  if (!response.ok) throw new ApiError(CERTIFICATE_MESSAGES.download, { status: response.status });
  return { blob: await response.blob(), fileName: certificateFileName(certificate) };
}

/**
 * GET /certificates/{id}/verifiable-copy (owner, holder or admin; extension issue 9): the certificate
 * with a strip carrying a QR code of its public page and its number, as a PDF or a PNG. The server
 * registers the copy, so the file verifies by its exact bytes.
 */
export async function downloadVerifiableCopy(
  certificate: Pick<Certificate, 'id' | 'certificate_number'>,
  format: VerifiableCopyFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const blob = await apiRequest<Blob>(`/certificates/${encodeURIComponent(certificate.id)}/verifiable-copy`, {
    query: { format },
    responseType: 'blob',
    defaultMessage: CERTIFICATE_MESSAGES.verifiableCopy,
  });
  const base =
    (certificate.certificate_number ?? '').replace(/[^A-Za-z0-9._-]+/g, '-') || certificate.id.slice(-8);
  return { blob, fileName: `certificate-${base}-verifiable.${format}` };
}

/** GET /certificates/public/{publicId} (anyone, extension issue 9): the public credential page. */
export function getPublicCertificate(
  publicId: string,
  options: CallOptions = {},
): Promise<PublicCertificatePage> {
  return apiRequest(`/certificates/public/${encodeURIComponent(publicId)}`, {
    defaultMessage: 'Certificate not found',
    signal: options.signal,
  });
}

/** GET /certificates/{id} (owner, holder or admin): the certificate and its history. */
export function getCertificateDetail(
  id: string,
  options: CallOptions = {},
): Promise<CertificateDetailResponse> {
  return apiRequest(`/certificates/${encodeURIComponent(id)}`, {
    defaultMessage: 'Failed to fetch certificate',
    signal: options.signal,
  });
}

/** POST /certificates/suspend/{id} (admin): the reason is required. */
export function suspendCertificate(id: string, reason: string): Promise<CertificateActionResponse> {
  return apiRequest(`/certificates/suspend/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { reason } satisfies LifecycleReasonRequest,
    defaultMessage: 'Failed to suspend certificate',
  });
}

/** POST /certificates/resume/{id} (admin). */
export function resumeCertificate(id: string): Promise<CertificateActionResponse> {
  return apiRequest(`/certificates/resume/${encodeURIComponent(id)}`, {
    method: 'POST',
    defaultMessage: 'Failed to resume certificate',
  });
}

/** PATCH /certificates/{id}/page (admin, owner or holder): make the public page public or private. */
export function setCertificatePage(id: string, isPublic: boolean): Promise<CertificateActionResponse> {
  return apiRequest(`/certificates/${encodeURIComponent(id)}/page`, {
    method: 'PATCH',
    body: { public: isPublic } satisfies CertificatePageRequest,
    defaultMessage: 'Failed to change the certificate page',
  });
}

/**
 * PATCH /certificates/{id} (admin, extension issue 9): changes the given fields (null clears one); the
 * change and its reason go to the certificate's history. A new recipient e-mail is invited as on issue,
 * landing on the accept-invitation page.
 */
export function updateCertificate(
  id: string,
  request: Omit<UpdateCertificateRequest, 'invitationRedirectTo'>,
): Promise<CertificateFieldsUpdateResponse> {
  return apiRequest(`/certificates/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: {
      ...request,
      ...(request.recipientEmail ? { invitationRedirectTo: invitationRedirectUrl() } : {}),
    } satisfies UpdateCertificateRequest,
    defaultMessage: CERTIFICATE_MESSAGES.update,
  });
}

/** POST /certificates/extract (admin): the fields printed on a file, to pre-fill the issue form. */
export function extractCertificateFields(
  request: ExtractCertificateRequest,
  options: CallOptions = {},
): Promise<ExtractCertificateResponse> {
  return apiRequest('/certificates/extract', {
    method: 'POST',
    body: request,
    defaultMessage: 'Failed to read the certificate',
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}

/** Where the invitation link lands: the app's accept-invitation page (must be on the auth redirect allow list). */
export function invitationRedirectUrl(): string {
  return `${window.location.origin}${paths.acceptInvitation}`;
}

/** POST /certificates/{id}/invite (admin): mails the recipient's invitation again. */
export function resendInvitation(id: string): Promise<ResendInvitationResponse> {
  return apiRequest(`/certificates/${encodeURIComponent(id)}/invite`, {
    method: 'POST',
    body: { invitationRedirectTo: invitationRedirectUrl() } satisfies ResendInvitationRequest,
    defaultMessage: 'Failed to send the invitation',
  });
}
