/** A report may have waited this long in the page's queue (an offline spell, a slow flush); older claims are the clock's fault. */
export const MAX_REPORT_AGE_MS = 24 * 3_600_000;

/**
 * When a report happened, by the page's clock, kept within the day before receipt: a page's clock may
 * be wrong by years, and a report from the future or from long ago would distort the admins' figures.
 */
export function clampedOccurredAt(claimed: Date, receivedAt: Date): Date {
  const earliest = receivedAt.getTime() - MAX_REPORT_AGE_MS;
  return new Date(Math.min(Math.max(claimed.getTime(), earliest), receivedAt.getTime()));
}
