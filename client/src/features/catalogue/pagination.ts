/** A page link, or a gap between page links. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/** How many pages sit on each side of the current one before a gap. */
const AROUND_CURRENT = 1;

export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/**
 * The page numbers to offer: always the first and last, the current one with its neighbours, and
 * a gap ("…") where numbers are left out — a long list stays one line on a phone.
 */
export function pageItems(current: number, count: number): PageItem[] {
  const shown = new Set<number>([1, count]);
  for (let page = current - AROUND_CURRENT; page <= current + AROUND_CURRENT; page += 1) {
    if (page >= 1 && page <= count) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
  });
  return items;
}
