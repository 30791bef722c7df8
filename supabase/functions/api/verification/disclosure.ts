/**
 * What a verification may disclose of the registered certificate it compared the copy with. Anyone
 * can aim the engine at a certificate (by printing its number on a page of the same design), so for
 * an altered copy the registered text where the copy differs (a holder's name, dates, grade) and the
 * registered original's page are shown only when the certificate's public page is public (its holder
 * shared it) or the caller may read the certificate anyway (its owner, its holder or an admin: the
 * certificates table's select policy). Otherwise each difference keeps its field, label (labels never
 * quote registered text), box and what the copy reads, and the aligned copy stays: both are the
 * verifier's own file. A faithful copy (authentic) already shows the verifier the same page.
 */
import type { Verdict, VerificationDifference, VerificationResult } from '../../_shared/api-contract.ts';

/**
 * The one rule: whether an answer with `verdict` may show the registered text and page, given whether
 * the certificate's page is public and whether the caller may read the certificate (asked only when
 * the first two do not decide: `callerReads` runs a query).
 */
export async function mayShowRegistered(
  verdict: Verdict,
  pagePublic: boolean,
  callerReads: () => Promise<boolean>,
): Promise<boolean> {
  if (verdict !== 'altered' || pagePublic) return true;
  return await callerReads();
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
