import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, validateCertificateFile } from './files';

function file(name: string, type: string, size = 1024): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('validateCertificateFile', () => {
  it('asks for a file when there is none', () => {
    expect(validateCertificateFile(null)).toBe(FILE_MESSAGES.noFile);
    expect(validateCertificateFile(undefined)).toBe(FILE_MESSAGES.noFile);
  });

  it.each([
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/bmp',
    'image/tiff',
    'application/pdf',
  ])('accepts %s', (type) => {
    expect(validateCertificateFile(file('certificate', type))).toBeNull();
  });

  it('judges a typed file by its type, not its name', () => {
    expect(validateCertificateFile(file('certificate.png', 'text/plain'))).toBe(FILE_MESSAGES.invalidType);
  });

  it.each([
    'scan.jpg',
    'scan.jpeg',
    'scan.png',
    'scan.gif',
    'scan.webp',
    'scan.bmp',
    'scan.tif',
    'SCAN.TIFF',
    'scan.pdf',
  ])('accepts %s without a MIME type by its extension', (name) => {
    expect(validateCertificateFile(file(name, ''))).toBeNull();
  });

  it.each(['notes.txt', 'tiff', 'scan.tif.exe', 'archive'])(
    'refuses %s without a MIME type with the spec message',
    (name) => {
      expect(validateCertificateFile(file(name, ''))).toBe(FILE_MESSAGES.invalidType);
    },
  );

  it('keeps the 10 MB bound for files judged by their extension', () => {
    expect(validateCertificateFile(file('scan.tiff', '', 10 * 1024 * 1024))).toBeNull();
    expect(validateCertificateFile(file('scan.tiff', '', 10 * 1024 * 1024 + 1))).toBe(FILE_MESSAGES.tooLarge);
  });
});
