import { notifications } from '@mantine/notifications';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@/api';
import { makeCertificate } from '@/testing/certificates';
import { renderWithProviders } from '@/testing/render';
import AdminUploadPage from './admin-upload-page';
import UserUploadPage from './user-upload-page';

vi.mock('@/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api')>();
  return {
    ...actual,
    uploadCertificate: vi.fn(),
    extractCertificateFields: vi.fn(),
    resendInvitation: vi.fn(),
  };
});

// The whole web suite shares two cores; give async screens more than the default second.
configure({ asyncUtilTimeout: 5000 });

const ADMIN = { id: 'aaaaaaaa-0000-4000-8000-000000000001', role: 'admin', email: 'admin@example.com' };
const NO_FIELDS = {
  certificateName: null,
  recipientName: null,
  course: null,
  grade: null,
  issueDate: null,
  expiryDate: null,
  certificateNumber: null,
  issuer: null,
};

const NO_RECIPIENT = { recipient: null, holderName: null, invitationError: null };

const MEMBER = { id: 'bbbbbbbb-0000-4000-8000-000000000002', role: 'user', email: 'user@example.com' };

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

/** The issue form reads the file's fields first; the upload button waits for it. */
async function fieldsRead() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Certificate' })).toBeEnabled());
}

function pngFile(name = 'diploma.png', size = 1536 * 1024): File {
  const file = new File(['\x89PNG'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  notifications.clean();
  vi.mocked(api.uploadCertificate).mockReset();
  vi.mocked(api.extractCertificateFields).mockReset();
  vi.mocked(api.extractCertificateFields).mockResolvedValue({
    fields: NO_FIELDS,
    textSource: 'none',
    text: '',
    duplicate: false,
  });
});

describe('AdminUploadPage', () => {
  it('pre-fills the issue form from the file and sends the corrected fields and the recipient', async () => {
    vi.mocked(api.extractCertificateFields).mockResolvedValue({
      fields: {
        ...NO_FIELDS,
        certificateName: 'Certificate of Completion',
        recipientName: 'Olivia Bennett',
        issueDate: '2024-03-15',
        issuer: 'Northwind Academy Dr. Helen Park',
      },
      textSource: 'pdf-text',
      text: 'Certificate of Completion',
      duplicate: false,
    });
    const stored = makeCertificate({
      certificate_name: 'Certificate of Completion',
      recipient_email: 'olivia@example.org',
    });
    vi.mocked(api.uploadCertificate).mockResolvedValue({
      message: 'Certificate uploaded and verified',
      imageUrl: stored.image_url,
      certificate: stored,
      ...NO_RECIPIENT,
      recipient: 'invited',
    });
    const { user } = renderWithProviders(<AdminUploadPage />, { user: ADMIN });
    chooseFile(pngFile());
    await fieldsRead();
    expect(await screen.findByDisplayValue('Olivia Bennett')).toBeInTheDocument();
    const issuer = screen.getByRole('textbox', { name: 'Issuer' });
    await user.clear(issuer);
    await user.type(issuer, 'Northwind Academy');
    await user.type(screen.getByRole('textbox', { name: 'Recipient e-mail' }), 'olivia@example.org');
    await user.click(screen.getByRole('button', { name: 'Upload Certificate' }));
    const result = await screen.findByRole('region', { name: 'Upload result' });
    expect(vi.mocked(api.uploadCertificate).mock.calls[0]?.[0]).toMatchObject({
      certificateName: 'Certificate of Completion',
      recipientName: 'Olivia Bennett',
      recipientEmail: 'olivia@example.org',
      issueDate: '2024-03-15',
      issuer: 'Northwind Academy',
      userId: ADMIN.id,
      invitationRedirectTo: `${window.location.origin}/accept-invitation`,
    });
    expect(within(result).getByText('Invitation sent to olivia@example.org')).toBeInTheDocument();
  });

  it('says whose profile the certificate was added to, or that the invitation failed and can be sent again', async () => {
    const held = makeCertificate({ recipient_email: 'ada@example.org' });
    vi.mocked(api.uploadCertificate).mockResolvedValueOnce({
      message: 'Certificate uploaded and verified',
      imageUrl: held.image_url,
      certificate: held,
      ...NO_RECIPIENT,
      recipient: 'holder',
      holderName: 'Ada Lovelace',
    });
    const { user } = renderWithProviders(<AdminUploadPage />, { user: ADMIN });
    chooseFile(pngFile('held.png'));
    await fieldsRead();
    await user.click(screen.getByRole('button', { name: 'Upload Certificate' }));
    const result = await screen.findByRole('region', { name: 'Upload result' });
    expect(within(result).getByText("Added to Ada Lovelace's profile")).toBeInTheDocument();

    const failed = makeCertificate({
      id: 'cccccccc-0000-4000-8000-000000000003',
      recipient_email: 'new@example.org',
    });
    vi.mocked(api.uploadCertificate).mockResolvedValueOnce({
      message: 'Certificate uploaded and verified',
      imageUrl: failed.image_url,
      certificate: failed,
      recipient: 'invitation_failed',
      holderName: null,
      invitationError: 'The auth service could not be reached to send the invitation',
    });
    vi.mocked(api.resendInvitation).mockResolvedValue({
      message: 'Invitation sent to new@example.org',
      ...NO_RECIPIENT,
      recipient: 'invited',
    });
    chooseFile(pngFile('failed.png'));
    await fieldsRead();
    await user.click(screen.getByRole('button', { name: 'Upload Certificate' }));
    const region = await screen.findByRole('region', { name: 'Upload result' });
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('the invitation to new@example.org could not be sent');
    expect(alert).toHaveTextContent('could not be reached');
    await user.click(within(alert).getByRole('button', { name: 'Resend invitation' }));
    expect(await within(region).findByText('Invitation sent to new@example.org')).toBeInTheDocument();
    expect(api.resendInvitation).toHaveBeenCalledWith(failed.id);
  });

  it('uploads the chosen file as the admin and shows the stored certificate', async () => {
    const stored = makeCertificate({ certificate_name: 'diploma.png', verification_status: 'verified' });
    vi.mocked(api.uploadCertificate).mockResolvedValue({
      message: 'Certificate uploaded successfully',
      imageUrl: stored.image_url,
      certificate: stored,
      ...NO_RECIPIENT,
    });
    const { user } = renderWithProviders(<AdminUploadPage />, { user: ADMIN });
    expect(screen.getByRole('heading', { name: 'Admin Certificate Upload' })).toBeInTheDocument();
    expect(screen.getByText('Upload certificates as an administrator')).toBeInTheDocument();

    chooseFile(pngFile());

    await fieldsRead();
    expect(await screen.findByText('(1.50 MB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Certificate' }));

    const result = await screen.findByRole('region', { name: 'Upload result' });
    expect(
      within(result).getByRole('heading', { name: 'Certificate uploaded successfully' }),
    ).toBeInTheDocument();
    expect(within(result).getByText('Valid')).toBeInTheDocument();
    expect(within(result).getByRole('img', { name: 'diploma.png' })).toHaveAttribute('src', stored.image_url);
    expect(within(result).getByText(stored.id.slice(-8))).toBeInTheDocument();
    expect(api.uploadCertificate).toHaveBeenCalledWith({
      fileData: expect.stringMatching(/^data:image\/png;base64,/),
      userId: ADMIN.id,
      mode: 'process',
      fileName: 'diploma.png',
    });
  });

  it('shows the existing certificate clearly when the file is a duplicate (409)', async () => {
    const existing = makeCertificate({ certificate_name: 'Original diploma' });
    vi.mocked(api.uploadCertificate).mockRejectedValue(
      new api.ApiError('Certificate already exists.', {
        status: 409,
        body: { error: 'Certificate already exists.', certificate: existing },
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AdminUploadPage />, { user: ADMIN });
    chooseFile(pngFile());
    await fieldsRead();
    await user.click(await screen.findByRole('button', { name: 'Upload Certificate' }));

    const section = await screen.findByRole('region', { name: 'Existing certificate' });
    expect(within(section).getByText('Already registered')).toBeInTheDocument();
    expect(within(section).getByText(/Certificate already exists\./)).toBeInTheDocument();
    expect(within(section).getByText('Original diploma')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Error:' })).not.toBeInTheDocument();
  });

  it("shows other failures in a dismissible 'Error:' banner", async () => {
    vi.mocked(api.uploadCertificate).mockRejectedValue(new api.ApiError('Upload failed', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AdminUploadPage />, { user: ADMIN });
    chooseFile(pngFile());
    await fieldsRead();
    await user.click(await screen.findByRole('button', { name: 'Upload Certificate' }));

    const banner = await screen.findByRole('alert', { name: 'Error:' });
    expect(banner).toHaveTextContent('Upload failed');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert', { name: 'Error:' })).not.toBeInTheDocument();
  });

  it('applies the file rules with the spec alerts', async () => {
    const { user } = renderWithProviders(<AdminUploadPage />, { user: ADMIN });
    await user.click(screen.getByRole('button', { name: 'Upload Certificate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a file first.');

    chooseFile(new File(['x'], 'notes.txt', { type: 'text/plain' }));

    await fieldsRead();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
    );

    chooseFile(pngFile('big.png', 10 * 1024 * 1024 + 1));

    await fieldsRead();
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 10MB');
    expect(api.uploadCertificate).not.toHaveBeenCalled();
  });
  it('takes a file that came without a MIME type by its extension, with the same rules', async () => {
    const stored = makeCertificate({
      certificate_name: 'scan.TIF',
      file_type: 'image',
      mime_type: 'image/tiff',
    });
    vi.mocked(api.uploadCertificate).mockResolvedValue({
      message: 'Certificate uploaded successfully',
      imageUrl: stored.image_url,
      certificate: stored,
      ...NO_RECIPIENT,
    });
    const { user } = renderWithProviders(<AdminUploadPage />, { user: ADMIN });

    chooseFile(new File(['x'], 'notes', { type: '' }));

    await fieldsRead();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
    );

    chooseFile(new File(['II*\0'], 'scan.TIF', { type: '' }));

    await fieldsRead();
    expect(await screen.findByLabelText('Chosen file')).toHaveTextContent('scan.TIF');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Certificate' }));
    await screen.findByText('Certificate uploaded successfully');
    expect(api.uploadCertificate).toHaveBeenCalledWith(
      expect.objectContaining({ fileName: 'scan.TIF', userId: ADMIN.id }),
    );
  });
});

describe('UserUploadPage', () => {
  it("uploads with the caller's own id and says the certificate awaits review", async () => {
    const stored = makeCertificate({ verification_status: 'pending', user_id: MEMBER.id });
    vi.mocked(api.uploadCertificate).mockResolvedValue({
      message: 'Certificate uploaded successfully',
      imageUrl: stored.image_url,
      certificate: stored,
      ...NO_RECIPIENT,
    });
    const { user } = renderWithProviders(<UserUploadPage />, { user: MEMBER });
    chooseFile(pngFile('mine.png'));
    await user.click(await screen.findByRole('button', { name: 'Upload Certificate' }));

    const result = await screen.findByRole('region', { name: 'Upload result' });
    expect(within(result).getByText('Pending')).toBeInTheDocument();
    expect(within(result).getByText(/pending review/)).toBeInTheDocument();
    expect(vi.mocked(api.uploadCertificate).mock.calls[0]?.[0]).toMatchObject({
      userId: MEMBER.id,
      fileName: 'mine.png',
    });
  });
});
