import { z } from 'zod';

/**
 * Every event type the campus records (the classes' `type` in server/src/modules; a spec of the
 * admin-stream module holds the two together), so the console can name each one in Japanese.
 */
export const ADMIN_EVENT_TYPES = [
  'AdminMessageSent',
  'AgreementAccepted',
  'AnnouncementEdited',
  'AnnouncementPublished',
  'AnnouncementUnpublished',
  'AnnouncementsRead',
  'AnswerSaved',
  'BadgeAwarded',
  'BadgeExpiryReminded',
  'CertificateIssued',
  'CloudCampusBadgesMigrated',
  'CloudCampusMigrationOffered',
  'ContentPackImported',
  'CourseCompleted',
  'CourseDraftSaved',
  'CourseFavoriteSet',
  'CourseFeedbackGiven',
  'CoursePublished',
  'CourseUnpublished',
  'CourseVisited',
  'ExamAccommodationGranted',
  'ExamAccommodationWithdrawn',
  'ExamBlueprintUpdated',
  'ExamExpired',
  'ExamGraded',
  'ExamStarted',
  'ExamSubmitted',
  'LegacyBadgeImportRequested',
  'LegacyBadgesImported',
  'LessonCompleted',
  'LessonQuestionnaireAnswered',
  'MailAddressConfirmed',
  'MailPreferencesChanged',
  'MailSent',
  'MailUnsubscribed',
  'NotificationCreated',
  'NotificationsRead',
  'OpenBadgeCredentialIssued',
  'OpenBadgeCredentialRestored',
  'OpenBadgeCredentialRevoked',
  'OpenBadgeCredentialSuperseded',
  'ProfileUpdated',
  'QuestionDrafted',
  'QuestionPublished',
  'QuestionRetired',
  'QuestionSubmittedForReview',
  'UserRegistered',
  'VerifiedEmailChanged',
] as const;

export type AdminEventType = (typeof ADMIN_EVENT_TYPES)[number];

/** A domain event as admins see it, in the live feed and in the history. */
export const adminEventViewSchema = z
  .object({
    seq: z.number().int(),
    type: z.string(),
    streamType: z.string(),
    streamId: z.string(),
    actorId: z.string().nullable(),
    /** The learner the event concerns: its actor, else the `userId` in its data, else the user stream it belongs to. */
    userId: z.string().nullable(),
    occurredAt: z.string(),
    data: z.unknown(),
  })
  .meta({ id: 'AdminEvent' });

export const ADMIN_EVENT_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** History is read newest first, `before` a `seq` (the cursor of the previous page). */
export const adminEventQuerySchema = z
  .object({
    before: z.coerce.number('before は数値で指定してください').int('before は整数で指定してください').min(1, 'before は 1 以上で指定してください').optional(),
    limit: z.coerce.number('limit は数値で指定してください').int('limit は整数で指定してください').min(1, 'limit は 1 以上で指定してください').max(200, 'limit は 200 以下で指定してください').default(ADMIN_EVENT_PAGE_SIZE),
    type: z.string().trim().max(100, 'type は 100 文字以内で指定してください').regex(/^[A-Za-z]*$/, 'type はイベント名（英字）で指定してください').optional(),
    userId: z.string().trim().regex(UUID, 'userId は UUID で指定してください').optional(),
  })
  .meta({ id: 'AdminEventQuery' });

/**
 * A place in the live feed: `<transaction id>.<seq>` of the last event delivered, or of the horizon it
 * reached (the feed is read in the order of the appending transaction, then seq). Opaque to the client.
 */
export const ADMIN_EVENT_FEED_CURSOR = /^\d{1,19}\.\d{1,18}$/;

export const adminEventPageSchema = z
  .object({
    items: z.array(adminEventViewSchema),
    /** Pass as `before` for the next (older) page; null when there is none. */
    nextBefore: z.number().int().nullable(),
    /** Pass as `after` to the feed: it gives every event this page could not yet see, and nothing before that. */
    feedCursor: z.string().regex(ADMIN_EVENT_FEED_CURSOR),
  })
  .meta({ id: 'AdminEventPage' });

export const ADMIN_EVENT_FEED_PAGE_SIZE = 200;

/** The live feed goes on `after` a cursor of the history's first page or of the feed's last answer. */
export const adminEventFeedQuerySchema = z
  .object({
    after: z
      .string('after を指定してください')
      // At most 19 and 18 digits: below the largest xid8 and bigint, so PostgreSQL never refuses the cast.
      .regex(ADMIN_EVENT_FEED_CURSOR, 'after には前回の応答の cursor をそのまま指定してください'),
    limit: z.coerce.number('limit は数値で指定してください').int('limit は整数で指定してください').min(1, 'limit は 1 以上で指定してください').max(500, 'limit は 500 以下で指定してください').default(ADMIN_EVENT_FEED_PAGE_SIZE),
  })
  .meta({ id: 'AdminEventFeedQuery' });

export const adminEventFeedSchema = z
  .object({
    /** Committed events after the cursor, by appending transaction (oldest first), then seq; each one only once along a chain of cursors. */
    items: z.array(adminEventViewSchema),
    /** The `after` of the next call. */
    cursor: z.string().regex(ADMIN_EVENT_FEED_CURSOR),
    /** False when more events were already waiting: ask again at once. */
    caughtUp: z.boolean(),
    /** Committed events wait behind a transaction still open (usually for milliseconds): ask again shortly. */
    held: z.boolean(),
  })
  .meta({ id: 'AdminEventFeed' });

/** Event types that have occurred, for the filter. */
export const adminEventTypesSchema = z.object({ types: z.array(z.string()) }).meta({ id: 'AdminEventTypes' });

export type AdminEventView = z.infer<typeof adminEventViewSchema>;
export type AdminEventQuery = z.infer<typeof adminEventQuerySchema>;
export type AdminEventPage = z.infer<typeof adminEventPageSchema>;
export type AdminEventFeedQuery = z.infer<typeof adminEventFeedQuerySchema>;
export type AdminEventFeed = z.infer<typeof adminEventFeedSchema>;
export type AdminEventTypes = z.infer<typeof adminEventTypesSchema>;
