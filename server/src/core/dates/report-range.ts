import { addDays, tokyoDay, tokyoDayStart } from '../../contracts/tokyo-date.js';
import { AppError } from '../errors/app-error.js';

// Tokyo keeps one offset all year: a Tokyo day is a fixed 24 h window.
const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 366;
const DEFAULT_RANGE_DAYS = 30;

export type Granularity = 'day' | 'week';

/** A range of Tokyo days, both ends included, and the instants that bound it for SQL. */
export interface AnalyticsRange {
  from: string;
  to: string;
  startsAt: Date;
  endsBefore: Date;
}

const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayAt = (epoch: number) => new Date(epoch * DAY_MS).toISOString().slice(0, 10);
/** 2025-02-30 matches the pattern but is no day: Date rolls it over, which the round trip shows. */
const isRealDay = (day: string) => !Number.isNaN(epochDay(day)) && dayAt(epochDay(day)) === day;

const invalid = (field: 'from' | 'to', message: string) => new AppError('VALIDATION_FAILED', `${field}: ${message}`, field);

/**
 * The range asked for, by default the last 30 days up to today (Tokyo). A missing end is filled from the
 * other: `to` alone means the 30 days up to it, `from` alone means from it to today.
 */
export function analyticsRange(query: { from?: string; to?: string }, now: Date): AnalyticsRange {
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day !== undefined && !isRealDay(day)) throw invalid(field, `「${day}」は存在しない日付です`);
  }
  const to = query.to ?? tokyoDay(now);
  const from = query.from ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  if (from > to) throw invalid('from', 'from は to 以前の日付で指定してください');
  if (epochDay(to) - epochDay(from) + 1 > MAX_RANGE_DAYS) throw invalid('from', `期間は ${MAX_RANGE_DAYS} 日以内で指定してください`);
  return { from, to, startsAt: tokyoDayStart(from), endsBefore: tokyoDayStart(addDays(to, 1)) };
}

/** The first day of the period holding `day`: the day itself, or the Monday of its ISO week. */
export function periodOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  const weekday = (new Date(epochDay(day) * DAY_MS).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** Every period the range touches, oldest first; a week is labelled by its Monday even when the range starts later. */
export function periodsOf(range: Pick<AnalyticsRange, 'from' | 'to'>, granularity: Granularity): string[] {
  const periods: string[] = [];
  const step = granularity === 'day' ? 1 : 7;
  for (let period = periodOf(range.from, granularity); period <= range.to; period = addDays(period, step)) periods.push(period);
  return periods;
}

export const rateOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

export interface DayTally {
  day: string;
  attempts: number;
  passed: number;
}

/** Sums daily tallies into the periods, keeping every period, empty ones included. */
export function seriesOf(periods: readonly string[], days: readonly DayTally[], granularity: Granularity) {
  const byPeriod = new Map(periods.map((period) => [period, { attempts: 0, passed: 0 }]));
  for (const tally of days) {
    const bucket = byPeriod.get(periodOf(tally.day, granularity));
    if (!bucket) continue;
    bucket.attempts += tally.attempts;
    bucket.passed += tally.passed;
  }
  return periods.map((period) => {
    const { attempts, passed } = byPeriod.get(period)!;
    return { period, attempts, passed, passRate: rateOf(passed, attempts) };
  });
}
