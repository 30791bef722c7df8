import { Code, Modal, ScrollArea, Stack, Title } from '@mantine/core';
import type { Certificate } from '@contract';
import { CertificateDownloadButton, CertificatePreview } from '@/components';
import { certificateTitle } from '@/lib/format';

/** 'View Certificate': the image, the extracted text and a download (spec section 2, Profile). */
export function CertificateModal({
  certificate,
  onClose,
}: {
  certificate: Certificate | null;
  onClose: () => void;
}) {
  const title = certificate ? certificateTitle(certificate) : '';
  return (
    <Modal opened={certificate !== null} onClose={onClose} title={title} size="lg" centered>
      {certificate ? (
        <Stack>
          <CertificatePreview key={certificate.id} certificate={certificate} variant="full" />
          {certificate.ocr_content ? (
            <Stack gap={4}>
              <Title order={3} size="h6">
                Extracted Text
              </Title>
              <ScrollArea.Autosize mah={200}>
                <Code block>{certificate.ocr_content}</Code>
              </ScrollArea.Autosize>
            </Stack>
          ) : null}
          <CertificateDownloadButton certificate={certificate} title={title} variant="button" />
        </Stack>
      ) : null}
    </Modal>
  );
}
