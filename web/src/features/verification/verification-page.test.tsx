import { createHash } from 'node:crypto';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificationResult } from '@contract';
import * as api from '@/api';
import { renderWithProviders } from '@/testing/render';
import { makeVerificationResult } from '@/testing/verification-results';
import VerificationPage from './verification-page';

vi.mock('@/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api')>();
  return {
    ...actual,
    getVerificationStats: vi.fn(),
    verifyCertificate: vi.fn(),
    verifyCertificateHash: vi.fn(),
  };
});

// The whole web suite shares two cores; give async screens more than the default second.
configure({ asyncUtilTimeout: 5000 });

function pngFile(name = 'certificate.png', size?: number): File {
  const file = new File(['\x89PNG'], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

/** Chooses an acceptable file and waits until the page shows it (the dropzone reads files asynchronously). */
async function chooseValidFile(file: File) {
  chooseFile(file);
  await screen.findByText(file.name);
}

async function renderPage() {
  const rendered = renderWithProviders(<VerificationPage />);
  await screen.findByRole('heading', { name: 'Certificate Verification' });
  return rendered;
}

beforeEach(() => {
  vi.mocked(api.verifyCertificate).mockReset();
  // By default the hash is not registered (or the endpoint is absent): the file is uploaded.
  vi.mocked(api.verifyCertificateHash).mockReset().mockResolvedValue(null);
  vi.mocked(api.getVerificationStats).mockResolvedValue({
    stats: {
      totalCertificates: 1234,
      verifiedCertificates: 1000,
      revokedCertificates: 12,
      verificationRate: 87.5,
    },
  });
});

describe('VerificationPage', () => {
  it('shows a full-page spinner, then the four stat tiles', async () => {
    renderWithProviders(<VerificationPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const tiles = await screen.findByRole('region', { name: 'Verification statistics' });
    expect(within(tiles).getByText('Total Certificates').nextSibling).toHaveTextContent('1,234');
    expect(within(tiles).getByText('Verified').nextSibling).toHaveTextContent('1,000');
    expect(within(tiles).getByText('Revoked').nextSibling).toHaveTextContent('12');
    expect(within(tiles).getByText('Success Rate').nextSibling).toHaveTextContent('87.5%');
  });

  it('still offers verification when the stats fail, with a dismissible error', async () => {
    vi.mocked(api.getVerificationStats).mockRejectedValue(
      new api.ApiError('Failed to fetch stats', { status: 500 }),
    );
    const { user } = await renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch stats');
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Certificate file/ })).toBeInTheDocument();
  });

  it('offers Verify Certificate only once an acceptable file is chosen', async () => {
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Verify Certificate' })).not.toBeInTheDocument();
    await chooseValidFile(pngFile());
    expect(screen.getByRole('button', { name: 'Verify Certificate' })).toBeEnabled();
  });

  it('rejects a file of another type with the spec alert', async () => {
    await renderPage();
    chooseFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
    );
    expect(screen.queryByRole('button', { name: 'Verify Certificate' })).not.toBeInTheDocument();
  });

  it('rejects a file over 10 MB with the spec alert', async () => {
    await renderPage();
    chooseFile(pngFile('huge.png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 10MB');
    expect(screen.queryByRole('button', { name: 'Verify Certificate' })).not.toBeInTheDocument();
  });

  it('shows the chosen file name and size, then disables the area while verifying', async () => {
    let finish: (value: VerificationResult) => void = () => undefined;
    vi.mocked(api.verifyCertificate).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = await renderPage();
    await chooseValidFile(pngFile('jane.png', 2048));
    expect(screen.getByText('(2.00 KB)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));
    const dropzone = screen.getByRole('button', { name: /Certificate file/ });
    expect(await within(dropzone).findByText('Verifying certificate...')).toBeInTheDocument();
    expect(dropzone).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() =>
      expect(api.verifyCertificate).toHaveBeenCalledWith(
        { fileData: expect.stringMatching(/^data:image\/png;base64,/) },
        expect.objectContaining({ onUploadProgress: expect.any(Function) }),
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Uploading: 0 Bytes of .* sent$/);

    finish(makeVerificationResult());
    expect(await screen.findByRole('heading', { name: 'Certificate Verified ✓' })).toBeInTheDocument();
    expect(within(dropzone).queryByText('Verifying certificate...')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Certificate Verified. Certificate is valid');
  });

  it('shows a verified exact-file match with details and shortened hashes', async () => {
    vi.mocked(api.verifyCertificate).mockResolvedValue(makeVerificationResult());
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    expect(await screen.findByRole('heading', { name: 'Certificate Verified ✓' })).toBeInTheDocument();
    expect(screen.getByText('Certificate is valid')).toBeInTheDocument();
    expect(screen.getByText('Valid')).toBeInTheDocument();
    expect(screen.getByText(/Exact file: the uploaded file is identical/)).toBeInTheDocument();
    expect(screen.getByText('Jane Doe - Data Science')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('a1b2c3d4...a1b2c3d4')).toBeInTheDocument();
    expect(screen.getByText('e5f6a7b8...e5f6a7b8')).toBeInTheDocument();
    expect(screen.getByText('0f1e2d3c...0f1e2d3c')).toBeInTheDocument();
    expect(screen.getByText('1.50 MB')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Registered certificate Jane Doe - Data Science' }),
    ).toHaveAttribute('src', 'https://storage.test/signed/cert.png');
  });

  it('names a same-content match and shows N/A for missing values', async () => {
    const base = makeVerificationResult();
    vi.mocked(api.verifyCertificate).mockResolvedValue(
      makeVerificationResult({
        matchChannel: 'visual',
        certificate: base.certificate && {
          ...base.certificate,
          name: null,
          contentHash: null,
          fileType: 'pdf',
        },
      }),
    );
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    expect(
      await screen.findByText(/Same certificate: the page of the uploaded copy matches/),
    ).toBeInTheDocument();
    expect(screen.getAllByText('N/A')).toHaveLength(2);
    expect(screen.getByTitle('Registered certificate N/A (PDF)')).toHaveAttribute(
      'src',
      'https://storage.test/signed/cert.png',
    );
  });

  it.each([
    [
      'revoked',
      'Revoked',
      { revokedAt: '2026-11-25T12:00:00Z', revocationReason: 'Issued in error' },
      'This certificate was revoked on Nov 25, 2026. Reason: Issued in error',
    ],
    ['pending', 'Pending review', {}, /awaits review/],
    ['failed', 'Rejected', {}, /rejected during review/],
  ] as const)('explains why a %s match is not valid', async (outcome, label, standing, explanation) => {
    const base = makeVerificationResult();
    vi.mocked(api.verifyCertificate).mockResolvedValue(
      makeVerificationResult({
        verified: false,
        outcome,
        message: `Certificate is ${outcome}`,
        certificate: base.certificate && { ...base.certificate, status: outcome, ...standing },
      }),
    );
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    const panel = await screen.findByRole('region', { name: 'Verification result' });
    expect(within(panel).getByRole('heading', { name: 'Certificate Not Found ✗' })).toBeInTheDocument();
    expect(within(panel).getByText(`Certificate is ${outcome}`)).toBeInTheDocument();
    expect(within(panel).getByText(label)).toBeInTheDocument();
    expect(within(panel).getByText(explanation)).toBeInTheDocument();
    expect(within(panel).getByText('Jane Doe - Data Science')).toBeInTheDocument();
  });

  it('reports no match without certificate details', async () => {
    vi.mocked(api.verifyCertificate).mockResolvedValue(
      makeVerificationResult({
        verified: false,
        outcome: 'not_found',
        matchChannel: null,
        certificate: null,
        message: 'Certificate not found',
      }),
    );
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    expect(await screen.findByRole('heading', { name: 'Certificate Not Found ✗' })).toBeInTheDocument();
    expect(
      screen.getByText(/Neither this exact file nor a certificate with the same content/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Certificate Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Uploaded File' })).toBeInTheDocument();
  });

  it("shows a failure in an 'Error:' box that closes, and a new file clears the old result", async () => {
    vi.mocked(api.verifyCertificate).mockRejectedValueOnce(
      new api.ApiError('Verification failed', { status: 500 }),
    );
    vi.mocked(api.verifyCertificate).mockResolvedValueOnce(makeVerificationResult());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error:');
    expect(banner).toHaveTextContent('Verification failed');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));
    expect(await screen.findByRole('heading', { name: 'Certificate Verified ✓' })).toBeInTheDocument();
    await chooseValidFile(pngFile('another.png'));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Certificate Verified ✓' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('another.png')).toBeInTheDocument();
  });

  it('shows progress by stage: fingerprint, upload with bytes sent, then the comparison', async () => {
    let finish: (value: VerificationResult) => void = () => undefined;
    let report: api.UploadProgressListener = () => undefined;
    vi.mocked(api.verifyCertificate).mockImplementation((_request, options) => {
      report = options?.onUploadProgress ?? report;
      return new Promise((resolve) => (finish = resolve));
    });
    let answerHash: (value: VerificationResult | null) => void = () => undefined;
    vi.mocked(api.verifyCertificateHash).mockReturnValue(new Promise((resolve) => (answerHash = resolve)));
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    const steps = await screen.findByRole('group', { name: 'Verification progress' });
    expect(
      await within(steps).findByText('Looking for a registered file with this fingerprint...'),
    ).toBeInTheDocument();
    expect(within(steps).getByText('Fingerprinting the file in your browser')).toHaveTextContent(
      '(in progress)',
    );
    expect(within(steps).getByText('Uploading the file')).toHaveTextContent('(waiting)');

    answerHash(null);
    await waitFor(() => expect(api.verifyCertificate).toHaveBeenCalled());
    act(() => report({ sent: 512, total: 2048, done: false }));
    expect(await within(steps).findByText('Uploading: 512.00 Bytes of 2.00 KB sent')).toBeInTheDocument();
    expect(within(steps).getByRole('progressbar', { name: 'Upload 25% sent' })).toBeInTheDocument();
    expect(within(steps).getByText('Fingerprinting the file in your browser')).toHaveTextContent('(done)');
    expect(screen.getByRole('status')).toHaveTextContent('Uploading: 512.00 Bytes of 2.00 KB sent');

    act(() => report({ sent: 2048, total: 2048, done: true }));
    expect(await within(steps).findByText('Comparing with the registered original...')).toBeInTheDocument();
    expect(within(steps).getByText('Uploading the file')).toHaveTextContent('(done)');
    expect(within(steps).getByText('Comparing with the registered original')).toHaveTextContent(
      '(in progress)',
    );

    finish(makeVerificationResult());
    expect(await screen.findByRole('heading', { name: 'Certificate Verified ✓' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Verification progress' })).not.toBeInTheDocument();
  });

  it('answers an identical file by its fingerprint without uploading it, and says so', async () => {
    vi.mocked(api.verifyCertificateHash).mockResolvedValue(makeVerificationResult());
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    expect(await screen.findByRole('heading', { name: 'Certificate Verified ✓' })).toBeInTheDocument();
    expect(screen.getByText('Identical to the registered file')).toBeInTheDocument();
    expect(screen.getByText(/Your file did not leave this browser/)).toBeInTheDocument();
    expect(api.verifyCertificateHash).toHaveBeenCalledWith(
      { fileHash: createHash('sha256').update('\x89PNG').digest('hex'), size: 5, type: 'image/png' },
      expect.anything(),
    );
    expect(api.verifyCertificate).not.toHaveBeenCalled();
  });

  it('uploads the file when its fingerprint is not registered, and does not claim it stayed here', async () => {
    vi.mocked(api.verifyCertificateHash).mockResolvedValue(
      makeVerificationResult({
        verified: false,
        verdict: 'unknown',
        outcome: 'not_found',
        certificate: null,
        matchChannel: null,
      }),
    );
    vi.mocked(api.verifyCertificate).mockResolvedValue(
      makeVerificationResult({ verdict: 'authentic', copyKind: 'scan', matchChannel: 'visual' }),
    );
    const { user } = await renderPage();
    await chooseValidFile(pngFile());
    await user.click(screen.getByRole('button', { name: 'Verify Certificate' }));

    expect(
      await screen.findByText('Same certificate as registered (this copy is a scan)'),
    ).toBeInTheDocument();
    expect(api.verifyCertificate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/did not leave this browser/)).not.toBeInTheDocument();
  });
});
