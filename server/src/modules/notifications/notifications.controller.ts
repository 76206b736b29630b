import { Controller, Header, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { FeedItem, FeedPageQuery } from '../../contracts/notifications.js';
import { getNotification, getUnreadFlags, listNotifications, markNotificationsRead } from '../../contracts/routes/notifications.js';
import type { EventMeta } from '../../database/event-store.js';
import { MarkNotificationsReadCommand } from './commands/mark-notifications-read/mark-notifications-read.command.js';
import { GetNotificationQuery } from './queries/get-notification/get-notification.query.js';
import { GetUnreadFlagsQuery } from './queries/get-unread-flags/get-unread-flags.query.js';
import { ListNotificationsQuery } from './queries/list-notifications/list-notifications.query.js';

/** The unread flags and the learner's personal notifications: login and accepted agreements, their own only. */
@Controller()
export class NotificationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(getUnreadFlags)
  @Header('cache-control', 'no-store')
  hasUnread(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetUnreadFlagsQuery(user.id));
  }

  @Endpoint(listNotifications)
  @Header('cache-control', 'no-store')
  list(@Query() page: FeedPageQuery, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListNotificationsQuery(user.id, page));
  }

  @Endpoint(markNotificationsRead)
  markAllRead(@CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new MarkNotificationsReadCommand(user.id, meta));
  }

  /** Viewing a notification reads it (spec §4: unread flags clear when viewed). */
  @Endpoint(getNotification)
  @Header('cache-control', 'no-store')
  async one(@Param('notificationId') notificationId: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta): Promise<FeedItem> {
    const item = await this.queryBus.execute(new GetNotificationQuery(user.id, notificationId));
    if (item.isRead) return item;
    await this.commandBus.execute(new MarkNotificationsReadCommand(user.id, meta, item.id));
    return { ...item, isRead: true };
  }
}
