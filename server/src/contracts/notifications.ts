import { z } from 'zod';

export const unreadFlagsSchema = z
  .object({ hasUnreadNotifications: z.boolean(), hasUnreadAnnouncements: z.boolean() })
  .meta({ id: 'UnreadFlags' });

export type UnreadFlags = z.infer<typeof unreadFlagsSchema>;

/** Spec §7, §9: notifications and announcements are paged by 20. */
export const FEED_PAGE_SIZE = 20;

export const feedPageQuerySchema = z
  .object({
    limit: z.coerce.number('limit は数値で指定してください').int('limit は整数で指定してください').min(1, 'limit は 1 以上で指定してください').max(100, 'limit は 100 以下で指定してください').default(FEED_PAGE_SIZE),
    offset: z.coerce.number('offset は数値で指定してください').int('offset は整数で指定してください').min(0, 'offset は 0 以上で指定してください').default(0),
  })
  .meta({ id: 'FeedPageQuery' });

/** One item of either feed: a personal notification or a general announcement. */
export const feedItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** Markdown-free plain text; line breaks are kept. */
    body: z.string(),
    /** A page of the campus the item leads to, if any. */
    link: z.string().nullable(),
    publishedAt: z.string(),
    isRead: z.boolean(),
  })
  .meta({ id: 'FeedItem' });

export const feedPageSchema = z
  .object({ items: z.array(feedItemSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'FeedPage' });

export const markedReadSchema = z.object({ markedCount: z.number().int() }).meta({ id: 'FeedMarkedRead' });

export type FeedPageQuery = z.infer<typeof feedPageQuerySchema>;
export type FeedItem = z.infer<typeof feedItemSchema>;
export type FeedPage = z.infer<typeof feedPageSchema>;
export type MarkedRead = z.infer<typeof markedReadSchema>;
