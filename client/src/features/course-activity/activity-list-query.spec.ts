import {
  activityListSearch,
  hasActivity,
  historyOffset,
  historyPageCount,
  parsePageNumber,
  readActivityListQuery,
} from './activity-list-query';

describe('activity list query', () => {
  it('reads the type and the page, with defaults for anything unknown', () => {
    expect(readActivityListQuery('?type=seminar&page=3')).toEqual({ type: 'seminar', page: 3 });
    expect(readActivityListQuery('')).toEqual({ type: null, page: 1 });
    expect(readActivityListQuery('?type=video&page=abc')).toEqual({ type: null, page: 1 });
  });

  it('defaults the page to 1 when missing, not numeric or not positive (spec §3)', () => {
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber('')).toBe(1);
    expect(parsePageNumber('2x')).toBe(1);
    expect(parsePageNumber('0')).toBe(1);
    expect(parsePageNumber('-2')).toBe(1);
    expect(parsePageNumber('1.5')).toBe(1);
    expect(parsePageNumber('99999999999999999999')).toBe(1);
    expect(parsePageNumber('12')).toBe(12);
  });

  it('writes the query string, leaving the defaults out', () => {
    expect(activityListSearch({ type: null, page: 1 })).toBe('');
    expect(activityListSearch({ type: 'learning', page: 1 })).toBe('?type=learning');
    expect(activityListSearch({ type: 'certification', page: 2 })).toBe('?type=certification&page=2');
    expect(activityListSearch({ type: null, page: 4 })).toBe('?page=4');
  });

  it('pages the history by 20', () => {
    expect(historyOffset(1)).toBe(0);
    expect(historyOffset(3)).toBe(40);
    expect(historyPageCount(0)).toBe(1);
    expect(historyPageCount(20)).toBe(1);
    expect(historyPageCount(21)).toBe(2);
  });

  it('knows which kinds have favourites and visits', () => {
    expect(hasActivity('learning')).toBe(true);
    expect(hasActivity('certification')).toBe(true);
    expect(hasActivity('video')).toBe(false);
  });
});
