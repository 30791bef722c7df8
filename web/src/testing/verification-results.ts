import type { VerificationResult } from '@contract';

export type RegisteredCertificate = NonNullable<VerificationResult['certificate']>;

export const REGISTERED_FILE_HASH = 'a1b2c3d4'.repeat(8);
export const REGISTERED_CONTENT_HASH = 'e5f6a7b8'.repeat(8);
export const UPLOADED_FILE_HASH = '0f1e2d3c'.repeat(8);

/** The registered certificate a verification result names (tests only). */
export const REGISTERED_CERTIFICATE: RegisteredCertificate = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  name: 'Jane Doe - Data Science',
  fileType: 'image',
  issuedDate: '2025-03-05T14:07:00Z',
  fileHash: REGISTERED_FILE_HASH,
  contentHash: REGISTERED_CONTENT_HASH,
  imageUrl: 'https://storage.test/signed/cert.png',
  recipientName: 'Jane Doe',
  issueDate: '2025-03-01',
  status: 'valid',
  expiryDate: null,
  revokedAt: null,
  revocationReason: null,
  suspendedAt: null,
};

/**
 * A verification result as the API returns it (tests only): by default the registered file itself,
 * uploaded again; `overrides` replace whole top-level fields.
 */
export function makeVerificationResult(overrides: Partial<VerificationResult> = {}): VerificationResult {
  return {
    verified: true,
    message: 'Certificate is valid',
    certificate: REGISTERED_CERTIFICATE,
    uploadedFile: { size: 1536 * 1024, type: 'image/png', hash: UPLOADED_FILE_HASH },
    matchChannel: 'exact_file',
    outcome: 'valid',
    verdict: 'identical',
    copyKind: 'original_file',
    differences: [],
    reasons: [],
    confidence: 1,
    evidence: null,
    registeredWithheld: false,
    ...overrides,
  };
}
