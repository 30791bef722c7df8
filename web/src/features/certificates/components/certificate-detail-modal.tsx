import type { ReactNode } from 'react';
import { Code, DataList, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Certificate } from '@contract';
import { CertificatePreview, CertificateStatusPill } from '@/components';
import { certificateTitle, formatDateTime, formatFileSize } from '@/lib/format';
import { CertificateLifecycle } from './certificate-lifecycle';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function FullHash({ value }: { value: string | null }) {
  return value ? <Code style={{ wordBreak: 'break-all' }}>{value}</Code> : <Text span>N/A</Text>;
}

/** Everything known about one certificate: the file, its metadata, hashes and extracted text. */
export function CertificateDetailModal({
  certificate,
  onClose,
}: {
  certificate: Certificate | null;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={certificate !== null}
      onClose={onClose}
      title={certificate ? certificateTitle(certificate) : ''}
      size="xl"
      fullScreen={narrow}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {certificate ? (
        <Stack>
          <CertificatePreview certificate={certificate} variant="full" />
          <DataList orientation="horizontal" withDivider labelWidth={130}>
            <Row label="ID">
              <Code style={{ wordBreak: 'break-all' }}>{certificate.id}</Code>
            </Row>
            <Row label="Type">
              {certificate.file_type.toUpperCase()} ({certificate.mime_type})
            </Row>
            <Row label="Size">{formatFileSize(certificate.file_size)}</Row>
            <Row label="Status">
              <CertificateStatusPill status={certificate.status} />
            </Row>
            <Row label="Created">{formatDateTime(certificate.created_at)}</Row>
            <Row label="Revoked">
              {certificate.revoked_at ? formatDateTime(certificate.revoked_at) : 'Not revoked'}
            </Row>
            <Row label="User ID">
              <Code style={{ wordBreak: 'break-all' }}>{certificate.user_id}</Code>
            </Row>
            <Row label="File Hash">
              <FullHash value={certificate.file_hash} />
            </Row>
            <Row label="Content Hash">
              <FullHash value={certificate.content_hash} />
            </Row>
          </DataList>
          <CertificateLifecycle certificateId={certificate.id} />
          <Stack gap="xs">
            <Title order={3} size="h5">
              Extracted Text (OCR)
            </Title>
            {certificate.ocr_content?.trim() ? (
              <ScrollArea.Autosize mah={240} type="auto">
                <Code block style={{ whiteSpace: 'pre-wrap' }}>
                  {certificate.ocr_content}
                </Code>
              </ScrollArea.Autosize>
            ) : (
              <Text c="dimmed" size="sm">
                No text was extracted from this certificate.
              </Text>
            )}
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
