/**
 * Keyset paging newest first: the caller fetched `limit + 1` rows ordered by `seq` descending; the extra
 * row only says that an older page exists, and the last shown row's `seq` is the next `before`.
 */
export function cursorPage<T extends { seq: number }>(rows: readonly T[], limit: number): { items: T[]; nextBefore: number | null } {
  const items = rows.slice(0, limit);
  return { items, nextBefore: rows.length > limit ? items.at(-1)!.seq : null };
}
