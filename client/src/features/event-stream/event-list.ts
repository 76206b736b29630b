import type { AdminEventView } from '@campus/contracts/admin-events';

/** The filters of the list, as the form holds them: '' = any. */
export interface EventFilters {
  type: string;
  userId: string;
}

export const NO_FILTERS: EventFilters = Object.freeze({ type: '', userId: '' });

/** Trimmed; the user id compared in lower case, as UUIDs are written either way. */
export const normaliseFilters = (filters: EventFilters): EventFilters => ({
  type: filters.type.trim(),
  userId: filters.userId.trim().toLowerCase(),
});

/** The same rule the history query applies on the server, for events pushed live. */
export function matchesFilters(event: AdminEventView, filters: EventFilters): boolean {
  if (filters.type && event.type !== filters.type) return false;
  if (filters.userId && (event.userId ?? '').toLowerCase() !== filters.userId) return false;
  return true;
}

/** Newest first, one row per seq (a pushed event may also come with a history page). */
export function mergeEvents(current: readonly AdminEventView[], incoming: readonly AdminEventView[]): AdminEventView[] {
  const bySeq = new Map<number, AdminEventView>();
  for (const event of current) bySeq.set(event.seq, event);
  for (const event of incoming) if (!bySeq.has(event.seq)) bySeq.set(event.seq, event);
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq);
}

export const newestSeq = (...lists: (readonly AdminEventView[])[]): number | null => {
  let newest: number | null = null;
  for (const list of lists) for (const event of list) if (newest === null || event.seq > newest) newest = event.seq;
  return newest;
};

/**
 * At most `limit` rows, dropping the oldest. When rows were dropped, the history cursor moves up
 * to the oldest row kept, so もっと見る brings them back.
 */
export function capRows(
  rows: AdminEventView[],
  nextBefore: number | null,
  limit: number,
): { rows: AdminEventView[]; nextBefore: number | null } {
  if (rows.length <= limit) return { rows, nextBefore };
  const kept = rows.slice(0, limit);
  return { rows: kept, nextBefore: kept[kept.length - 1]!.seq };
}

/** Sorted, without duplicates. */
export const mergeTypes = (known: readonly string[], more: readonly string[]): string[] =>
  [...new Set([...known, ...more])].sort((a, b) => a.localeCompare(b));
