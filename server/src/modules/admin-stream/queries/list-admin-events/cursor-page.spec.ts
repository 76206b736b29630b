import { cursorPage } from './cursor-page';

const rows = (...seqs: number[]) => seqs.map((seq) => ({ seq }));

describe('cursorPage', () => {
  it('shows `limit` rows and points the next page before the last one shown when an extra row was found', () => {
    expect(cursorPage(rows(9, 8, 7, 6), 3)).toEqual({ items: rows(9, 8, 7), nextBefore: 7 });
  });

  it('has no next page when no extra row came back, even with exactly `limit` rows', () => {
    expect(cursorPage(rows(9, 8, 7), 3)).toEqual({ items: rows(9, 8, 7), nextBefore: null });
    expect(cursorPage(rows(2), 3)).toEqual({ items: rows(2), nextBefore: null });
    expect(cursorPage([], 3)).toEqual({ items: [], nextBefore: null });
  });

  it('pages through a log without repeating or skipping a row', () => {
    const log = rows(...Array.from({ length: 11 }, (_, index) => 11 - index));
    const seen: number[] = [];
    let before: number | null = Number.MAX_SAFE_INTEGER;
    while (before !== null) {
      const cursor: number = before;
      const page = cursorPage(log.filter((row) => row.seq < cursor).slice(0, 5), 4);
      seen.push(...page.items.map((row) => row.seq));
      before = page.nextBefore;
    }
    expect(seen).toEqual(log.map((row) => row.seq));
  });
});
