import { describe, expect, it } from 'vitest';
import {
  certificateTitle,
  formatDate,
  formatDateTime,
  formatDay,
  formatFileSize,
  formatMegabytes,
  formatPercent,
  shortId,
  shortenHash,
} from './format';

describe('formatFileSize', () => {
  it('uses base 1024 and two decimals across units', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512.00 Bytes');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.00 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120.00 GB');
  });

  it('says N/A for missing or impossible sizes', () => {
    expect(formatFileSize(undefined)).toBe('N/A');
    expect(formatFileSize(-1)).toBe('N/A');
    expect(formatFileSize(Number.NaN)).toBe('N/A');
  });
});

describe('formatMegabytes', () => {
  it('shows megabytes with two decimals', () => {
    expect(formatMegabytes(262_144)).toBe('0.25 MB');
    expect(formatMegabytes(1_000_000)).toBe('0.95 MB');
  });
});

describe('shortenHash', () => {
  it('keeps the first and last 8 characters', () => {
    const hash = 'a'.repeat(8) + '0123456789' + 'b'.repeat(8);
    expect(shortenHash(hash)).toBe('aaaaaaaa...bbbbbbbb');
  });

  it('leaves short values whole and marks missing ones', () => {
    expect(shortenHash('abc')).toBe('abc');
    expect(shortenHash(null)).toBe('N/A');
    expect(shortenHash('')).toBe('N/A');
  });
});

describe('shortId', () => {
  it('shows the last 8 characters', () => {
    expect(shortId('6f1c2a9e-1b2c-4d5e-8f90-123456789abc')).toBe('56789abc');
  });
});

describe('dates', () => {
  it('formats en-US', () => {
    expect(formatDate('2025-03-05T12:00:00Z')).toMatch(/^March [45], 2025$/);
    expect(formatDateTime('2025-03-05T14:07:00')).toBe('Mar 5, 2025, 2:07 PM');
  });

  it("formats a calendar day as that day in any time zone, an instant in the viewer's", () => {
    expect(formatDay('2025-06-30')).toBe('Jun 30, 2025');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDay('2025-03-05T14:07:00')).toBe('Mar 5, 2025');
  });

  it('says N/A for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
    expect(formatDay('not a date')).toBe('N/A');
    expect(formatDay('2025-13-45')).toBe('N/A');
  });
});

describe('formatPercent', () => {
  it('rounds to one decimal', () => {
    expect(formatPercent(97.46)).toBe('97.5%');
    expect(formatPercent(100)).toBe('100%');
  });
});

describe('certificateTitle', () => {
  it("is the certificate's name, else the fallback ('Untitled Certificate' by default)", () => {
    expect(certificateTitle({ certificate_name: ' Diploma ' })).toBe('Diploma');
    expect(certificateTitle({ certificate_name: null })).toBe('Untitled Certificate');
    expect(certificateTitle({ certificate_name: '   ' }, 'cccccccc...cccccccc')).toBe('cccccccc...cccccccc');
  });
});
