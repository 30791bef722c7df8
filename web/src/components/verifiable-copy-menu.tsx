import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconQrcode } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Certificate, VerifiableCopyFormat } from '@contract';
import { downloadVerifiableCopy } from '@/api/certificates';
import { errorMessage } from '@/api/client';
import { saveBlob } from '@/lib/files';

type CopyableCertificate = Pick<Certificate, 'id' | 'certificate_number' | 'verification_status'>;

/**
 * 'Verifiable copy' (PDF or PNG): the certificate with a QR code of its public page and its number,
 * made and registered by the server, so the downloaded file verifies by its exact bytes and a photo
 * of it is found by its code. Only for a certificate an admin verified; the server checks that the
 * caller is its owner, its holder or an admin.
 */
export function VerifiableCopyMenu({
  certificate,
  title,
}: {
  certificate: CopyableCertificate;
  title: string;
}) {
  const download = useMutation({
    mutationFn: async (format: VerifiableCopyFormat) => {
      const { blob, fileName } = await downloadVerifiableCopy(certificate, format);
      saveBlob(blob, fileName);
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Download failed', message: errorMessage(error) }),
  });
  if (certificate.verification_status !== 'verified') return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconQrcode size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={download.isPending}
          aria-label={`Download verifiable copy of ${title}`}
        >
          Verifiable copy
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>With QR code and certificate number</Menu.Label>
        <Menu.Item onClick={() => download.mutate('pdf')}>Download PDF</Menu.Item>
        <Menu.Item onClick={() => download.mutate('png')}>Download PNG</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
