import type { AdminEventView } from '@campus/contracts/admin-events';
import { capRows, matchesFilters, mergeEvents, mergeTypes, newestSeq, normaliseFilters } from './event-list';

const USER = '0196a3c4-0000-7000-8000-00000000000a';
const anEvent = (seq: number, overrides: Partial<AdminEventView> = {}): AdminEventView => ({
  seq,
  type: 'LessonCompleted',
  streamType: 'user',
  streamId: USER,
  actorId: USER,
  userId: USER,
  occurredAt: '2026-11-22T01:00:00.000Z',
  data: {},
  ...overrides,
});

describe('event list helpers', () => {
  it('matches the type exactly and the user id whatever its case; empty filters match all', () => {
    const event = anEvent(1);
    expect(matchesFilters(event, { type: '', userId: '' })).toBe(true);
    expect(matchesFilters(event, { type: 'LessonCompleted', userId: '' })).toBe(true);
    expect(matchesFilters(event, { type: 'Lesson', userId: '' })).toBe(false);
    expect(matchesFilters(event, normaliseFilters({ type: '', userId: ` ${USER.toUpperCase()} ` }))).toBe(true);
    expect(matchesFilters(anEvent(2, { userId: null }), { type: '', userId: USER })).toBe(false);
  });

  it('merges newest first, keeping the copy already there', () => {
    const merged = mergeEvents([anEvent(3, { type: 'A' }), anEvent(1)], [anEvent(2), anEvent(3, { type: 'B' }), anEvent(5)]);
    expect(merged.map((event) => event.seq)).toEqual([5, 3, 2, 1]);
    expect(merged[1]!.type).toBe('A');
  });

  it('finds the newest seq over several lists, null when all are empty', () => {
    expect(newestSeq([anEvent(3)], [anEvent(7), anEvent(2)])).toBe(7);
    expect(newestSeq([], [])).toBeNull();
  });

  it('caps the rows and moves the cursor up to the oldest kept only when rows were dropped', () => {
    const rows = [anEvent(5), anEvent(4), anEvent(3)];
    expect(capRows(rows, null, 3)).toEqual({ rows, nextBefore: null });
    expect(capRows(rows, 1, 2)).toEqual({ rows: rows.slice(0, 2), nextBefore: 4 });
  });

  it('sorts the known types without duplicates', () => {
    expect(mergeTypes(['ExamStarted', 'BadgeAwarded'], ['ExamStarted', 'AgreementAccepted'])).toEqual([
      'AgreementAccepted',
      'BadgeAwarded',
      'ExamStarted',
    ]);
  });
});
