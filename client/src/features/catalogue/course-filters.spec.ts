import {
  changeCourseFilters,
  courseFiltersSearch,
  hasActiveFilters,
  NO_FILTERS,
  parseCourseFilters,
  serializeCourseFilters,
  toApiQuery,
  toggled,
  type CourseFilters,
} from './course-filters';

const parse = (search: string) => parseCourseFilters(new URLSearchParams(search));
const serialize = (filters: CourseFilters) => serializeCourseFilters(filters).toString();

describe('course filters in the query string', () => {
  it('reads no filters and page 1 from an empty query', () => {
    expect(parse('')).toEqual(NO_FILTERS);
    expect(hasActiveFilters(parse(''))).toBe(false);
  });

  it('reads comma-separated lists, the two flags and the page', () => {
    expect(parse('?level=BEGINNER,INTERMEDIATE&category=messaging,analytics&notTaken=true&isFavorite=true&page=3')).toEqual({
      levels: ['BEGINNER', 'INTERMEDIATE'],
      categories: ['messaging', 'analytics'],
      notTaken: true,
      isFavorite: true,
      page: 3,
    });
  });

  it('also reads repeated parameters, and keeps levels in their canonical order without duplicates', () => {
    expect(parse('level=ADVANCED&level=BEGINNER,ADVANCED&category=a&category=a,b').levels).toEqual(['BEGINNER', 'ADVANCED']);
    expect(parse('category=a&category=a,b').categories).toEqual(['a', 'b']);
  });

  it.each(['page=abc', 'page=-3', 'page=0', 'page=1.5', 'page=', 'page=2abc', 'page=99999999999999999999'])(
    'reads %s as page 1',
    (search) => {
      expect(parse(search).page).toBe(1);
    },
  );

  it('drops unknown levels and category values the API would refuse', () => {
    const filters = parse('level=FOO,beginner,ADVANCED&category=ok-slug,Bad Slug,<x>,,');
    expect(filters.levels).toEqual(['ADVANCED']);
    expect(filters.categories).toEqual(['ok-slug']);
  });

  it('treats only "true" as a set flag', () => {
    expect(parse('notTaken=1&isFavorite=yes')).toMatchObject({ notTaken: false, isFavorite: false });
    expect(parse('notTaken=false')).toMatchObject({ notTaken: false });
  });

  it('writes only what differs from the defaults', () => {
    expect(serialize(NO_FILTERS)).toBe('');
    expect(serialize({ ...NO_FILTERS, page: 1, notTaken: false })).toBe('');
    expect(serialize({ ...NO_FILTERS, levels: ['BEGINNER', 'ADVANCED'], page: 2 })).toBe('level=BEGINNER%2CADVANCED&page=2');
    expect(serialize({ ...NO_FILTERS, isFavorite: true })).toBe('isFavorite=true');
  });

  it.each([
    '',
    'level=BEGINNER%2CINTERMEDIATE',
    'category=messaging%2Canalytics&page=4',
    'level=ADVANCED&category=friends&notTaken=true&isFavorite=true&page=2',
  ])('round-trips %s', (search) => {
    expect(serialize(parse(search))).toBe(search);
    const filters = parse(search);
    expect(parse(serialize(filters))).toEqual(filters);
  });

  it('normalises a messy address to its canonical form', () => {
    expect(serialize(parse('page=abc&level=FOO,ADVANCED,BEGINNER&notTaken=true&utm_source=x'))).toBe(
      'level=BEGINNER%2CADVANCED&notTaken=true',
    );
  });

  it('makes readable addresses with plain commas', () => {
    const filters = parse('level=BEGINNER,INTERMEDIATE&category=a,b&page=2');
    expect(courseFiltersSearch(filters)).toBe('?level=BEGINNER,INTERMEDIATE&category=a,b&page=2');
    expect(parse(courseFiltersSearch(filters))).toEqual(filters);
    expect(courseFiltersSearch(NO_FILTERS)).toBe('');
  });

  it('goes back to page 1 whenever a filter changes', () => {
    const onPage3 = parse('level=BEGINNER&page=3');
    const changed = changeCourseFilters(onPage3, { levels: toggled(onPage3.levels, 'ADVANCED') });
    expect(changed).toEqual({ ...NO_FILTERS, levels: ['BEGINNER', 'ADVANCED'], page: 1 });
    expect(serialize(changed)).toBe('level=BEGINNER%2CADVANCED');
  });

  it('toggles a value in and out of a list', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('toApiQuery', () => {
  it('asks for the program, page and page size only when nothing is filtered', () => {
    expect(toApiQuery(NO_FILTERS, 'OA')).toEqual({ program: 'OA', page: 1, limit: 12 });
  });

  it('maps notTaken to isStarted=false and isFavorite to isFavorite=true (spec §3)', () => {
    const query = toApiQuery(parse('level=BEGINNER,ADVANCED&category=a,b&notTaken=true&isFavorite=true&page=2'), 'Y_ADS');
    expect(query).toEqual({
      program: 'Y_ADS',
      level: 'BEGINNER,ADVANCED',
      category: 'a,b',
      isStarted: false,
      isFavorite: true,
      page: 2,
      limit: 12,
    });
  });

  it('leaves the learner flags out when they are off, so visitors are never refused', () => {
    const query = toApiQuery(parse('level=BEGINNER'), 'AD');
    expect(query).not.toHaveProperty('isStarted');
    expect(query).not.toHaveProperty('isFavorite');
  });
});
