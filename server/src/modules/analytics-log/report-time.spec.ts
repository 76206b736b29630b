import { clampedOccurredAt, MAX_REPORT_AGE_MS } from './report-time';

const RECEIVED = new Date('2026-11-22T03:00:00.000Z');

describe('clampedOccurredAt', () => {
  it('keeps a time within the day before receipt as the page said', () => {
    const claimed = new Date('2026-11-22T02:59:55.000Z');
    expect(clampedOccurredAt(claimed, RECEIVED)).toEqual(claimed);
    const dayOld = new Date(RECEIVED.getTime() - MAX_REPORT_AGE_MS);
    expect(clampedOccurredAt(dayOld, RECEIVED)).toEqual(dayOld);
  });

  it('brings a time from the future back to the moment of receipt', () => {
    expect(clampedOccurredAt(new Date('2027-01-01T00:00:00.000Z'), RECEIVED)).toEqual(RECEIVED);
  });

  it('brings a time from long ago forward to a day before receipt', () => {
    expect(clampedOccurredAt(new Date('1999-01-01T00:00:00.000Z'), RECEIVED)).toEqual(new Date('2026-11-21T03:00:00.000Z'));
  });
});
