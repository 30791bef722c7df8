import { describe, expect, it } from 'vitest';
import { makeCertificate, makePage } from '@/testing/certificates';
import {
  decrementCount,
  flattenPages,
  nextPageOffset,
  pageInfo,
  removeFromPages,
  replaceInPages,
  showingLine,
} from './pagination';

function page(ids: string[], offset: number, totalCount: number, hasMore: boolean) {
  return makePage(
    ids.map((id) => makeCertificate({ id })),
    { offset, totalCount, hasMore },
  );
}

describe('page arithmetic (spec section 9)', () => {
  it('numbers pages as offset / limit + 1 of ceil(total / limit)', () => {
    expect(pageInfo(0, 50, 120)).toEqual({ page: 1, pages: 3 });
    expect(pageInfo(50, 50, 120)).toEqual({ page: 2, pages: 3 });
    expect(pageInfo(100, 50, 120)).toEqual({ page: 3, pages: 3 });
    expect(pageInfo(0, 50, 50)).toEqual({ page: 1, pages: 1 });
  });

  it('never says "of 0" pages', () => {
    expect(pageInfo(0, 50, 0)).toEqual({ page: 1, pages: 1 });
  });

  it('writes the footer line', () => {
    expect(showingLine(100, 120, 50, 50)).toBe('Showing 100 of 120 certificates (Page 2 of 3)');
    expect(showingLine(3, 3, 0, 50)).toBe('Showing 3 of 3 certificates (Page 1 of 1)');
  });
});

describe('Load More', () => {
  it('asks for the next page at the number already loaded', () => {
    const first = page(['a', 'b', 'c'], 0, 5, true);
    expect(nextPageOffset([first])).toBe(3);
    const second = page(['d'], 3, 5, true);
    expect(nextPageOffset([first, second])).toBe(4);
  });

  it('stops when the server says there is no more', () => {
    expect(nextPageOffset([page(['a'], 0, 1, false)])).toBeUndefined();
    expect(nextPageOffset([])).toBeUndefined();
  });

  it('appends pages in order', () => {
    const ids = flattenPages([page(['a', 'b'], 0, 3, true), page(['c'], 2, 3, false)]).map((c) => c.id);
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});

describe('unrevoke in the loaded list', () => {
  it('removes the certificate and drops every page total by one', () => {
    const pages = removeFromPages([page(['a', 'b'], 0, 3, true), page(['c'], 2, 3, false)], 'b');
    expect(flattenPages(pages).map((c) => c.id)).toEqual(['a', 'c']);
    expect(pages.map((p) => p.totalCount)).toEqual([2, 2]);
  });

  it('never lets the count go below 0', () => {
    expect(decrementCount(0)).toBe(0);
    expect(decrementCount(1)).toBe(0);
    const pages = removeFromPages([page(['a'], 0, 0, false)], 'a');
    expect(pages[0]?.totalCount).toBe(0);
  });

  it('leaves the count alone when the certificate is not loaded', () => {
    const pages = [page(['a'], 0, 4, true)];
    expect(removeFromPages(pages, 'zzz')).toBe(pages);
  });

  it('replaces an updated certificate in place', () => {
    const updated = makeCertificate({ id: 'b', revoked: true });
    const pages = replaceInPages([page(['a', 'b'], 0, 2, false)], updated);
    expect(pages[0]?.certificates[1]?.revoked).toBe(true);
    expect(pages[0]?.certificates[0]?.revoked).toBe(false);
  });
});
