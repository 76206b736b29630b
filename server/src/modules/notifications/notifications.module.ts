import { Module } from '@nestjs/common';
import { AnnouncementsAdminController } from './announcements.admin.controller.js';
import { AnnouncementsController } from './announcements.controller.js';
import { EditAnnouncementHandler } from './commands/edit-announcement/edit-announcement.handler.js';
import { FeedItemPages } from './feed-item-pages.js';
import { MarkAnnouncementsReadHandler } from './commands/mark-announcements-read/mark-announcements-read.handler.js';
import { MarkNotificationsReadHandler } from './commands/mark-notifications-read/mark-notifications-read.handler.js';
import { PublishAnnouncementHandler } from './commands/publish-announcement/publish-announcement.handler.js';
import { SendAdminMessageHandler } from './commands/send-admin-message/send-admin-message.handler.js';
import { UnpublishAnnouncementHandler } from './commands/unpublish-announcement/unpublish-announcement.handler.js';
import { NotificationsAdminController } from './notifications.admin.controller.js';
import { NotificationsController } from './notifications.controller.js';
import { CountRecipientsHandler } from './queries/count-recipients/count-recipients.handler.js';
import { GetAdminAnnouncementHandler } from './queries/get-admin-announcement/get-admin-announcement.handler.js';
import { GetAnnouncementHandler } from './queries/get-announcement/get-announcement.handler.js';
import { GetNotificationHandler } from './queries/get-notification/get-notification.handler.js';
import { GetUnreadFlagsHandler } from './queries/get-unread-flags/get-unread-flags.handler.js';
import { ListAdminAnnouncementsHandler } from './queries/list-admin-announcements/list-admin-announcements.handler.js';
import { ListAnnouncementsHandler } from './queries/list-announcements/list-announcements.handler.js';
import { ListNotificationsHandler } from './queries/list-notifications/list-notifications.handler.js';
import { OutstandingPersonalNotificationsFinder } from './reconciliation/outstanding-personal-notifications.finder.js';
import { AnnounceWhenAnnouncementPublishedHandler } from './reactions/announce-when-announcement-published.handler.js';
import { NotifyLearnerWhenCredentialRevokedOrRestoredHandler } from './reactions/notify-learner-when-credential-revoked-or-restored.handler.js';
import { NotifyLearnerWhenGradedOrCertifiedHandler } from './reactions/notify-learner-when-graded-or-certified.handler.js';
import { NotifyRecipientsWhenAdminMessageSentHandler } from './reactions/notify-recipients-when-admin-message-sent.handler.js';
import { RemindLearnersWhenBadgeExpiringHandler } from './reactions/remind-learners-when-badge-expiring.handler.js';
import { UnreadFlagsPushPayloads } from './unread-flags-push-payloads.js';

/** Personal notifications and general announcements: the two feeds behind the header's New badge, and their admin side. */
@Module({
  controllers: [NotificationsController, AnnouncementsController, AnnouncementsAdminController, NotificationsAdminController],
  providers: [
    GetUnreadFlagsHandler,
    UnreadFlagsPushPayloads,
    ListNotificationsHandler,
    GetNotificationHandler,
    MarkNotificationsReadHandler,
    ListAnnouncementsHandler,
    GetAnnouncementHandler,
    MarkAnnouncementsReadHandler,
    PublishAnnouncementHandler,
    ListAdminAnnouncementsHandler,
    GetAdminAnnouncementHandler,
    EditAnnouncementHandler,
    UnpublishAnnouncementHandler,
    SendAdminMessageHandler,
    CountRecipientsHandler,
    NotifyLearnerWhenGradedOrCertifiedHandler,
    NotifyLearnerWhenCredentialRevokedOrRestoredHandler,
    AnnounceWhenAnnouncementPublishedHandler,
    NotifyRecipientsWhenAdminMessageSentHandler,
    RemindLearnersWhenBadgeExpiringHandler,
    OutstandingPersonalNotificationsFinder,
    FeedItemPages,
  ],
  exports: [FeedItemPages],
})
export class NotificationsModule {}
