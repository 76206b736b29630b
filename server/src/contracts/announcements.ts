import { z } from 'zod';

/** Admins may schedule for later; a minute of slack lets "now" from a slow form still pass. */
export const PUBLISH_AT_SLACK_MS = 60_000;

/** A page of this campus: one leading slash, never `//host` or a backslash that browsers read as another site. */
export const SAME_SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

export const publishAnnouncementRequestSchema = z
  .strictObject({
    title: z.string('title を入力してください').trim().min(1, 'title を入力してください').max(100, 'title は 100 文字以内で入力してください'),
    body: z.string('body を入力してください').trim().min(1, 'body を入力してください').max(5000, 'body は 5000 文字以内で入力してください'),
    link: z
      .string('link は文字列で指定してください')
      .max(2000, 'link は 2000 文字以内で指定してください')
      .regex(SAME_SITE_PATH, 'link は / で始まるこのサイト内のパスで指定してください')
      .nullish(),
    publishAt: z.iso
      .datetime({ offset: true, error: 'publishAt は ISO 8601 形式の日時で指定してください' })
      .refine((value) => Date.parse(value) >= Date.now() - PUBLISH_AT_SLACK_MS, 'publishAt に過去の日時は指定できません')
      .optional(),
  })
  .meta({ id: 'PublishAnnouncementRequest' });

export const publishedAnnouncementSchema = z
  .object({
    announcementId: z.string(),
    publishAt: z.string(),
    /** False while it waits for publishAt. */
    isPublished: z.boolean(),
  })
  .meta({ id: 'PublishedAnnouncement' });

export type PublishAnnouncementRequest = z.infer<typeof publishAnnouncementRequestSchema>;
export type PublishedAnnouncement = z.infer<typeof publishedAnnouncementSchema>;
