import { Module } from '@nestjs/common';
import { AdminStreamAdminController } from './admin-stream.admin.controller.js';
import { ListAdminEventTypesHandler } from './queries/list-admin-event-types/list-admin-event-types.handler.js';
import { ListAdminEventsHandler } from './queries/list-admin-events/list-admin-events.handler.js';
import { StreamToAdminsWhenEventAppendedHandler } from './reactions/stream-to-admins-when-event-appended.handler.js';

/** Admins watch the event log: live through the socket, and as a history they can page and filter. */
@Module({
  controllers: [AdminStreamAdminController],
  providers: [StreamToAdminsWhenEventAppendedHandler, ListAdminEventsHandler, ListAdminEventTypesHandler],
})
export class AdminStreamModule {}
