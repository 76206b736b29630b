import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller.js';
import { GetUnreadFlagsHandler } from './queries/get-unread-flags/get-unread-flags.handler.js';
import { NotifyLearnerWhenGradedOrCertifiedHandler } from './reactions/notify-learner-when-graded-or-certified.handler.js';

@Module({ controllers: [NotificationsController], providers: [GetUnreadFlagsHandler, NotifyLearnerWhenGradedOrCertifiedHandler] })
export class NotificationsModule {}
