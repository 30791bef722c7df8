import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type CertificateFields, drawCertificate } from '../../scripts/certificates/draw.ts';

/**
 * Certificates for the verification page's v2 tests: a fresh original (nobody has registered it),
 * a genuine copy of it (re-encoded as JPEG, other bytes, same page) and a forged copy (the same
 * template drawn again with one letter of the recipient's name changed).
 */

const workDir = join(tmpdir(), `e2e-copies-${process.pid}`);
const WIDTH = 1400;

export interface CertificateSet {
  fields: CertificateFields;
  originalPath: string;
  /** The original re-saved as JPEG quality 92: what a recipient's e-mail client may send on. */
  jpegCopyPath(): Promise<string>;
  /** The recipient's name with one letter changed ("Doe" -> "Dae"), drawn on the same template. */
  forgedCopyPath(): string;
  forgedRecipient: string;
}

/** Swaps the first 'o' of the surname for an 'a': a one-letter forgery a glance would miss. */
function forge(name: string): string {
  const space = name.lastIndexOf(' ');
  const surname = name.slice(space + 1).replace('o', 'a');
  return `${name.slice(0, space + 1)}${surname}`;
}

export function freshCertificateSet(label: string): CertificateSet {
  mkdirSync(workDir, { recursive: true });
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const number = `E2E-V2-${suffix}`;
  const fields: CertificateFields = {
    title: 'Certificate of Achievement',
    recipient: `Morgan ${label} ${suffix.replace(/[0-9]/g, 'Q')} Dooley`,
    course: 'Verification Page Practice',
    grade: 'A+',
    date: '2026-11-25',
    number,
    issuer: 'Northwind Academy',
    signatory: 'Dr. Helen Park',
    accent: '#7a1d4e',
  };
  const originalPath = join(workDir, `${number}.png`);
  const originalBytes = drawCertificate(fields, { width: WIDTH });
  writeFileSync(originalPath, originalBytes);
  const forgedRecipient = forge(fields.recipient);

  return {
    fields,
    originalPath,
    forgedRecipient,
    async jpegCopyPath() {
      const path = join(workDir, `${number}-copy.jpg`);
      writeFileSync(path, await sharp(originalBytes).jpeg({ quality: 92 }).toBuffer());
      return path;
    },
    forgedCopyPath() {
      const path = join(workDir, `${number}-forged.png`);
      writeFileSync(path, drawCertificate({ ...fields, recipient: forgedRecipient }, { width: WIDTH }));
      return path;
    },
  };
}
