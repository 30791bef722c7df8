import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Certificate } from '@contract';
import { downloadCertificateFile } from '@/api/certificates';
import { errorMessage } from '@/api/client';
import { saveBlob } from '@/lib/files';

type DownloadableCertificate = Pick<
  Certificate,
  'image_url' | 'certificate_name' | 'mime_type' | 'file_type' | 'id'
>;

/** Fetches a certificate's stored file and saves it under its certificate name and file type. */
export async function downloadCertificate(certificate: DownloadableCertificate): Promise<void> {
  const { blob, fileName } = await downloadCertificateFile(certificate);
  saveBlob(blob, fileName);
}

export interface CertificateDownloadButtonProps {
  certificate: DownloadableCertificate;
  /** The name the certificate is shown under; the icon's accessible name is `Download {title}`. */
  title: string;
  /** `icon` on a card's action row; `button` for the labelled 'Download Certificate' button (modals). */
  variant?: 'icon' | 'button';
}

/**
 * The one download control for a certificate file, on the admin cards and in the profile's View
 * modal: disabled while the file is unavailable, busy while it downloads, a red toast if it fails.
 */
export function CertificateDownloadButton({
  certificate,
  title,
  variant = 'icon',
}: CertificateDownloadButtonProps) {
  const download = useMutation({
    mutationFn: downloadCertificate,
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Download failed', message: errorMessage(error) }),
  });
  const unavailable = !certificate.image_url;
  const start = () => download.mutate(certificate);

  if (variant === 'button') {
    return (
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={start}
        loading={download.isPending}
        disabled={unavailable}
      >
        Download Certificate
      </Button>
    );
  }
  return (
    <Tooltip label="Download">
      <ActionIcon
        variant="light"
        size="lg"
        onClick={start}
        loading={download.isPending}
        disabled={unavailable}
        aria-label={`Download ${title}`}
      >
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
