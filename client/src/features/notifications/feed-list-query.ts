import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import { FEED_PAGE_SIZE } from '@campus/contracts/notifications';

/** The two feeds: お知らせ (announcements, public) and あなたへのお知らせ (personal notifications). */
export const FEED_TITLES: Record<FeedCategory, string> = { general: 'お知らせ', personal: 'あなたへのお知らせ' };

export const EMPTY_FEED_TEXT = 'お知らせはありません。';

/** A positive whole page number; anything else (missing, "abc", "0", "1.5") is page 1 (spec §3). */
export function parseFeedPage(search: string | URLSearchParams): number {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get('page');
  if (value === null || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export const feedOffset = (page: number): number => (page - 1) * FEED_PAGE_SIZE;

export const feedPageCount = (total: number): number => Math.max(1, Math.ceil(total / FEED_PAGE_SIZE));

/** `?page=N`, empty for page 1 so the plain address stays plain. */
export const feedListSearch = (page: number): string => (page > 1 ? `?page=${page}` : '');

export const feedListPath = (feed: FeedCategory): string => `/notifications/${feed}`;

export const feedItemPath = (feed: FeedCategory, id: string): string => `/notifications/${feed}/${encodeURIComponent(id)}`;
