import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Certificate } from '@contract';
import * as certificatesApi from '@/api/certificates';
import * as files from '@/lib/files';
import { ApiError } from '@/api/client';
import { renderWithProviders } from '@/testing/render';
import { CertificatesTab } from './certificates-tab';

const USER_ID = '11111111-2222-4333-8444-555555555555';

function certificate(overrides: Partial<Certificate>): Certificate {
  return {
    id: '00000000-0000-4000-8000-0000abcdef12',
    certificate_name: 'Diploma',
    certificate_hash: 'c'.repeat(64),
    image_url: null,
    file_type: 'pdf',
    mime_type: 'application/pdf',
    file_size: 262_144,
    file_hash: 'f'.repeat(64),
    content_hash: null,
    ocr_content: null,
    verification_status: 'verified',
    revoked: false,
    revoked_at: null,
    created_at: '2025-03-05T12:00:00Z',
    user_id: USER_ID,
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
}

describe('CertificatesTab', () => {
  it('shows the empty state with a link to /upload', async () => {
    const fetch = vi
      .spyOn(certificatesApi, 'getUserCertificates')
      .mockResolvedValue({ certificates: [], count: 0 });
    renderWithProviders(<CertificatesTab userId={USER_ID} />, { user: { id: USER_ID } });
    expect(await screen.findByText('No Certificates Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a Certificate' })).toHaveAttribute('href', '/upload');
    expect(fetch).toHaveBeenCalledWith(USER_ID, { limit: 50, offset: 0 }, expect.anything());
  });

  it('badges each card Valid, Pending, Rejected or Revoked and shows its facts', async () => {
    vi.spyOn(certificatesApi, 'getUserCertificates').mockResolvedValue({
      count: 4,
      certificates: [
        certificate({ id: 'a-00000001', certificate_name: 'Valid one' }),
        certificate({
          id: 'a-00000002',
          certificate_name: 'Pending one',
          verification_status: 'pending',
          status: 'pending',
        }),
        certificate({
          id: 'a-00000003',
          certificate_name: 'Rejected one',
          verification_status: 'failed',
          status: 'failed',
        }),
        certificate({
          id: 'a-00000004',
          certificate_name: null,
          revoked: true,
          revoked_at: '2025-04-01T00:00:00Z',
          status: 'revoked',
          file_type: 'image',
          mime_type: 'image/png',
        }),
      ],
    });
    renderWithProviders(<CertificatesTab userId={USER_ID} />, { user: { id: USER_ID } });

    const valid = await screen.findByRole('article', { name: 'Valid one' });
    expect(within(valid).getByText('Valid')).toBeInTheDocument();
    expect(within(valid).getByText('ID: 00000001')).toBeInTheDocument();
    expect(within(valid).getByText('PDF · 0.25 MB')).toBeInTheDocument();
    expect(within(valid).getByText(/Issued March [45], 2025/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Pending one' })).getByText('Pending'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Rejected one' })).getByText('Rejected'),
    ).toBeInTheDocument();
    const revoked = screen.getByRole('article', { name: 'cccccccc...cccccccc' });
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).getByText('IMAGE · 0.25 MB')).toBeInTheDocument();
  });

  it('shows the error line with Try Again, which refetches', async () => {
    const fetch = vi
      .spyOn(certificatesApi, 'getUserCertificates')
      .mockRejectedValueOnce(new ApiError('Failed to fetch certificates', { status: 500 }))
      .mockResolvedValueOnce({ certificates: [], count: 0 });
    const { user } = renderWithProviders(<CertificatesTab userId={USER_ID} />, { user: { id: USER_ID } });
    expect(
      await screen.findByText('Error loading certificates: Failed to fetch certificates'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No Certificates Found')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('opens the certificate modal with the image fallback, the text and the download button', async () => {
    vi.spyOn(certificatesApi, 'getUserCertificates').mockResolvedValue({
      count: 1,
      certificates: [certificate({ ocr_content: 'Awarded to Ada Lovelace' })],
    });
    const { user } = renderWithProviders(<CertificatesTab userId={USER_ID} />, { user: { id: USER_ID } });
    await user.click(await screen.findByRole('button', { name: 'View Certificate Diploma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diploma' });
    expect(within(dialog).getByText('Image not available')).toBeInTheDocument();
    expect(within(dialog).getByText('Awarded to Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download Certificate' })).toBeDisabled();
  });

  it('offers a verifiable copy (PDF or PNG) and the share link with its QR code for a verified certificate', async () => {
    vi.spyOn(certificatesApi, 'getUserCertificates').mockResolvedValue({
      count: 2,
      certificates: [
        certificate({ certificate_number: 'NWA-7', page_public: true }),
        certificate({ id: 'a-00000002', certificate_name: 'Pending one', verification_status: 'pending' }),
      ],
    });
    const blob = new Blob(['%PDF-'], { type: 'application/pdf' });
    const download = vi
      .spyOn(certificatesApi, 'downloadVerifiableCopy')
      .mockResolvedValue({ blob, fileName: 'certificate-NWA-7-verifiable.pdf' });
    const save = vi.spyOn(files, 'saveBlob').mockImplementation(() => {});
    const { user } = renderWithProviders(<CertificatesTab userId={USER_ID} />, { user: { id: USER_ID } });
    await user.click(await screen.findByRole('button', { name: 'Download verifiable copy of Diploma' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith(blob, 'certificate-NWA-7-verifiable.pdf'));
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ id: certificate({}).id }), 'pdf');
    // Not for an upload waiting for review.
    expect(screen.queryByRole('button', { name: 'Download verifiable copy of Pending one' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'QR code of the share link of Diploma' }));
    expect(
      await screen.findByRole('img', {
        name: `QR code of ${window.location.origin}/c/AbCdEfGhIjKlMnOpQrStUv`,
      }),
    ).toBeInTheDocument();
  });
});
