/**
 * What a verification may disclose of the registered certificate it compared the copy with. Anyone
 * can aim the engine at a certificate (by printing its number on a page of the same design), so for
 * an altered copy the registered text where the copy differs (a holder's name, dates, grade) and the
 * registered original's page are shown only when the certificate's public page is public (its holder
 * shared it) or the caller is its holder or an admin. Otherwise each difference keeps its field, label
 * (labels never quote registered text), box and what the copy reads, and the aligned copy stays: both
 * are the verifier's own file. A faithful copy (authentic) already shows the verifier the same page.
 */
import type { Verdict, VerificationDifference, VerificationResult } from '../../_shared/api-contract.ts';
import type { RateLimitSubject } from '../../_shared/rate-limit.ts';

/** Who may see a certificate's registered text: private.find_certificate_by_id's columns. */
export interface DisclosureRights {
  page_public: boolean;
  holder_id: string | null;
}

/**
 * The one rule: whether an answer with `verdict` about `certificate` may show the registered text and
 * page to `viewer` (the caller as the api checked it: an active user or admin, or an address).
 */
export function mayShowRegistered(
  verdict: Verdict,
  certificate: DisclosureRights,
  viewer: RateLimitSubject,
): boolean {
  if (verdict !== 'altered' || certificate.page_public || viewer.kind === 'admin') return true;
  return viewer.kind === 'user' && certificate.holder_id !== null && viewer.userId === certificate.holder_id;
}

/** The differences and pictures as shown: without the registered text and page when they may not be. */
export function disclosed(
  shown: boolean,
  differences: VerificationDifference[],
  evidence: VerificationResult['evidence'],
): Pick<VerificationResult, 'differences' | 'evidence' | 'registeredWithheld'> {
  if (shown) return { differences, evidence, registeredWithheld: false };
  return {
    differences: differences.map((difference) => ({ ...difference, registered: null })),
    evidence: evidence ? { ...evidence, originalPage: null } : null,
    registeredWithheld: true,
  };
}
