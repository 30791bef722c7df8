import { useState } from 'react';
import { Anchor, Box, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import type { Certificate } from '@contract';
import { certificateTitle } from '@/lib/format';

export interface CertificatePreviewProps {
  certificate: Pick<Certificate, 'image_url' | 'file_type' | 'certificate_name'>;
  /** `thumbnail` for cards (PDFs as an icon tile); `full` for modals (PDFs embedded). */
  variant: 'thumbnail' | 'full';
  /** Height of the thumbnail. */
  height?: number;
}

function Unavailable({ height }: { height: number }) {
  return (
    <Center h={height} bg="var(--mantine-color-default-hover)">
      <Stack align="center" gap={4}>
        <IconPhotoOff size={32} aria-hidden />
        <Text size="sm" c="dimmed">
          Image not available
        </Text>
      </Stack>
    </Center>
  );
}

/** The stored certificate file: an image, or a PDF (embedded in full view, an icon tile in cards). */
export function CertificatePreview({ certificate, variant, height = 180 }: CertificatePreviewProps) {
  const [failed, setFailed] = useState(false);
  const name = certificateTitle(certificate);
  const url = certificate.image_url;
  if (!url || failed) return <Unavailable height={height} />;

  if (certificate.file_type === 'pdf') {
    if (variant === 'thumbnail') {
      return (
        <Center h={height} bg="var(--mantine-color-default-hover)">
          <Stack align="center" gap={4}>
            <IconFileTypePdf size={48} color="var(--mantine-color-red-6)" aria-hidden />
            <Text size="sm" c="dimmed">
              PDF document
            </Text>
          </Stack>
        </Center>
      );
    }
    return (
      <Stack gap="xs">
        <Box
          component="iframe"
          src={url}
          title={`${name} (PDF)`}
          w="100%"
          h={480}
          bd="1px solid var(--mantine-color-default-border)"
        />
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span">
            <IconFileTypePdf size={16} aria-hidden />
            Open the PDF in a new tab
          </Group>
        </Anchor>
      </Stack>
    );
  }

  return (
    <Image
      src={url}
      alt={name}
      h={variant === 'thumbnail' ? height : undefined}
      mah={variant === 'full' ? 480 : undefined}
      fit={variant === 'thumbnail' ? 'cover' : 'contain'}
      onError={() => setFailed(true)}
    />
  );
}
