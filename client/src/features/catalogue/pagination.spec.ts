import { pageCount, pageItems, type PageItem } from './pagination';

const shown = (items: PageItem[]) => items.map((item) => (item.kind === 'page' ? item.page : '…'));

describe('pagination', () => {
  it('counts pages, with at least one for an empty list', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });

  it('shows every page of a short list', () => {
    expect(shown(pageItems(1, 1))).toEqual([1]);
    expect(shown(pageItems(2, 4))).toEqual([1, 2, 3, 4]);
  });

  it('leaves gaps around the current page in a long list', () => {
    expect(shown(pageItems(1, 10))).toEqual([1, 2, '…', 10]);
    expect(shown(pageItems(6, 10))).toEqual([1, '…', 5, 6, 7, '…', 10]);
    expect(shown(pageItems(10, 10))).toEqual([1, '…', 9, 10]);
  });

  it('fills a gap of one page with that page instead of "…"', () => {
    expect(shown(pageItems(4, 10))).toEqual([1, 2, 3, 4, 5, '…', 10]);
  });

  it('copes with a current page past the end', () => {
    expect(shown(pageItems(20, 3))).toEqual([1, 2, 3]);
  });
});
