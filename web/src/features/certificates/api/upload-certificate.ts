import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Certificate, CertificateFields } from '@contract';
import { ApiError, invitationRedirectUrl, uploadCertificate } from '@/api';
import { readFileAsDataUrl } from '@/lib/files';
import { certificateKeys } from './keys';

export interface UploadInput {
  file: File;
  /** The owner: the admin's own id on the admin screen, the caller's id on /upload. */
  userId: string;
  /** Issue form (admin): the corrected fields and the recipient. */
  fields?: CertificateFields;
  /** Longer than the client's default for a queued batch (bulk issue). */
  timeoutMs?: number;
}

/** Reads the file as a data URL and uploads it; the file's name becomes the certificate's default name. */
export async function uploadCertificateFile({ file, userId, fields, timeoutMs }: UploadInput) {
  const request = {
    fileData: await readFileAsDataUrl(file),
    userId,
    mode: 'process' as const,
    fileName: file.name,
    ...fields,
    certificateName: fields?.certificateName ?? undefined,
    // A recipient without an account is invited; the link brings them to the accept-invitation page.
    invitationRedirectTo: fields?.recipientEmail ? invitationRedirectUrl() : undefined,
  };
  return timeoutMs === undefined ? uploadCertificate(request) : uploadCertificate(request, { timeoutMs });
}

/** The existing certificate a 409 duplicate answer carries, if this error is one. */
export function duplicateCertificate(error: unknown): Certificate | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { certificate?: Certificate } | undefined;
  return body?.certificate ?? null;
}

export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCertificateFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}
