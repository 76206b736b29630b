import { LEGACY_CSV_MAX_CHARS } from '@campus/contracts/legacy-badge-imports';
import { csvProblemOf } from './legacy-csv';

describe('csvProblemOf', () => {
  it('accepts a file within the limit', () => {
    expect(csvProblemOf('badges.csv', 'email,course_slug,passed_at\n')).toBeNull();
    expect(csvProblemOf('badges.csv', 'x'.repeat(LEGACY_CSV_MAX_CHARS))).toBeNull();
  });

  it('refuses a file over the limit and an empty one with the API messages', () => {
    expect(csvProblemOf('badges.csv', 'x'.repeat(LEGACY_CSV_MAX_CHARS + 1))).toBe(
      'CSV ファイルは 800KB 以内にしてください（大きなファイルは分けて取り込んでください）',
    );
    expect(csvProblemOf('badges.csv', '')).toBe('CSV ファイルが空です');
  });
});
