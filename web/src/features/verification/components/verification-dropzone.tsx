import { useId } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileCertificate, IconUpload, IconX } from '@tabler/icons-react';
import { ACCEPTED_FILE_TYPES, FILE_MESSAGES, validateCertificateFile } from '@/lib/files';

export interface VerificationDropzoneProps {
  /** Called with an acceptable file, or with the spec's alert text for a file that is not. */
  onFileChosen: (file: File) => void;
  onFileRejected: (message: string) => void;
  verifying: boolean;
}

/** Drag-and-drop or click-to-browse (Enter/Space on focus) for one image or PDF. */
export function VerificationDropzone({ onFileChosen, onFileRejected, verifying }: VerificationDropzoneProps) {
  const hintId = useId();
  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = validateCertificateFile(file);
    if (problem) onFileRejected(problem);
    else onFileChosen(file);
  };

  const reject = (rejections: FileRejection[]) => {
    const file = rejections[0]?.file;
    onFileRejected((file && validateCertificateFile(file)) ?? FILE_MESSAGES.invalidType);
  };

  return (
    <Dropzone
      onDrop={(files) => choose(files[0])}
      onReject={reject}
      accept={[...ACCEPTED_FILE_TYPES]}
      multiple={false}
      disabled={verifying}
      loading={verifying}
      role="button"
      aria-label="Certificate file: drag a certificate here or click to browse"
      aria-disabled={verifying}
      aria-describedby={hintId}
    >
      <Group justify="center" gap="lg" mih={160} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={48} aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={48} aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileCertificate size={48} aria-hidden />
        </Dropzone.Idle>
        <Stack gap={4}>
          <Text size="lg" fw={500}>
            {verifying ? 'Verifying certificate...' : 'Drag a certificate here or click to browse'}
          </Text>
          <Text size="sm" c="dimmed" id={hintId}>
            JPEG, PNG, GIF, WebP, BMP, TIFF or PDF, up to 10MB
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
