import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as api from '@/api/certificates';
import { makeCertificate } from '@/testing/certificates';
import { renderWithProviders } from '@/testing/render';
import { CertificateLifecycle } from './certificate-lifecycle';

describe('CertificateLifecycle', () => {
  it('shows the record and its history, and suspends with the typed reason', async () => {
    const certificate = makeCertificate({ recipient_name: 'Olivia Bennett', page_public: true });
    vi.spyOn(api, 'getCertificateDetail').mockResolvedValue({
      certificate,
      history: [
        {
          id: 1,
          action: 'issued',
          actorId: 'a',
          actorEmail: 'admin@example.com',
          reason: null,
          details: {},
          createdAt: '2026-11-20T10:00:00Z',
        },
        {
          id: 2,
          action: 'revoked',
          actorId: 'a',
          actorEmail: 'admin@example.com',
          reason: 'Issued in error',
          details: {},
          createdAt: '2026-11-21T10:00:00Z',
        },
      ],
    });
    const suspend = vi.spyOn(api, 'suspendCertificate').mockResolvedValue({
      message: 'Certificate suspended',
      certificate: { ...certificate, suspended: true, status: 'suspended' },
    });
    const { user } = renderWithProviders(<CertificateLifecycle certificateId={certificate.id} />);
    expect(await screen.findByText('Olivia Bennett')).toBeInTheDocument();
    const history = screen.getByLabelText('History');
    expect(within(history).getByText('Issued')).toBeInTheDocument();
    expect(within(history).getByText('Reason: Issued in error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Public page' })).toHaveAttribute(
      'href',
      `/c/${certificate.public_id}`,
    );

    const button = screen.getByRole('button', { name: 'Suspend' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reason for suspending' }), 'Under audit');
    await user.click(button);
    expect(suspend).toHaveBeenCalledWith(certificate.id, 'Under audit');
  });
});
