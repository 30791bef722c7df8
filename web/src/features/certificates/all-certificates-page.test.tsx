import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CertificateStats } from '@contract';
import { notifications } from '@mantine/notifications';
import * as api from '@/api';
import { makeCertificate, makePage } from '@/testing/certificates';
import { renderWithProviders } from '@/testing/render';
import AllCertificatesPage from './all-certificates-page';

vi.mock('@/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api')>();
  return {
    ...actual,
    listCertificates: vi.fn(),
    getCertificateStats: vi.fn(),
    revokeCertificate: vi.fn(),
    approveCertificate: vi.fn(),
    rejectCertificate: vi.fn(),
  };
});

// The whole web suite shares two cores; give async screens more than the default second.
configure({ asyncUtilTimeout: 5000 });

const ADMIN = { id: 'admin-id', role: 'admin', email: 'admin@example.com' };

const STATS: CertificateStats = {
  total: 3,
  totalFileSize: 3 * 1024 * 1024,
  byFileType: { image: 2, pdf: 1 },
  byVerificationStatus: { verified: 2, pending: 1 },
  latestRevokedAt: null,
};

async function renderAsAdmin() {
  const rendered = renderWithProviders(<AllCertificatesPage />, { user: ADMIN });
  await screen.findByRole('heading', { name: 'All Certificates (Admin)' });
  return rendered;
}

beforeEach(() => {
  notifications.clean();
  for (const fn of [
    api.listCertificates,
    api.revokeCertificate,
    api.approveCertificate,
    api.rejectCertificate,
  ]) {
    vi.mocked(fn).mockReset();
  }
  vi.mocked(api.getCertificateStats).mockResolvedValue({ stats: STATS });
});

