import { DataList, Stack } from '@mantine/core';
import type { Certificate } from '@contract';
import { CertificatePreview, CertificateStatusPill, HashText } from '@/components';
import { certificateTitle, formatDateTime, formatFileSize, shortId } from '@/lib/format';

/** A certificate's file and key facts, as shown after an upload. */
export function CertificateSummary({ certificate }: { certificate: Certificate }) {
  return (
    <Stack gap="sm">
      <CertificatePreview certificate={certificate} variant="full" />
      <DataList withDivider labelWidth={120}>
        <DataList.Item>
          <DataList.ItemLabel>Name</DataList.ItemLabel>
          <DataList.ItemValue>{certificateTitle(certificate)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue>
            <CertificateStatusPill status={certificate.status} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>ID</DataList.ItemLabel>
          <DataList.ItemValue>{shortId(certificate.id)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Type and size</DataList.ItemLabel>
          <DataList.ItemValue>
            {certificate.file_type.toUpperCase()} · {formatFileSize(certificate.file_size)}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Uploaded</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(certificate.created_at)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>File hash</DataList.ItemLabel>
          <DataList.ItemValue>
            <HashText hash={certificate.file_hash} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Content hash</DataList.ItemLabel>
          <DataList.ItemValue>
            <HashText hash={certificate.content_hash} />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Stack>
  );
}
