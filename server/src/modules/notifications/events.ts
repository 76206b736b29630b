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
export class AnnouncementPublished extends DomainEvent<{ announcementId: string; title: string; link: string | null; publishAt: string; createdBy: string | null }> {
  readonly type = 'AnnouncementPublished';
}

/** One stream per learner for their reading of announcements. */
export const ANNOUNCEMENT_READS_STREAM = 'announcement-reads';

export class AnnouncementsRead extends DomainEvent<{ userId: string; announcementIds: string[]; readAt: string }> {
  readonly type = 'AnnouncementsRead';
}
