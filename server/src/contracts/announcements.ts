import { z } from 'zod';

/** Admins may schedule for later; a minute of slack lets "now" from a slow form still pass. */
export const PUBLISH_AT_SLACK_MS = 60_000;

/** A page of this campus: one leading slash, never `//host` or a backslash that browsers read as another site. */
export const SAME_SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

const announcementFields = {
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
};

export const publishAnnouncementRequestSchema = z
  .strictObject({
    ...announcementFields,
    /** Also mailed, when it goes live, to the learners who chose お知らせ in their メール通知. */
    mail: z.boolean('mail は true か false で指定してください').optional(),
  })
  .meta({ id: 'PublishAnnouncementRequest' });

/**
 * Editing replaces title, body and link. `publishAt` may move only while the announcement is still
 * scheduled (a live one keeps its date, so learners' unread state does not jump): omitted, it stays;
 * `null` publishes a scheduled one now, by the server's clock.
 */
export const updateAnnouncementRequestSchema = z
  .strictObject({
    ...announcementFields,
    // A live announcement's own date, sent back unchanged, is in the past: the server refuses a past date only when it moves.
    publishAt: z.iso.datetime({ offset: true, error: 'publishAt は ISO 8601 形式の日時で指定してください' }).nullish(),
  })
  .meta({ id: 'UpdateAnnouncementRequest' });

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

/** Where an announcement stands, as admins see it. */
export const announcementStatusSchema = z.enum(['scheduled', 'published', 'unpublished']);

export const adminAnnouncementSchema = z
  .object({
    announcementId: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    publishAt: z.string(),
    unpublishedAt: z.string().nullable(),
    status: announcementStatusSchema,
    createdAt: z.string(),
    /** Learners who have opened it or marked it read. */
    readCount: z.number().int(),
  })
  .meta({ id: 'AdminAnnouncement' });

export const adminAnnouncementPageSchema = z
  .object({ items: z.array(adminAnnouncementSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'AdminAnnouncementPage' });

export type UpdateAnnouncementRequest = z.infer<typeof updateAnnouncementRequestSchema>;
export type AnnouncementStatus = z.infer<typeof announcementStatusSchema>;
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export type AdminAnnouncementPage = z.infer<typeof adminAnnouncementPageSchema>;
