import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as certificatesApi from '@/api/certificates';
import { ApiError } from '@/api/client';
import * as files from '@/lib/files';
import { makeCertificate } from '@/testing/certificates';
import { renderWithProviders } from '@/testing/render';
import { CertificateCard } from './certificate-card';
import { CertificateDownloadButton } from './certificate-download-button';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CertificateCard', () => {
  it('is an article labelled by its title with the status pill, the asked-for facts and the slots', async () => {
    const onView = vi.fn();
    const certificate = makeCertificate({
      certificate_name: 'Diploma',
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 262_144,
      recipient_name: 'Ada Lovelace',
      issuer: 'Analytical College',
    });
    const { user } = renderWithProviders(
      <CertificateCard
        certificate={certificate}
        facts={['parties', 'id', 'file']}
        sizeUnit="MB"
        onView={onView}
        viewLabel="View Certificate"
        actions={<button type="button">Extra action</button>}
        footer={<p>Footer slot</p>}
      />,
    );
    const card = screen.getByRole('article', { name: 'Diploma' });
    expect(within(card).getByRole('heading', { name: 'Diploma' })).toBeInTheDocument();
    expect(within(card).getByText('Valid')).toBeInTheDocument();
    expect(within(card).getByText('Ada Lovelace · Analytical College')).toBeInTheDocument();
    expect(within(card).getByText(`ID: ${certificate.id.slice(-8)}`)).toBeInTheDocument();
    expect(within(card).getByText('PDF · 0.25 MB')).toBeInTheDocument();
    expect(within(card).queryByText(/^Created/)).not.toBeInTheDocument();
    expect(within(card).queryByText('Hash')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Extra action' })).toBeInTheDocument();
    expect(within(card).getByText('Footer slot')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'View Certificate Diploma' }));
    expect(onView).toHaveBeenCalledOnce();
  });

  it('shows the admin facts, the REVOKED ribbon and the download icon; an unnamed one is Untitled', () => {
    const certificate = makeCertificate({
      certificate_name: '  ',
      revoked: true,
      revoked_at: '2025-04-01T09:30:00Z',
      file_size: 1_572_864,
    });
    renderWithProviders(
      <CertificateCard
        certificate={certificate}
        facts={['created', 'revoked', 'file', 'hash']}
        onView={() => {}}
        download
      />,
    );
    const card = screen.getByRole('article', { name: 'Untitled Certificate' });
    expect(within(card).getByText('REVOKED')).toBeInTheDocument();
    expect(within(card).getByText('Revoked')).toBeInTheDocument();
    expect(within(card).getByText(/^Created Mar 5, 2025/)).toBeInTheDocument();
    expect(within(card).getByText(/^Revoked (Mar 31|Apr 1), 2025/)).toBeInTheDocument();
    expect(within(card).getByText('IMAGE · 1.50 MB')).toBeInTheDocument();
    expect(within(card).getByLabelText(`Hash ${certificate.file_hash}`)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View Untitled Certificate' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download Untitled Certificate' })).toBeEnabled();
  });
});

describe('CertificateDownloadButton', () => {
  it('saves the fetched file under its certificate name', async () => {
    const blob = new Blob(['png']);
    const fetchFile = vi
      .spyOn(certificatesApi, 'downloadCertificateFile')
      .mockResolvedValue({ blob, fileName: 'Diploma.png' });
    const save = vi.spyOn(files, 'saveBlob').mockImplementation(() => {});
    const certificate = makeCertificate({ certificate_name: 'Diploma' });
    const { user } = renderWithProviders(
      <CertificateDownloadButton certificate={certificate} title="Diploma" />,
    );

    await user.click(screen.getByRole('button', { name: 'Download Diploma' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(blob, 'Diploma.png'));
    expect(fetchFile).toHaveBeenCalledWith(certificate);
  });

  it('says so in a toast when the download fails', async () => {
    vi.spyOn(certificatesApi, 'downloadCertificateFile').mockRejectedValue(
      new ApiError('Failed to download certificate', { status: 500 }),
    );
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderWithProviders(
      <CertificateDownloadButton certificate={makeCertificate()} title="Diploma" variant="button" />,
    );

    await user.click(screen.getByRole('button', { name: 'Download Certificate' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Download failed', message: 'Failed to download certificate' }),
      ),
    );
  });

  it('is disabled while the file is not available', () => {
    renderWithProviders(
      <CertificateDownloadButton certificate={makeCertificate({ image_url: null })} title="Diploma" />,
    );
    expect(screen.getByRole('button', { name: 'Download Diploma' })).toBeDisabled();
  });
});
