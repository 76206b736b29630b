import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller.js';
import { GetUnreadFlagsHandler } from './queries/get-unread-flags/get-unread-flags.handler.js';
import { NotifyLearnerWhenExamGradedHandler } from './reactions/notify-learner-when-exam-graded.handler.js';

@Module({ controllers: [NotificationsController], providers: [GetUnreadFlagsHandler, NotifyLearnerWhenExamGradedHandler] })
export class NotificationsModule {}
