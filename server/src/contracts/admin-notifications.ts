import { z } from 'zod';
import { certificationSlugParam } from './catalogue.js';
import { SAME_SITE_PATH } from './announcements.js';

/**
 * Groups of learners an admin can message at once. Only learners who have accepted the agreements are
 * counted (the personal feed is closed to the others).
 * - `all-learners`: everyone;
 * - `badge-holders`: everyone holding a badge that has not expired (of `courseSlug`, when given);
 * - `badge-expiring-this-month`: badges (of `courseSlug`, when given) whose expiry falls in the current month, Asia/Tokyo.
 */
export const notificationSegmentSchema = z.enum(['all-learners', 'badge-holders', 'badge-expiring-this-month'], {
  error: 'segment は all-learners / badge-holders / badge-expiring-this-month のいずれかで指定してください',
});

const courseSlugField = certificationSlugParam.optional();

export const notificationTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('user'), email: z.string().trim().pipe(z.email('email はメールアドレスの形式で入力してください')) }),
    z.strictObject({ kind: z.literal('segment'), segment: notificationSegmentSchema, courseSlug: courseSlugField }),
  ],
  { error: 'target.kind は user か segment で指定してください' },
);

export const sendNotificationRequestSchema = z
  .strictObject({
    title: z.string('title を入力してください').trim().min(1, 'title を入力してください').max(100, 'title は 100 文字以内で入力してください'),
    body: z.string('body を入力してください').trim().min(1, 'body を入力してください').max(5000, 'body は 5000 文字以内で入力してください'),
    link: z
      .string('link は文字列で指定してください')
      .max(2000, 'link は 2000 文字以内で指定してください')
      .regex(SAME_SITE_PATH, 'link は / で始まるこのサイト内のパスで指定してください')
      .nullish(),
    target: notificationTargetSchema,
    /**
     * Chosen by the form, once per message: sending the same id again (a retry after a lost answer)
     * returns the first result instead of delivering twice.
     */
    messageId: z.uuid('messageId は UUID で指定してください').optional(),
  })
  .meta({ id: 'SendNotificationRequest' });

/** The message is recorded at once; the worker delivers it to each recipient. */
export const sentNotificationSchema = z
  .object({ messageId: z.string(), recipientCount: z.number().int() })
  .meta({ id: 'SentNotification' });

export const recipientCountQuerySchema = z
  .object({ segment: notificationSegmentSchema, courseSlug: courseSlugField })
  .meta({ id: 'RecipientCountQuery' });

export const recipientCountSchema = z.object({ recipientCount: z.number().int() }).meta({ id: 'RecipientCount' });

export type NotificationSegment = z.infer<typeof notificationSegmentSchema>;
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;
export type SendNotificationRequest = z.infer<typeof sendNotificationRequestSchema>;
export type SentNotification = z.infer<typeof sentNotificationSchema>;
export type RecipientCountQuery = z.infer<typeof recipientCountQuerySchema>;
export type RecipientCount = z.infer<typeof recipientCountSchema>;
