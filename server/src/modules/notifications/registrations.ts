import { TOKYO_TIME_ZONE } from '../../contracts/tokyo-date.js';
import type { ModuleJobs } from '../../jobs/job-catalogue.js';
import { type ModulePushes, pushOn, type PushFor, refreshUnreadFlags } from '../../realtime/push-catalogue.js';
import { type AnnouncementEdited, type AnnouncementPublished, announcementPublishTime, type AnnouncementsRead, type NotificationCreated, type NotificationsRead } from './events.js';


export const notificationsJobs: ModuleJobs = {
  reactions: [
    { job: 'notify-learner-when-graded-or-certified', on: ['ExamGraded', 'CertificateIssued'] },
    { job: 'notify-learner-when-credential-revoked-or-restored', on: ['OpenBadgeCredentialRevoked', 'OpenBadgeCredentialRestored'] },
    // An edit that moves a scheduled announcement announces it again at the new time.
    { job: 'announce-when-announcement-published', on: ['AnnouncementPublished', 'AnnouncementEdited'], runAt: announcementPublishTime },
    { job: 'notify-recipients-when-admin-message-sent', on: ['AdminMessageSent'] },
  ],
  schedules: [{ job: 'remind-learners-when-badge-expiring', pattern: '0 9 * * *', tz: TOKYO_TIME_ZONE }],
};

/**
 * Live by the time it is pushed: every page refetches its flags. One published for later is pushed by its
 * delayed job (a relay running late may push it too: a second refetch, harmless).
 */
const announcementIfLive = pushOn<AnnouncementPublished | AnnouncementEdited>(({ data }, now): PushFor[] =>
  Date.parse(data.publishAt) <= now ? [{ room: null, name: 'announcements.changed', args: [] }] : [],
);

export const notificationsPushes: ModulePushes = {
  NotificationCreated: pushOn<NotificationCreated>(({ data }) => refreshUnreadFlags(data.userId)),
  NotificationsRead: pushOn<NotificationsRead>(({ data }) => refreshUnreadFlags(data.userId)),
  AnnouncementsRead: pushOn<AnnouncementsRead>(({ data }) => refreshUnreadFlags(data.userId)),
  AnnouncementPublished: announcementIfLive,
  AnnouncementEdited: announcementIfLive,
  AnnouncementUnpublished: () => [{ room: null, name: 'announcements.changed', args: [] }],
};
