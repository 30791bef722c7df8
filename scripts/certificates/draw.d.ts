export interface CertificateFields {
  title: string;
  recipient: string;
  course: string;
  grade: string;
  date: string;
  number: string;
  issuer: string;
  signatory: string;
  /** Accent colour of border and seal. */
  accent: string;
}
export interface DrawOptions {
  width: number;
  /** Adds a deterministic paper grain (a scanned or photographed look, and real file sizes). */
  grain?: number;
}
/** A small deterministic PRNG (mulberry32) so grain and decoration are identical on every run. */
export declare function seededRandom(seed: number): () => number;
/** Renders the certificate as PNG bytes, landscape A4 proportions. */
export declare function drawCertificate(fields: CertificateFields, options: DrawOptions): Buffer;
