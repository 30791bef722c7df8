import { fireEvent, screen, within } from '@testing-library/react';
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

  it('edits the details: the contract’s rules first, then only the changed fields with the reason', async () => {
    const certificate = makeCertificate({
      certificate_name: 'Old Title',
      course: 'Welding',
      issue_date: '2026-01-10',
    });
    const edited = {
      ...certificate,
      certificate_name: 'New Title',
      course: null,
    };
    vi.spyOn(api, 'getCertificateDetail')
      .mockResolvedValueOnce({ certificate, history: [] })
      .mockResolvedValue({
        certificate: edited,
        history: [
          {
            id: 3,
            action: 'edited',
            actorId: 'a',
            actorEmail: 'admin@example.com',
            reason: 'Typo',
            details: {
              certificate_name: { from: 'Old Title', to: 'New Title' },
              course: { from: 'Welding', to: null },
            },
            createdAt: '2026-11-22T10:00:00Z',
          },
        ],
      });
    const update = vi.spyOn(api, 'updateCertificate').mockResolvedValue({
      message: 'Certificate updated',
      certificate: edited,
      recipient: null,
      holderName: null,
      invitationError: null,
    });
    const { user } = renderWithProviders(<CertificateLifecycle certificateId={certificate.id} />);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit details of Old Title' });
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    const expiry = within(dialog).getByLabelText('Expiry date');
    fireEvent.change(expiry, { target: { value: '2025-12-31' } });
    await user.click(save);
    expect(await within(dialog).findByText('The expiry date cannot be before the issue date')).toBeVisible();
    expect(update).not.toHaveBeenCalled();

    fireEvent.change(expiry, { target: { value: '' } });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, ' New Title ');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Course or award' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for the change/ }), 'Typo');
    await user.click(save);
    expect(update).toHaveBeenCalledWith(certificate.id, {
      certificateName: 'New Title',
      course: null,
      reason: 'Typo',
    });
    expect(await screen.findByText('Certificate updated')).toBeInTheDocument();
    const history = await screen.findByLabelText('History');
    expect(await within(history).findByText('Title: Old Title → New Title')).toBeInTheDocument();
    expect(within(history).getByText('Course or award: Welding → none')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Edit details/ })).not.toBeInTheDocument();
  });
});
