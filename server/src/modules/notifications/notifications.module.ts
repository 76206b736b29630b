import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller.js';
import { GetUnreadFlagsHandler } from './queries/get-unread-flags/get-unread-flags.handler.js';

@Module({ controllers: [NotificationsController], providers: [GetUnreadFlagsHandler] })
export class NotificationsModule {}
