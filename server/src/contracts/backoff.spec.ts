import { backoffDelay } from './backoff.mjs';

/** The delays each caller had before it used the shared rule, written out as they computed them. */
const delays = (count: number, delayOf: (retry: number) => number) => Array.from({ length: count }, (_, index) => delayOf(index + 1));

describe('backoffDelay', () => {
  it('doubles from the first wait up to the longest, then stays there', () => {
    expect(delays(7, (retry) => backoffDelay(retry, { firstMs: 1_000, maxMs: 30_000 }))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('waits as the first retry for a retry number below 1, and never overflows past the longest wait', () => {
    expect(backoffDelay(0, { firstMs: 100, maxMs: 2_000 })).toBe(100);
    expect(backoffDelay(-3, { firstMs: 100, maxMs: 2_000 })).toBe(100);
    expect(backoffDelay(5_000, { firstMs: 100, maxMs: 2_000 })).toBe(2_000);
  });

  it('gives each caller the delays it had before (database listener, Redis, exam saves, npm start supervisor)', () => {
    // reconnecting-listener.ts: Math.min(250 * 2 ** failuresBefore, 10_000), failuresBefore from 0.
    expect(delays(10, (retry) => backoffDelay(retry, { firstMs: 250, maxMs: 10_000 }))).toEqual(delays(10, (retry) => Math.min(250 * 2 ** (retry - 1), 10_000)));
    // redis.module.ts: ioredis counts attempts from 1; Math.min(100 * 2 ** Math.max(attempt - 1, 0), 2_000).
    expect(delays(10, (attempt) => backoffDelay(attempt, { firstMs: 100, maxMs: 2_000 }))).toEqual([100, 200, 400, 800, 1_600, 2_000, 2_000, 2_000, 2_000, 2_000]);
    // exam-session.machine.ts: 1 s, 2 s, 4 s, then every 8 s; failures counted from 1 (0 waits as 1).
    expect([0, 1, 2, 3, 4, 5].map((failures) => backoffDelay(failures, { firstMs: 1_000, maxMs: 8_000 }))).toEqual([1_000, 1_000, 2_000, 4_000, 8_000, 8_000]);
    // supervisor.mjs (defaults): 1 s doubling to 30 s.
    expect(delays(6, (retry) => backoffDelay(retry, { firstMs: 1_000, maxMs: 30_000 }))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
  });

  it('draws the jittered share of the wait at random, never more than the wait itself', () => {
    const backoff = { firstMs: 1_000, maxMs: 8_000, jitter: 0.5 };
    expect(backoffDelay(3, backoff, () => 0)).toBe(4_000);
    expect(backoffDelay(3, backoff, () => 0.5)).toBe(3_000);
    expect(backoffDelay(3, backoff, () => 0.999)).toBeCloseTo(2_002);
    expect(backoffDelay(3, { firstMs: 1_000, maxMs: 8_000 }, () => 0.5)).toBe(4_000);
  });
});
