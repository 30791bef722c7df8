/**
 * What the `api` function and the `engine` function say to each other (server to server, with
 * the service role key). Validated with valita: small enough for the engine's bundle, which
 * already carries OpenCV and the OCR model.
 */
import * as v from '@badrap/valita';
import type { DecidedDifference } from './decide.ts';
import type { ComparisonChannel, CopyKind } from '../api-contract.ts';

export const registerRequest = v.object({
  certificateId: v.string().assert((value) => /^[0-9a-f-]{36}$/i.test(value), 'certificateId must be a UUID'),
  fileData: v.string(),
});
export type RegisterRequest = v.Infer<typeof registerRequest>;

export const verifyRequest = v.object({ fileData: v.string() });
export type VerifyRequest = v.Infer<typeof verifyRequest>;

export const readRequest = v.object({ fileData: v.string() });

export interface ReadResponse {
  text: string;
  textSource: 'pdf-text' | 'ocr' | 'pdf-ocr' | 'none';
}

/** A verifiable copy (_shared/copies/stamp.ts) of the stored file at `storagePath`. */
export const stampRequest = v.object({
  storagePath: v.string(),
  url: v
    .string()
    .assert((value) => /^https?:\/\/\S+$/.test(value) && value.length <= 200, 'url must be an http(s) URL'),
  certificateNumber: v.union(v.string(), v.null()),
  format: v.union(v.literal('png'), v.literal('pdf')),
});
export type StampRequest = v.Infer<typeof stampRequest>;

export const backfillRequest = v.object({ limit: v.number().optional() });

export interface RegisterResponse {
  certificateId: string;
  lines: number;
}

export interface VerifyResponse {
  verdict: 'authentic' | 'altered' | 'unknown';
  certificateId: string | null;
  /**
   * What found the certificate: the copy's QR code (code.ts, certificate_code), its certificate
   * number (number.ts, certificate_number), or its page (page hash, readings: visual); null if none did.
   */
  matchChannel: ComparisonChannel | null;
  copyKind: CopyKind | null;
  /** Boxes as fractions of the original page. */
  differences: DecidedDifference[];
  reasons: string[];
  confidence: number;
  evidence: { originalPage: string; alignedCopy: string } | null;
}

export interface BackfillResponse {
  registered: number;
  failed: number;
  remaining: number;
}
