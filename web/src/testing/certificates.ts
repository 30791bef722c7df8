import type { Certificate, CertificateListResponse } from '@contract';

let sequence = 0;

/**
 * The status the server reports for these flags (private.certificate_status; dates left out), so a
 * fixture that is revoked, suspended, pending or rejected also says so in `status`.
 */
function statusOf(certificate: Certificate): Certificate['status'] {
  if (certificate.revoked) return 'revoked';
  if (certificate.verification_status === 'pending') return 'pending';
  if (certificate.verification_status === 'failed') return 'failed';
  return certificate.suspended ? 'suspended' : 'valid';
}

/** A certificate as the API returns it, with readable defaults (tests only). */
export function makeCertificate(overrides: Partial<Certificate> = {}): Certificate {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  const certificate: Certificate = {
    id,
    certificate_name: `Certificate ${sequence}`,
    certificate_hash: 'c'.repeat(64),
    image_url: `https://storage.test/signed/${sequence}.png`,
    file_type: 'image',
    mime_type: 'image/png',
    file_size: 2048,
    file_hash: `${'ab12cd34'.repeat(7)}${String(sequence).padStart(8, '0')}`,
    content_hash: 'ef56ab78'.repeat(8),
    ocr_content: 'CERTIFICATE OF COMPLETION',
    verification_status: 'verified',
    revoked: false,
    revoked_at: null,
    created_at: '2025-03-05T14:07:00Z',
    user_id: '11111111-2222-4333-8444-555555555555',
    recipient_name: null,
    recipient_email: null,
    holder_id: null,
    course: null,
    grade: null,
    issue_date: null,
    expiry_date: null,
    certificate_number: null,
    issuer: null,
    revocation_reason: null,
    suspended: false,
    suspended_at: null,
    suspension_reason: null,
    public_id: 'AbCdEfGhIjKlMnOpQrStUv',
    page_public: false,
    status: 'valid',
    ...overrides,
  };
  return overrides.status ? certificate : { ...certificate, status: statusOf(certificate) };
}

/** One page of a certificate list. */
export function makePage(
  certificates: Certificate[],
  { totalCount = certificates.length, offset = 0, limit = 50, hasMore = false } = {},
): CertificateListResponse {
  return { certificates, totalCount, pagination: { limit, offset, hasMore } };
}
