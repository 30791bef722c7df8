import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { drawCertificate } from '../../scripts/certificates/draw.ts';

const workDir = join(tmpdir(), `e2e-certificates-${process.pid}`);

/**
 * A word a reader takes for part of a name: letters only, since a digit makes the line a number's.
 * The registration must name the recipient's line, so that a copy with another name and number is
 * another certificate (not found), not an altered copy of this one.
 */
function nameWord(word: string): string {
  const letters = word.replace(/[0-9]/g, (digit) => 'QRSTUVWXYZ'.charAt(Number(digit))).toLowerCase();
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

/**
 * Draws a certificate nobody has uploaded yet (unique recipient and number), so each test owns its
 * certificate even when earlier suites used the shared sample set on the same stack. The label is
 * part of the recipient's name, so never a label's word ("Valid" reads as "Valid until", no name).
 */
export function freshCertificatePng(label: string): { path: string; recipient: string; number: string } {
  mkdirSync(workDir, { recursive: true });
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  if (/valid|expir/i.test(label))
    throw new Error(`"${label}" reads as a label ("Valid until", "Expires"), not a name`);
  const recipient = `Jordan ${nameWord(label)} ${nameWord(suffix)}`;
  const number = `E2E-${suffix}`;
  const bytes = drawCertificate(
    {
      title: 'Certificate of Completion',
      recipient,
      course: 'End-to-End Testing Practice',
      grade: 'A',
      date: '2026-11-21',
      number,
      issuer: 'Northwind Academy',
      signatory: 'Dr. Helen Park',
      accent: '#1d4e89',
    },
    { width: 1400 },
  );
  const path = join(workDir, `${number}.png`);
  writeFileSync(path, bytes);
  return { path, recipient, number };
}

/** A file of the given size whose bytes are not any accepted type (for the client-side checks). */
export function scratchFile(name: string, bytes: Uint8Array | string): string {
  mkdirSync(workDir, { recursive: true });
  const path = join(workDir, name);
  writeFileSync(path, bytes);
  return path;
}
