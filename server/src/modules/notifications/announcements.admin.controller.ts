import { Body, Controller, Header, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { PublishAnnouncementRequest, UpdateAnnouncementRequest } from '../../contracts/announcements.js';
import type { FeedPageQuery } from '../../contracts/notifications.js';
import {
  getAdminAnnouncement,
  listAdminAnnouncements,
  publishAnnouncement,
  unpublishAnnouncement,
  updateAnnouncement,
} from '../../contracts/routes/admin-announcements.js';
import type { EventMeta } from '../../database/event-store.js';
import { EditAnnouncementCommand } from './commands/edit-announcement/edit-announcement.command.js';
import { PublishAnnouncementCommand } from './commands/publish-announcement/publish-announcement.command.js';
import { UnpublishAnnouncementCommand } from './commands/unpublish-announcement/unpublish-announcement.command.js';
import { GetAdminAnnouncementQuery } from './queries/get-admin-announcement/get-admin-announcement.query.js';
import { ListAdminAnnouncementsQuery } from './queries/list-admin-announcements/list-admin-announcements.query.js';

/** Admins publish, list, edit and take down announcements; everyone else gets 403. */
@Controller()
export class AnnouncementsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(publishAnnouncement)
  publish(@Body() body: PublishAnnouncementRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new PublishAnnouncementCommand(admin.id, body, meta));
  }

  @Endpoint(listAdminAnnouncements)
  @Header('cache-control', 'no-store')
  list(@Query() page: FeedPageQuery) {
    return this.queryBus.execute(new ListAdminAnnouncementsQuery(page));
  }

  @Endpoint(getAdminAnnouncement)
  @Header('cache-control', 'no-store')
  one(@Param('announcementId') announcementId: string) {
    return this.queryBus.execute(new GetAdminAnnouncementQuery(announcementId));
  }

  @Endpoint(updateAnnouncement)
  edit(@Param('announcementId') announcementId: string, @Body() body: UpdateAnnouncementRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new EditAnnouncementCommand(admin.id, announcementId, body, meta));
  }

  @Endpoint(unpublishAnnouncement)
  unpublish(@Param('announcementId') announcementId: string, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new UnpublishAnnouncementCommand(admin.id, announcementId, meta));
  }
}
