import { describe, expect, it } from 'vitest';
import {
  FILE_MESSAGES,
  formatMegabytes,
  readFileAsDataUrl,
  validateCertificateFile,
} from './file-validation';

const MB = 1024 * 1024;

function file(name: string, type: string, size = 1000): File {
  const blob = new File(['x'], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

describe('validateCertificateFile', () => {
  it('asks for a file when none is chosen', () => {
    expect(validateCertificateFile(null)).toBe('Please select a file first.');
  });

  it.each([
    'image/jpeg',
    'image/jpg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/bmp',
    'image/tiff',
    'application/pdf',
  ])('accepts %s', (type) => {
    expect(validateCertificateFile(file('certificate', type))).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['scan.svg', 'image/svg+xml'],
    ['archive.zip', 'application/zip'],
  ])('rejects %s with the type alert', (name, type) => {
    expect(validateCertificateFile(file(name, type))).toBe(
      'Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)',
    );
  });

  it('goes by the extension when the browser gives no MIME type', () => {
    expect(validateCertificateFile(file('scan.TIFF', ''))).toBeNull();
    expect(validateCertificateFile(file('scan.exe', ''))).toBe(FILE_MESSAGES.invalidType);
    expect(validateCertificateFile(file('no-extension', ''))).toBe(FILE_MESSAGES.invalidType);
  });

  it('allows exactly 10 MB and rejects one byte more', () => {
    expect(validateCertificateFile(file('big.pdf', 'application/pdf', 10 * MB))).toBeNull();
    expect(validateCertificateFile(file('big.pdf', 'application/pdf', 10 * MB + 1))).toBe(
      'File size must be less than 10MB',
    );
  });

  it('reports the type before the size', () => {
    expect(validateCertificateFile(file('big.txt', 'text/plain', 20 * MB))).toBe(FILE_MESSAGES.invalidType);
  });
});

describe('readFileAsDataUrl', () => {
  it('reads a file as a base64 data URL', async () => {
    const url = await readFileAsDataUrl(new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }));
    expect(url).toBe(`data:application/pdf;base64,${btoa('%PDF-1.4')}`);
  });

  it("rejects with 'Failed to read file.' when the reader fails", async () => {
    const broken = new File(['x'], 'a.png', { type: 'image/png' });
    const original = FileReader.prototype.readAsDataURL;
    FileReader.prototype.readAsDataURL = function (this: FileReader) {
      queueMicrotask(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    };
    try {
      await expect(readFileAsDataUrl(broken)).rejects.toThrow('Failed to read file.');
    } finally {
      FileReader.prototype.readAsDataURL = original;
    }
  });
});

describe('formatMegabytes', () => {
  it('shows megabytes with two decimals', () => {
    expect(formatMegabytes(1536 * 1024)).toBe('1.50 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
});
