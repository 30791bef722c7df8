import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@/api';
import { makeCertificate, makePage } from '@/testing/certificates';
import { renderWithProviders } from '@/testing/render';
import RevokedCertificatesPage from './revoked-certificates-page';

vi.mock('@/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api')>();
  return {
    ...actual,
    listRevokedCertificates: vi.fn(),
    getCertificateStats: vi.fn(),
    unrevokeCertificate: vi.fn(),
  };
});

// The whole web suite shares two cores; give async screens more than the default second.
configure({ asyncUtilTimeout: 5000 });

const ADMIN = { id: 'admin-id', role: 'admin', email: 'admin@example.com' };

function revoked(name: string) {
  return makeCertificate({ certificate_name: name, revoked: true, revoked_at: '2025-04-01T09:30:00Z' });
}

async function renderAsAdmin() {
  const rendered = renderWithProviders(<RevokedCertificatesPage />, { user: ADMIN });
  await screen.findByRole('heading', { name: 'Revoked Certificates' });
  return rendered;
}

async function unrevoke(user: Awaited<ReturnType<typeof renderAsAdmin>>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Unrevoke ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Unrevoke Certificate' });
  await user.click(within(dialog).getByRole('button', { name: 'Unrevoke' }));
  return dialog;
}

beforeEach(() => {
  notifications.clean();
  vi.mocked(api.listRevokedCertificates).mockReset();
  vi.mocked(api.unrevokeCertificate).mockReset();
  vi.mocked(api.getCertificateStats).mockResolvedValue({
    stats: {
      total: 3,
      totalFileSize: 5 * 1024,
      byFileType: { image: 3 },
      byVerificationStatus: { verified: 3 },
      latestRevokedAt: '2025-04-01T09:30:00Z',
    },
  });
});

describe('RevokedCertificatesPage', () => {
  it('loads the revoked list sorted by revoked_at, newest first, with its stats', async () => {
    vi.mocked(api.listRevokedCertificates).mockResolvedValue(
      makePage([revoked('A'), revoked('B'), revoked('C')]),
    );
    const { user } = await renderAsAdmin();

    expect(await screen.findByText('3 revoked certificates')).toBeInTheDocument();
    expect(api.listRevokedCertificates).toHaveBeenCalledWith(
      { limit: 50, offset: 0, sortBy: 'revoked_at', sortOrder: 'desc', fileType: undefined },
      expect.anything(),
    );
    expect(api.getCertificateStats).toHaveBeenCalledWith({ scope: 'revoked' }, expect.anything());
    expect(screen.queryByRole('region', { name: 'Revoked certificate statistics' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stats' }));
    expect(screen.getByRole('button', { name: 'Stats' })).toHaveAttribute('aria-pressed', 'true');
    const stats = screen.getByRole('region', { name: 'Revoked certificate statistics' });
    expect(within(stats).getByText('Total Revoked').nextSibling).toHaveTextContent('3');
    expect(within(stats).getByText('Total Storage').nextSibling).toHaveTextContent('5.00 KB');
    expect(within(stats).getByText('File Types').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Latest Revoked').nextSibling).toHaveTextContent('Apr 1, 2025, 9:30 AM');

    const card = screen.getByRole('article', { name: 'A' });
    expect(within(card).getByText('REVOKED')).toBeInTheDocument();
    expect(within(card).getByText('Revoked Apr 1, 2025, 9:30 AM')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 certificates (Page 1 of 1)')).toBeInTheDocument();
  });

  it('unrevokes after confirmation: the certificate leaves the list and the count drops by one', async () => {
    const [a, b, c] = [revoked('A'), revoked('B'), revoked('C')];
    vi.mocked(api.listRevokedCertificates).mockResolvedValue(makePage([a, b, c]));
    vi.mocked(api.unrevokeCertificate).mockResolvedValue({
      message: 'Certificate restored',
      certificate: { ...b, revoked: false, revoked_at: null },
    });
    const { user } = await renderAsAdmin();

    await user.click(await screen.findByRole('button', { name: 'Unrevoke B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unrevoke Certificate' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to unrevoke the certificate "B"? This will restore the certificate and mark it as valid again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Unrevoke' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'B' })).not.toBeInTheDocument());
    expect(api.unrevokeCertificate).toHaveBeenCalledWith(b.id);
    expect(screen.getByText('2 revoked certificates')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 certificates (Page 1 of 1)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('never lets the count drop below 0', async () => {
    const only = revoked('Only');
    vi.mocked(api.listRevokedCertificates).mockResolvedValue(makePage([only], { totalCount: 0 }));
    vi.mocked(api.unrevokeCertificate).mockResolvedValue({
      message: 'ok',
      certificate: { ...only, revoked: false },
    });
    const { user } = await renderAsAdmin();
    await unrevoke(user, 'Only');

    expect(await screen.findByText('No certificates have been revoked.')).toBeInTheDocument();
    expect(screen.getByText('0 revoked certificates')).toBeInTheDocument();
  });

  it('keeps the modal open on a failed unrevoke and then shows an Unrevoke Error banner', async () => {
    vi.mocked(api.listRevokedCertificates).mockResolvedValue(makePage([revoked('A')]));
    vi.mocked(api.unrevokeCertificate).mockRejectedValue(
      new api.ApiError('Failed to unrevoke certificate', { status: 500 }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderAsAdmin();
    const dialog = await unrevoke(user, 'A');

    expect(await within(dialog).findByText('Failed to unrevoke certificate')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'A' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const banner = await screen.findByRole('alert', { name: 'Unrevoke Error:' });
    expect(banner).toHaveTextContent('Failed to unrevoke certificate');
    expect(screen.getByText('1 revoked certificate')).toBeInTheDocument();
  });

  it('filters by file type from offset 0', async () => {
    vi.mocked(api.listRevokedCertificates).mockResolvedValue(makePage([]));
    const { user } = await renderAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'file_size' }));
    await user.click(screen.getByRole('combobox', { name: 'File type' }));
    await user.click(await screen.findByRole('option', { name: 'pdf' }));

    expect(await screen.findByText('Try adjusting your filters to see more results.')).toBeInTheDocument();
    expect(vi.mocked(api.listRevokedCertificates).mock.calls.at(-1)?.[0]).toEqual({
      limit: 50,
      offset: 0,
      sortBy: 'file_size',
      sortOrder: 'desc',
      fileType: 'pdf',
    });
  });
});