describe('AllCertificatesPage', () => {
  it('lists certificates with count line, stats, card details and footer', async () => {
    vi.mocked(api.listCertificates).mockResolvedValue(
      makePage([
        makeCertificate({ certificate_name: 'Jane Doe - BSc', file_size: 1536 * 1024 }),
        makeCertificate({ certificate_name: null, file_type: 'pdf', mime_type: 'application/pdf' }),
        makeCertificate({ certificate_name: 'Old', revoked: true, revoked_at: '2025-04-01T09:30:00Z' }),
      ]),
    );
    const { user } = await renderAsAdmin();

    expect(await screen.findByText('3 certificates')).toBeInTheDocument();
    expect(api.listCertificates).toHaveBeenCalledWith(
      {
        limit: 50,
        offset: 0,
        sortBy: 'created_at',
        sortOrder: 'desc',
        fileType: undefined,
        verificationStatus: undefined,
      },
      expect.anything(),
    );

    expect(screen.queryByRole('region', { name: 'Certificate statistics' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stats' }));
    expect(screen.getByRole('button', { name: 'Stats' })).toHaveAttribute('aria-pressed', 'true');
    const stats = screen.getByRole('region', { name: 'Certificate statistics' });
    expect(within(stats).getByText('Total Certificates').nextSibling).toHaveTextContent('3');
    expect(within(stats).getByText('Total Storage').nextSibling).toHaveTextContent('3.00 MB');
    expect(within(stats).getByText('File Types').nextSibling).toHaveTextContent('2');
    expect(within(stats).getByText('Verified').nextSibling).toHaveTextContent('2');

    const jane = screen.getByRole('article', { name: 'Jane Doe - BSc' });
    expect(within(jane).getByText('Created Mar 5, 2025, 2:07 PM')).toBeInTheDocument();
    expect(within(jane).getByText('IMAGE · 1.50 MB')).toBeInTheDocument();
    expect(within(jane).getByText('ab12cd34...00000001', { exact: false })).toBeInTheDocument();
    expect(within(jane).getByText('Valid')).toBeInTheDocument();
    expect(within(jane).getByRole('button', { name: 'Revoke Jane Doe - BSc' })).toBeInTheDocument();

    const untitled = screen.getByRole('article', { name: 'Untitled Certificate' });
    expect(within(untitled).getByText('PDF document')).toBeInTheDocument();

    const old = screen.getByRole('article', { name: 'Old' });
    expect(within(old).getByText('REVOKED')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    expect(screen.getByText('Showing 3 of 3 certificates (Page 1 of 1)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('Load More appends the next page at the number already loaded', async () => {
    const first = [makeCertificate(), makeCertificate()];
    const second = [makeCertificate(), makeCertificate()];
    vi.mocked(api.listCertificates)
      .mockResolvedValueOnce(makePage(first, { totalCount: 5, limit: 2, offset: 0, hasMore: true }))
      .mockResolvedValueOnce(makePage(second, { totalCount: 5, limit: 2, offset: 2, hasMore: true }));
    const { user } = await renderAsAdmin();

    expect(await screen.findByText('Showing 2 of 5 certificates (Page 1 of 3)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText('Showing 4 of 5 certificates (Page 2 of 3)')).toBeInTheDocument();
    expect(vi.mocked(api.listCertificates).mock.calls[1]?.[0]).toMatchObject({ offset: 2 });
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('changing a filter starts again at offset 0 with the filter in the query', async () => {
    vi.mocked(api.listCertificates)
      .mockResolvedValueOnce(
        makePage([makeCertificate(), makeCertificate()], { totalCount: 4, limit: 2, hasMore: true }),
      )
      .mockResolvedValueOnce(
        makePage([makeCertificate(), makeCertificate()], { totalCount: 4, limit: 2, offset: 2 }),
      )
      .mockResolvedValueOnce(makePage([makeCertificate({ file_type: 'pdf', mime_type: 'application/pdf' })]));
    const { user } = await renderAsAdmin();
    await user.click(await screen.findByRole('button', { name: 'Load More' }));
    await screen.findByText('Showing 4 of 4 certificates (Page 2 of 2)');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('combobox', { name: 'File type' }));
    await user.click(await screen.findByRole('option', { name: 'pdf' }));

    expect(await screen.findByText('Showing 1 of 1 certificates (Page 1 of 1)')).toBeInTheDocument();
    expect(vi.mocked(api.listCertificates).mock.calls[2]?.[0]).toMatchObject({ offset: 0, fileType: 'pdf' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when nothing was uploaded, and when filters hide everything', async () => {
    vi.mocked(api.listCertificates).mockResolvedValue(makePage([]));
    const { user } = await renderAsAdmin();
    expect(await screen.findByText('No certificates have been uploaded yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'failed' }));
    expect(await screen.findByText('Try adjusting your filters to see more results.')).toBeInTheDocument();
    expect(vi.mocked(api.listCertificates).mock.calls.at(-1)?.[0]).toMatchObject({
      verificationStatus: 'failed',
    });
  });

  it('revokes after confirmation and marks the card revoked', async () => {
    const target = makeCertificate({ certificate_name: 'Jane Doe - BSc' });
    vi.mocked(api.listCertificates).mockResolvedValue(makePage([target]));
    vi.mocked(api.revokeCertificate).mockResolvedValue({
      message: 'Certificate revoked',
      revokedAt: '2025-06-01T10:00:00Z',
      certificate: { ...target, revoked: true, revoked_at: '2025-06-01T10:00:00Z' },
    });
    const { user } = await renderAsAdmin();
    await user.click(await screen.findByRole('button', { name: 'Revoke Jane Doe - BSc' }));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke Certificate' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to revoke the certificate "Jane Doe - BSc"? This action cannot be undone and will mark the certificate as invalid.',
    );
    expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Issued in error');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.revokeCertificate).toHaveBeenCalledWith(target.id, 'Issued in error');
    const card = screen.getByRole('article', { name: 'Jane Doe - BSc' });
    expect(within(card).getByText('REVOKED')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('keeps the modal open on a failed revoke, shows why, then a Revoke Error banner', async () => {
    const target = makeCertificate({ certificate_name: 'Jane' });
    vi.mocked(api.listCertificates).mockResolvedValue(makePage([target]));
    vi.mocked(api.revokeCertificate).mockRejectedValue(
      new api.ApiError('Failed to revoke certificate', { status: 500 }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderAsAdmin();
    await user.click(await screen.findByRole('button', { name: 'Revoke Jane' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Certificate' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await within(dialog).findByText('Failed to revoke certificate')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Revoke Certificate' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const banner = await screen.findByRole('alert', { name: 'Revoke Error:' });
    expect(banner).toHaveTextContent('Failed to revoke certificate');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert', { name: 'Revoke Error:' })).not.toBeInTheDocument();
  });

  it('approves and rejects pending certificates', async () => {
    const pendingOne = makeCertificate({ certificate_name: 'Pending one', verification_status: 'pending' });
    const pendingTwo = makeCertificate({ certificate_name: 'Pending two', verification_status: 'pending' });
    vi.mocked(api.listCertificates).mockResolvedValue(makePage([pendingOne, pendingTwo]));
    vi.mocked(api.approveCertificate).mockResolvedValue({
      message: 'approved',
      certificate: { ...pendingOne, verification_status: 'verified', status: 'valid' },
    });
    vi.mocked(api.rejectCertificate).mockResolvedValue({
      message: 'rejected',
      certificate: { ...pendingTwo, verification_status: 'failed', status: 'failed' },
    });
    const { user } = await renderAsAdmin();

    await user.click(await screen.findByRole('button', { name: 'Approve Pending one' }));
    const one = screen.getByRole('article', { name: 'Pending one' });
    expect(await within(one).findByText('Valid')).toBeInTheDocument();
    expect(within(one).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject Pending two' }));
    const two = screen.getByRole('article', { name: 'Pending two' });
    expect(await within(two).findByText('Rejected')).toBeInTheDocument();
    expect(api.approveCertificate).toHaveBeenCalledWith(pendingOne.id);
    expect(api.rejectCertificate).toHaveBeenCalledWith(pendingTwo.id);
  });

  it('shows every detail in the View modal', async () => {
    const target = makeCertificate({
      certificate_name: 'Jane',
      revoked: true,
      revoked_at: '2025-04-01T09:30:00Z',
      ocr_content: 'Jane Doe completed Data Science',
    });
    vi.mocked(api.listCertificates).mockResolvedValue(makePage([target]));
    const { user } = await renderAsAdmin();
    await user.click(await screen.findByRole('button', { name: 'View Jane' }));

    const dialog = await screen.findByRole('dialog', { name: 'Jane' });
    expect(within(dialog).getByText(target.id)).toBeInTheDocument();
    expect(within(dialog).getByText(target.user_id)).toBeInTheDocument();
    expect(within(dialog).getByText(target.file_hash)).toBeInTheDocument();
    expect(within(dialog).getByText(target.content_hash ?? '')).toBeInTheDocument();
    expect(within(dialog).getByText('Apr 1, 2025, 9:30 AM')).toBeInTheDocument();
    expect(within(dialog).getByText('Jane Doe completed Data Science')).toBeInTheDocument();
    expect(within(dialog).getByText('2.00 KB')).toBeInTheDocument();
  });

  it("shows a failed load in a dismissible 'Error:' banner", async () => {
    vi.mocked(api.listCertificates).mockRejectedValue(
      new api.ApiError('Failed to fetch certificates', { status: 500 }),
    );
    const { user } = await renderAsAdmin();
    const banner = await screen.findByRole('alert', { name: 'Error:' });
    expect(banner).toHaveTextContent('Failed to fetch certificates');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
