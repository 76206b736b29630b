import type { NotificationTarget } from '../../contracts/admin-notifications.js';
import { DomainEvent } from '../../database/event-store.js';

export const NOTIFICATION_STREAM = 'notification';

/** A personal notification was made for a learner (it starts unread). */
export class NotificationCreated extends DomainEvent<{
  notificationId: string;
  userId: string;
  kind: string;
  title: string;
  link: string | null;
  sourceEventId: string;
}> {
  readonly type = 'NotificationCreated';
}

/** One stream per learner for their reading of personal notifications: a "mark all read" is one fact, not one per row. */
export const NOTIFICATION_INBOX_STREAM = 'notification-inbox';

/** The learner read these notifications (a detail view, or "mark all read"). */
export class NotificationsRead extends DomainEvent<{ userId: string; notificationIds: string[]; readAt: string }> {
  readonly type = 'NotificationsRead';
}

export const ANNOUNCEMENT_STREAM = 'announcement';

/** An admin published an announcement, live at `publishAt` (now or later). */
/** When an announcement event's announcement goes live (a reaction's `runAt`): a scheduled one is acted on then. */
export const announcementPublishTime = (data: unknown): number | null => {
  const publishAt = Date.parse((data as { publishAt?: string }).publishAt ?? '');
  return Number.isNaN(publishAt) ? null : publishAt;
};

export class AnnouncementPublished extends DomainEvent<{ announcementId: string; title: string; link: string | null; publishAt: string; createdBy: string | null; mail?: boolean }> {
  readonly type = 'AnnouncementPublished';
}

/** An admin changed the text; `rescheduledFrom` is the old publish time when a scheduled one was moved (else null). */
export class AnnouncementEdited extends DomainEvent<{
  announcementId: string;
  title: string;
  link: string | null;
  publishAt: string;
  rescheduledFrom: string | null;
  editedBy: string;
}> {
  readonly type = 'AnnouncementEdited';
}

/** An admin took the announcement down: it leaves every list and no longer counts as unread. */
export class AnnouncementUnpublished extends DomainEvent<{ announcementId: string; unpublishedAt: string; unpublishedBy: string }> {
  readonly type = 'AnnouncementUnpublished';
}

/** One stream per admin message; the worker turns it into a personal notification per recipient. */
export const ADMIN_MESSAGE_STREAM = 'admin-message';

export class AdminMessageSent extends DomainEvent<{
  messageId: string;
  title: string;
  body: string;
  link: string | null;
  target: NotificationTarget;
  sentBy: string;
  /** Recipients counted at send time: what a retry with the same messageId answers again. */
  recipientCount: number;
}> {
  readonly type = 'AdminMessageSent';
}

/** One stream per badge held: a learner and a certification course (`<userId>:<courseId>`). */
export const BADGE_STREAM = 'badge';
export const badgeStreamId = (userId: string, courseId: string) => `${userId}:${courseId}`;

/** The learner was told their badge expires within 30 days (once per expiry date). */
export class BadgeExpiryReminded extends DomainEvent<{ userId: string; courseId: string; expiresAt: string }> {
  readonly type = 'BadgeExpiryReminded';
}

/** One stream per learner for their reading of announcements. */
export const ANNOUNCEMENT_READS_STREAM = 'announcement-reads';

export class AnnouncementsRead extends DomainEvent<{ userId: string; announcementIds: string[]; readAt: string }> {
  readonly type = 'AnnouncementsRead';
}
