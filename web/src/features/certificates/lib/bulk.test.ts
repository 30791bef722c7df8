import { describe, expect, it } from 'vitest';
import { MAX_BULK_FILES, reportCsv, rowsForFiles, runLimited } from './bulk';

describe('runLimited', () => {
  it('runs every item with at most `limit` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7], 2, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      done.push(item);
      running -= 1;
    });
    expect(most).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('rowsForFiles', () => {
  it('fills up to the limit after the rows already there', () => {
    const files = Array.from({ length: 5 }, (_, i) => new File(['x'], `f${i}.png`, { type: 'image/png' }));
    const { rows, dropped } = rowsForFiles(files, MAX_BULK_FILES - 3);
    expect(rows).toHaveLength(3);
    expect(dropped).toBe(2);
    expect(rows.every((row) => row.status === 'reading')).toBe(true);
  });
});

describe('reportCsv', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    const [row] = rowsForFiles([new File(['x'], 'a,b.png', { type: 'image/png' })], 0).rows;
    if (!row) throw new Error('no row');
    const csv = reportCsv([
      { ...row, status: 'failed', message: 'He said "no"', values: { ...row.values, course: 'Line\nbreak' } },
    ]);
    const [, line] = csv.split('\r\n');
    expect(line).toBe('"a,b.png",Failed,"He said ""no""",,,,,"Line\nbreak",,,,');
  });
});
