import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicCertificatePage } from '@contract';
import * as api from '@/api/certificates';
import { ApiError } from '@/api/client';
import { renderWithProviders } from '@/testing/render';
import CredentialPage, { statusSentence } from './credential-page';

const PAGE: PublicCertificatePage = {
  publicId: 'AbCdEfGhIjKlMnOpQrStUv',
  title: 'Certificate of Completion',
  recipientName: 'Olivia Bennett',
  course: 'Advanced Data Engineering',
  grade: 'A+',
  issueDate: '2024-03-15',
  expiryDate: null,
  certificateNumber: 'NWA-2024-00123',
  issuer: 'Northwind Academy',
  status: 'valid',
  revokedAt: null,
  revocationReason: null,
  suspendedAt: null,
  registeredAt: '2024-03-16T09:00:00Z',
  fileType: 'image',
  imageUrl: 'https://storage.test/signed/1.png',
};

describe('statusSentence', () => {
  it('says valid, revoked on date with reason, suspended and expired on date', () => {
    expect(statusSentence(PAGE)).toBe('This certificate is valid.');
    expect(
      statusSentence({
        ...PAGE,
        status: 'revoked',
        revokedAt: '2026-11-25T10:00:00Z',
        revocationReason: 'Issued in error',
      }),
    ).toBe('This certificate was revoked on Nov 25, 2026. Reason: Issued in error');
    expect(statusSentence({ ...PAGE, status: 'suspended' })).toMatch(/suspended/);
    expect(statusSentence({ ...PAGE, status: 'expired', expiryDate: '2025-06-30' })).toBe(
      'This certificate expired on Jun 30, 2025.',
    );
  });
});

describe('CredentialPage', () => {
  it('shows the issuer, recipient, title, dates, status and image', async () => {
    vi.spyOn(api, 'getPublicCertificate').mockResolvedValue(PAGE);
    renderWithProviders(<CredentialPage />);
    expect(await screen.findByRole('heading', { name: 'Certificate of Completion' })).toBeInTheDocument();
    expect(screen.getByText('Olivia Bennett')).toBeInTheDocument();
    expect(screen.getByText('Northwind Academy')).toBeInTheDocument();
    expect(screen.getByText('Mar 15, 2024')).toBeInTheDocument();
    expect(screen.getByText('This certificate is valid.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Certificate of Completion/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check a copy of this certificate' })).toBeInTheDocument();
  });

  it('says "not found" when the server does', async () => {
    vi.spyOn(api, 'getPublicCertificate').mockRejectedValue(
      new ApiError('Certificate not found', { status: 404 }),
    );
    renderWithProviders(<CredentialPage />);
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
  });
});
