import { Module } from '@nestjs/common';
import { AdminStreamAdminController } from './admin-stream.admin.controller.js';
import { ListAdminEventTypesHandler } from './queries/list-admin-event-types/list-admin-event-types.handler.js';
import { ListAdminEventsHandler } from './queries/list-admin-events/list-admin-events.handler.js';
import { ReadAdminEventFeedHandler } from './queries/read-admin-event-feed/read-admin-event-feed.handler.js';

/**
 * Admins watch the event log: as a history they can page and filter, and live through a feed read from
 * the table by cursor; the socket only says when to read it (`admin.eventsCommitted`, realtime/event-pushes.ts).
 */
@Module({
  controllers: [AdminStreamAdminController],
  providers: [ListAdminEventsHandler, ListAdminEventTypesHandler, ReadAdminEventFeedHandler],
})
export class AdminStreamModule {}
