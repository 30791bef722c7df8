import { useState } from 'react';
import { Button, Center, Code, Image, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPhotoOff } from '@tabler/icons-react';
import type { Certificate } from '@contract';
import { downloadCertificateFile } from '@/api/certificates';
import { errorMessage } from '@/api/client';
import { saveBlob } from '@/lib/files';

function Preview({ certificate }: { certificate: Certificate }) {
  const [failed, setFailed] = useState(false);
  if (!certificate.image_url || certificate.file_type !== 'image' || failed) {
    return (
      <Paper withBorder h={160} bg="var(--mantine-color-default-hover)">
        <Center h="100%">
          <Stack align="center" gap={4}>
            <IconPhotoOff aria-hidden />
            <Text c="dimmed">Image not available</Text>
          </Stack>
        </Center>
      </Paper>
    );
  }
  return (
    <Image
      src={certificate.image_url}
      alt={`Certificate ${certificate.certificate_name ?? ''}`.trim()}
      radius="md"
      fit="contain"
      mah={420}
      onError={() => setFailed(true)}
    />
  );
}

/** 'View Certificate': the image, the extracted text and a download (spec section 2, Profile). */
export function CertificateModal({
  certificate,
  onClose,
}: {
  certificate: Certificate | null;
  onClose: () => void;
}) {
  const [downloading, setDownloading] = useState(false);

  const handleDownload = async () => {
    if (!certificate) return;
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadCertificateFile(certificate);
      saveBlob(blob, fileName);
    } catch (error) {
      console.warn('Download failed:', error);
      notifications.show({ color: 'red', title: 'Download failed', message: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      opened={certificate !== null}
      onClose={onClose}
      title={certificate?.certificate_name || 'Certificate'}
      size="lg"
      centered
    >
      {certificate ? (
        <Stack>
          <Preview key={certificate.id} certificate={certificate} />
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
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={handleDownload}
            loading={downloading}
            disabled={!certificate.image_url}
          >
            Download Certificate
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
