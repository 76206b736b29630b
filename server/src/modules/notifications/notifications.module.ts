import { Module } from '@nestjs/common';
import { AnnouncementsAdminController } from './announcements.admin.controller.js';
import { AnnouncementsController } from './announcements.controller.js';
import { MarkAnnouncementsReadHandler } from './commands/mark-announcements-read/mark-announcements-read.handler.js';
import { MarkNotificationsReadHandler } from './commands/mark-notifications-read/mark-notifications-read.handler.js';
import { PublishAnnouncementHandler } from './commands/publish-announcement/publish-announcement.handler.js';
import { NotificationsController } from './notifications.controller.js';
import { GetAnnouncementHandler } from './queries/get-announcement/get-announcement.handler.js';
import { GetNotificationHandler } from './queries/get-notification/get-notification.handler.js';
import { GetUnreadFlagsHandler } from './queries/get-unread-flags/get-unread-flags.handler.js';
import { ListAnnouncementsHandler } from './queries/list-announcements/list-announcements.handler.js';
import { ListNotificationsHandler } from './queries/list-notifications/list-notifications.handler.js';
import { AnnounceWhenAnnouncementPublishedHandler } from './reactions/announce-when-announcement-published.handler.js';
import { NotifyLearnerWhenGradedOrCertifiedHandler } from './reactions/notify-learner-when-graded-or-certified.handler.js';

/** Personal notifications and general announcements: the two feeds behind the header's New badge. */
@Module({
  controllers: [NotificationsController, AnnouncementsController, AnnouncementsAdminController],
  providers: [
    GetUnreadFlagsHandler,
    ListNotificationsHandler,
    GetNotificationHandler,
    MarkNotificationsReadHandler,
    ListAnnouncementsHandler,
    GetAnnouncementHandler,
    MarkAnnouncementsReadHandler,
    PublishAnnouncementHandler,
    NotifyLearnerWhenGradedOrCertifiedHandler,
    AnnounceWhenAnnouncementPublishedHandler,
  ],
})
export class NotificationsModule {}
