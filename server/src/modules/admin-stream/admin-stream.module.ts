import { Module } from '@nestjs/common';
import { AdminStreamAdminController } from './admin-stream.admin.controller.js';
import { ListAdminEventTypesHandler } from './queries/list-admin-event-types/list-admin-event-types.handler.js';
import { ListAdminEventsHandler } from './queries/list-admin-events/list-admin-events.handler.js';

/** Admins watch the event log: live through the socket (pushed after each commit, `realtime/push-catalogue.ts`), and as a history they can page and filter. */
@Module({
  controllers: [AdminStreamAdminController],
  providers: [ListAdminEventsHandler, ListAdminEventTypesHandler],
})
export class AdminStreamModule {}
