import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyCertificate } from '@/api';
import { readFileAsDataUrl } from '@/lib/files';
import { verificationKeys } from './keys';

/** Reads the chosen file as a data URL and asks the server whether it is a known, valid certificate. */
export async function verifyCertificateFile(file: File) {
  const fileData = await readFileAsDataUrl(file);
  return verifyCertificate({ fileData });
}

/** Every attempt counts towards the success rate, so the tiles reload after each one. */
export function useVerifyCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCertificateFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.stats() }),
  });
}
