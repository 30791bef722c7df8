import { useMutation } from '@tanstack/react-query';
import { extractCertificateFields } from '@/api';
import { readFileAsDataUrl } from '@/lib/files';

/** Reads the chosen file's printed fields on the server, to pre-fill the issue form. */
export async function extractFromFile(file: File) {
  return extractCertificateFields({ fileData: await readFileAsDataUrl(file) });
}

export function useExtractCertificate() {
  return useMutation({ mutationFn: extractFromFile });
}
