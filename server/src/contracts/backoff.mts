/*
 * Exponential backoff, one rule for every retry of the campus: the server's database listener and Redis
 * connections, the exam's answer saves in the browser and the `npm start` supervisor (plain Node, which
 * runs this file as it is: hence .mts, an ES module whose types Node strips).
 */

export interface Backoff {
  /** The wait before the first retry. */
  firstMs: number;
  /** The longest wait: the doubling stops there. */
  maxMs: number;
  /**
   * The share (0–1) of each wait drawn at random, so that many clients retrying at once spread out:
   * 0.5 waits between half and all of the delay. None by default.
   */
  jitter?: number;
}

/**
 * The wait before retry number `retry` (1 for the first): firstMs, twice that, four times… at most maxMs.
 * A retry below 1 waits as the first. `random` is Math.random (tests pass their own).
 */
export function backoffDelay(retry: number, { firstMs, maxMs, jitter = 0 }: Backoff, random: () => number = Math.random): number {
  const delay = Math.min(firstMs * 2 ** Math.max(retry - 1, 0), maxMs);
  return jitter > 0 ? delay * (1 - jitter * random()) : delay;
}
