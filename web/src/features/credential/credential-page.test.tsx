import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicCertificatePage } from '@contract';
import * as api from '@/api/certificates';
import { ApiError } from '@/api/client';
import { renderWithProviders } from '@/testing/render';
import CredentialPage from './credential-page';

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

  it('says when and why a revoked certificate was revoked', async () => {
    vi.spyOn(api, 'getPublicCertificate').mockResolvedValue({
      ...PAGE,
      status: 'revoked',
      revokedAt: '2026-11-25T12:00:00Z',
      revocationReason: 'Issued in error',
    });
    renderWithProviders(<CredentialPage />);
    expect(
      await screen.findByText('This certificate was revoked on Nov 25, 2026. Reason: Issued in error'),
    ).toBeInTheDocument();
  });

  it('says "not found" when the server does', async () => {
    vi.spyOn(api, 'getPublicCertificate').mockRejectedValue(
      new ApiError('Certificate not found', { status: 404 }),
    );
    renderWithProviders(<CredentialPage />);
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
  });
});
