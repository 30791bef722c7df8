import { useMutation } from '@tanstack/react-query';
import { extractCertificateFields } from '@/api';
import { readFileAsDataUrl } from '@/lib/files';

/** Reads the chosen file's printed fields on the server, to pre-fill the issue form. */
export async function extractFromFile(file: File, timeoutMs?: number) {
  const request = { fileData: await readFileAsDataUrl(file) };
  return timeoutMs === undefined
    ? extractCertificateFields(request)
    : extractCertificateFields(request, { timeoutMs });
}

export function useExtractCertificate() {
  return useMutation({ mutationFn: (file: File) => extractFromFile(file) });
}
