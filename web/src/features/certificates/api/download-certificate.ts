import { useMutation } from '@tanstack/react-query';
import type { Certificate } from '@contract';
import { downloadCertificateFile } from '@/api';
import { saveBlob } from '@/lib/files';

/** Fetches a certificate's stored file and saves it under its certificate name. */
export async function downloadCertificate(certificate: Certificate): Promise<void> {
  const { blob, fileName } = await downloadCertificateFile(certificate);
  saveBlob(blob, fileName);
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
