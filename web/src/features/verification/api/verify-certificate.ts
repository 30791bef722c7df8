import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationResult } from '@contract';
import { ApiError, verifyCertificate, verifyCertificateHash } from '@/api';
import { readFileAsDataUrl } from '@/lib/files';
import { acceptedTypeOf, canHashInBrowser, sha256OfFile } from '../lib/hash-file';
import { verificationKeys } from './keys';

/**
 * Where a verification is: fingerprinting the file in the browser, asking by fingerprint, sending
 * the file (bytes sent of total), or waiting while the server compares it with the original.
 */
export type VerificationProgress =
  | { stage: 'hashing' }
  | { stage: 'checking-hash' }
  | { stage: 'uploading'; sent: number; total: number }
  | { stage: 'comparing' };

/** A verification's answer and how it was reached: by fingerprint alone (the file stayed here) or by upload. */
export interface VerificationAnswer {
  result: VerificationResult;
  via: 'hash' | 'upload';
}

export interface VerifyFileOptions {
  onProgress?: (progress: VerificationProgress) => void;
  signal?: AbortSignal;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Hash-first: asks by the file's SHA-256 whether exactly this file is registered; only a
 * registered identical file is answered that way. Null means "upload it": not found, no endpoint
 * (404), no WebCrypto, or the check failed for a reason other than a rate limit.
 */
async function verifyByHash(file: File, options: VerifyFileOptions): Promise<VerificationResult | null> {
  const type = acceptedTypeOf(file);
  if (!type || !canHashInBrowser()) return null;
  options.onProgress?.({ stage: 'hashing' });
  let fileHash: string;
  try {
    fileHash = await sha256OfFile(file);
  } catch {
    return null;
  }
  options.onProgress?.({ stage: 'checking-hash' });
  try {
    const result = await verifyCertificateHash(
      { fileHash, size: file.size, type },
      { signal: options.signal },
    );
    return result?.verdict === 'identical' ? result : null;
  } catch (error) {
    // A rate limit applies to the upload as well; say so rather than try again at once.
    if (isAbort(error) || (error instanceof ApiError && error.status === 429)) throw error;
    return null;
  }
}

/**
 * Verifies the chosen file: by its fingerprint first, then, unless that found it, by sending the
 * file as a data URL (the spec's call) while reporting upload progress.
 */
export async function verifyCertificateFile(
  file: File,
  options: VerifyFileOptions = {},
): Promise<VerificationAnswer> {
  const byHash = await verifyByHash(file, options);
  if (byHash) return { result: byHash, via: 'hash' };

  const fileData = await readFileAsDataUrl(file);
  options.onProgress?.({ stage: 'uploading', sent: 0, total: fileData.length });
  const result = await verifyCertificate(
    { fileData },
    {
      signal: options.signal,
      onUploadProgress: ({ sent, total, done }) =>
        options.onProgress?.(done ? { stage: 'comparing' } : { stage: 'uploading', sent, total }),
    },
  );
  return { result, via: 'upload' };
}

/**
 * The verification mutation plus its live progress. Every attempt counts towards the success
 * rate, so the tiles reload after each one.
 */
export function useVerifyCertificate() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<VerificationProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => verifyCertificateFile(file, { onProgress: setProgress }),
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: verificationKeys.stats() });
    },
  });
  const { reset: resetMutation } = mutation;
  const reset = useCallback(() => {
    setProgress(null);
    resetMutation();
  }, [resetMutation]);
  return { ...mutation, reset, progress };
}
