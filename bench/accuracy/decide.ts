/**
 * The verification decision of `supabase/functions/api/verification/service.ts`, without the
 * database: the exact file hash first, then the same content hash confirmed by the visual
 * fingerprint where both files have one. The lookups are the service's SQL; the fingerprint rule is
 * the shared `fingerprintsAllowMatch` both use.
 */
import {
  fingerprintsAllowMatch,
  type ProcessedCertificateFile,
} from '../../supabase/functions/_shared/processing/mod.ts';

export interface Registered {
  id: string;
  fileHash: string;
  contentHash: string | null;
  fingerprint: Uint8Array | null;
}

export type Decision =
  | { accepted: true; id: string; channel: 'exact_file' | 'same_content' }
  /** `text`: no registered certificate has this content hash; `fingerprint`: one has, but looks different. */
  | { accepted: false; failed: 'text' | 'fingerprint' };

export function decide(processed: ProcessedCertificateFile, registry: readonly Registered[]): Decision {
  const exact = registry.find((candidate) => candidate.fileHash === processed.fileHash);
  if (exact) return { accepted: true, id: exact.id, channel: 'exact_file' };
  if (!processed.contentHash) return { accepted: false, failed: 'text' };
  const sameText = registry.filter((candidate) => candidate.contentHash === processed.contentHash);
  if (sameText.length === 0) return { accepted: false, failed: 'text' };
  const confirmed = sameText.find((candidate) =>
    fingerprintsAllowMatch(processed.fingerprint, candidate.fingerprint),
  );
  return confirmed
    ? { accepted: true, id: confirmed.id, channel: 'same_content' }
    : { accepted: false, failed: 'fingerprint' };
}
