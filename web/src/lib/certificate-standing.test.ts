import { describe, expect, it } from 'vitest';
import type { CertificateStanding } from '@contract';
import { standingSentence } from './certificate-standing';

const VALID: CertificateStanding = {
  status: 'valid',
  expiryDate: null,
  revokedAt: null,
  revocationReason: null,
  suspendedAt: null,
};

describe('standingSentence', () => {
  it('says valid', () => {
    expect(standingSentence(VALID)).toBe('This certificate is valid.');
  });

  it('says when a certificate was revoked and why', () => {
    expect(
      standingSentence({
        ...VALID,
        status: 'revoked',
        revokedAt: '2026-11-25T12:00:00Z',
        revocationReason: 'Issued in error',
      }),
    ).toBe('This certificate was revoked on Nov 25, 2026. Reason: Issued in error');
    expect(standingSentence({ ...VALID, status: 'revoked', revokedAt: '2026-11-25T12:00:00Z' })).toBe(
      'This certificate was revoked on Nov 25, 2026.',
    );
  });

  it('says since when a certificate is suspended', () => {
    expect(standingSentence({ ...VALID, status: 'suspended', suspendedAt: '2026-11-24T12:00:00Z' })).toBe(
      'This certificate was suspended on Nov 24, 2026: it is not valid for now.',
    );
  });

  it('says on which day a certificate expired, that day in any time zone', () => {
    expect(standingSentence({ ...VALID, status: 'expired', expiryDate: '2025-06-30' })).toBe(
      'This certificate expired on Jun 30, 2025.',
    );
  });

  it('says an unknown date rather than none', () => {
    expect(standingSentence({ ...VALID, status: 'expired' })).toBe(
      'This certificate expired on an unknown date.',
    );
  });

  it('says why an upload under or after review is not valid', () => {
    expect(standingSentence({ ...VALID, status: 'pending' })).toMatch(/awaits review.*not valid yet/);
    expect(standingSentence({ ...VALID, status: 'failed' })).toMatch(/rejected during review.*not valid/);
  });
});
