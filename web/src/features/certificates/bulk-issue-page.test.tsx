import { createHash } from 'node:crypto';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@/api';
import { ApiError } from '@/api';
import { makeCertificate } from '@/testing/certificates';
import { renderWithProviders } from '@/testing/render';
import BulkIssuePage from './bulk-issue-page';

vi.mock('@/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api')>();
  return { ...actual, uploadCertificate: vi.fn(), extractCertificateFields: vi.fn() };
});

// The whole web suite shares two cores; give async screens more than the default second.
configure({ asyncUtilTimeout: 10_000 });

const ADMIN = { id: 'aaaaaaaa-0000-4000-8000-000000000001', role: 'admin', email: 'admin@example.com' };
const FIELDS = {
  certificateName: 'Certificate of Completion',
  recipientName: 'Olivia Bennett',
  course: 'Data Engineering',
  grade: 'A',
  issueDate: '2024-03-15',
  expiryDate: null,
  certificateNumber: 'NWA-1',
  issuer: 'Northwind Academy',
};

function pngFile(name: string, content = name, size?: number): File {
  const file = new File([`\x89PNG${content}`], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

const sha256 = (file: File) =>
  file.text().then((text) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));

function drop(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

const row = (name: string) => screen.getByRole('row', { name });
const cell = (label: string, file: string) => screen.getByLabelText(`${label} of ${file}`);

async function renderAndDrop(files: File[]) {
  renderWithProviders(<BulkIssuePage />, { user: ADMIN });
  await screen.findByRole('heading', { name: 'Bulk Issue' });
  drop(files);
  // The dropzone reads the dropped files asynchronously.
  await screen.findByLabelText('Summary');
}

/** Waits until every accepted file's fields have been read. */
async function allRead() {
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Reading fields' })).toBeNull());
}

beforeEach(() => {
  vi.mocked(api.uploadCertificate).mockReset();
  vi.mocked(api.extractCertificateFields).mockReset();
  vi.mocked(api.extractCertificateFields).mockResolvedValue({
    fields: FIELDS,
    textSource: 'ocr',
    text: '',
    duplicate: false,
  });
});

describe('BulkIssuePage', () => {
  it('reads the fields of each accepted file and refuses bad files per row, with the upload messages', async () => {
    await renderAndDrop([
      pngFile('one.png'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      pngFile('huge.png', 'huge', 11 * 1024 * 1024),
    ]);
    await screen.findByText('notes.txt');
    await allRead();

    expect(cell('Title', 'one.png')).toHaveValue('Certificate of Completion');
    expect(cell('Issue date', 'one.png')).toHaveValue('2024-03-15');
    expect(within(row('notes.txt')).getByText('Not accepted')).toBeInTheDocument();
    expect(
      within(row('notes.txt')).getByText(
        'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
      ),
    ).toBeInTheDocument();
    expect(within(row('huge.png')).getByText('File size must be less than 10MB')).toBeInTheDocument();
    // Only the accepted file was read; refused rows are never sent.
    expect(api.extractCertificateFields).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Issue all (1)' })).toBeEnabled();
  });

  it('flags invalid rows with the issue form’s reasons and leaves them out of "Issue all"', async () => {
    await renderAndDrop([pngFile('a.png'), pngFile('b.png')]);
    await allRead();
    fireEvent.change(cell('Recipient e-mail', 'a.png'), { target: { value: 'not-an-address' } });
    fireEvent.change(cell('Expiry date', 'b.png'), { target: { value: '2020-01-01' } });

    expect(within(row('a.png')).getByText('Invalid')).toBeInTheDocument();
    expect(within(row('a.png')).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(
      within(row('b.png')).getByText('The expiry date cannot be before the issue date'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Issue all (0)' })).toBeDisabled();

    // Correcting a row makes it issuable again.
    fireEvent.change(cell('Recipient e-mail', 'a.png'), { target: { value: 'olivia@example.com' } });
    expect(screen.getByRole('button', { name: 'Issue all (1)' })).toBeEnabled();
  });

  it('issues the valid rows with the corrected fields and reports issued, already issued and failed per row', async () => {
    const fresh = pngFile('fresh.png');
    const again = pngFile('again.png');
    const clash = pngFile('clash.png');
    const existing = makeCertificate({
      certificate_name: 'Issued yesterday',
      file_hash: await sha256(again),
    });
    vi.mocked(api.uploadCertificate).mockImplementation(async (request) => {
      if (request.fileName === 'again.png') {
        throw new ApiError('This certificate has already been uploaded', {
          status: 409,
          body: { error: 'This certificate has already been uploaded', certificate: existing },
        });
      }
      if (request.fileName === 'clash.png') {
        throw new ApiError('A certificate with this number already exists', { status: 409, body: {} });
      }
      const certificate = makeCertificate({ certificate_name: request.certificateName ?? null });
      return {
        message: 'Certificate uploaded and verified',
        imageUrl: certificate.image_url,
        certificate,
        recipient: null,
        holderName: null,
        invitationError: null,
      };
    });

    await renderAndDrop([fresh, again, clash]);
    await allRead();
    fireEvent.change(cell('Title', 'fresh.png'), { target: { value: 'Corrected title' } });
    fireEvent.change(cell('Recipient e-mail', 'fresh.png'), { target: { value: 'Olivia@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue all (3)' }));

    await waitFor(() => expect(within(row('fresh.png')).getByText('Issued')).toBeInTheDocument());
    await waitFor(() => expect(within(row('clash.png')).getByText('Failed')).toBeInTheDocument());
    expect(within(row('again.png')).getByText('Already issued')).toBeInTheDocument();
    expect(within(row('again.png')).getByText(/Issued yesterday/)).toBeInTheDocument();
    expect(
      within(row('clash.png')).getByText('A certificate with this number already exists'),
    ).toBeInTheDocument();
    expect(screen.getByText('Issuing: 3 of 3')).toBeInTheDocument();
    expect(api.uploadCertificate).toHaveBeenCalledWith(
      expect.objectContaining({
        fileName: 'fresh.png',
        certificateName: 'Corrected title',
        recipientEmail: 'Olivia@Example.com',
        issueDate: '2024-03-15',
        userId: ADMIN.id,
      }),
      // A batch waits longer than a screen's 20 s.
      { timeoutMs: 120_000 },
    );

    // The failed row is corrected and retried on its own.
    fireEvent.change(cell('Certificate number', 'clash.png'), { target: { value: 'NWA-2' } });
    vi.mocked(api.uploadCertificate).mockClear();
    vi.mocked(api.uploadCertificate).mockImplementation(async () => {
      const certificate = makeCertificate();
      return {
        message: 'Certificate uploaded and verified',
        imageUrl: certificate.image_url,
        certificate,
        recipient: null,
        holderName: null,
        invitationError: null,
      };
    });
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed (1)' }));
    await waitFor(() => expect(within(row('clash.png')).getByText('Issued')).toBeInTheDocument());
    expect(api.uploadCertificate).toHaveBeenCalledTimes(1);
    expect(api.uploadCertificate).toHaveBeenCalledWith(
      expect.objectContaining({ certificateNumber: 'NWA-2' }),
      expect.anything(),
    );
  });

  it('treats a 409 for a different file as a failure, not as already issued', async () => {
    const other = makeCertificate({ file_hash: 'f'.repeat(64) });
    vi.mocked(api.uploadCertificate).mockRejectedValue(
      new ApiError('This certificate has already been uploaded', {
        status: 409,
        body: { certificate: other },
      }),
    );
    await renderAndDrop([pngFile('mine.png')]);
    await allRead();
    fireEvent.click(screen.getByRole('button', { name: 'Issue all (1)' }));
    await waitFor(() => expect(within(row('mine.png')).getByText('Failed')).toBeInTheDocument());
  });

  it('takes at most 1,000 files and says how many were left out', async () => {
    const files = Array.from(
      { length: 1001 },
      (_, i) => new File(['x'], `file-${i}.txt`, { type: 'text/plain' }),
    );
    await renderAndDrop(files);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'At most 1000 files at once: 1 file was left out.',
    );
    expect(screen.getByLabelText('Summary')).toHaveTextContent(/^1000 files: 0 ready/);
    // The table shows one page at a time.
    expect(screen.getAllByRole('row')).toHaveLength(26);
  });
});
