import { describe, expect, it } from 'vitest';
import { certificateFileName } from './certificates';

describe('certificateFileName', () => {
  it('names the download after the certificate and its type', () => {
    expect(
      certificateFileName({
        certificate_name: 'BSc Diploma',
        mime_type: 'application/pdf',
        file_type: 'pdf',
        id: 'x',
      }),
    ).toBe('BSc Diploma.pdf');
    expect(
      certificateFileName({
        certificate_name: 'scan.png',
        mime_type: 'image/png',
        file_type: 'image',
        id: 'x',
      }),
    ).toBe('scan.png');
    expect(
      certificateFileName({
        certificate_name: 'a/b:c',
        mime_type: 'image/jpeg',
        file_type: 'image',
        id: 'x',
      }),
    ).toBe('a_b_c.jpg');
  });

  it('falls back to the id when the certificate has no name', () => {
    expect(
      certificateFileName({
        certificate_name: null,
        mime_type: 'image/webp',
        file_type: 'image',
        id: '00000000-0000-4000-8000-0000abcdef12',
      }),
    ).toBe('certificate-abcdef12.webp');
  });
});
