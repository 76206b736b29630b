import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import {
  publishAnnouncementRequestSchema,
  type PublishAnnouncementRequest,
  updateAnnouncementRequestSchema,
  type UpdateAnnouncementRequest,
} from '../../contracts/announcements.js';
import type { FeedPageQuery } from '../../contracts/notifications.js';
import type { EventMeta } from '../../database/event-store.js';
import { EditAnnouncementCommand } from './commands/edit-announcement/edit-announcement.command.js';
import { PublishAnnouncementCommand } from './commands/publish-announcement/publish-announcement.command.js';
import { UnpublishAnnouncementCommand } from './commands/unpublish-announcement/unpublish-announcement.command.js';
import { feedPageQuery } from './feed-page-query.pipe.js';
import { GetAdminAnnouncementQuery } from './queries/get-admin-announcement/get-admin-announcement.query.js';
import { ListAdminAnnouncementsQuery } from './queries/list-admin-announcements/list-admin-announcements.query.js';

/** Admins publish, list, edit and take down announcements; everyone else gets 403. */
@Controller('v1/admin/announcements')
@Access('admin')
export class AnnouncementsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  publish(@Body(new ZodValidationPipe(publishAnnouncementRequestSchema, 'body')) body: PublishAnnouncementRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new PublishAnnouncementCommand(admin.id, body, meta));
  }

  @Get()
  @Header('cache-control', 'no-store')
  list(@Query(feedPageQuery) page: FeedPageQuery) {
    return this.queryBus.execute(new ListAdminAnnouncementsQuery(page));
  }

  @Get(':announcementId')
  @Header('cache-control', 'no-store')
  one(@Param('announcementId') announcementId: string) {
    return this.queryBus.execute(new GetAdminAnnouncementQuery(announcementId));
  }

  @Put(':announcementId')
  edit(
    @Param('announcementId') announcementId: string,
    @Body(new ZodValidationPipe(updateAnnouncementRequestSchema, 'body')) body: UpdateAnnouncementRequest,
    @CurrentUser() admin: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new EditAnnouncementCommand(admin.id, announcementId, body, meta));
  }

  @Post(':announcementId/unpublish')
  @HttpCode(200)
  unpublish(@Param('announcementId') announcementId: string, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new UnpublishAnnouncementCommand(admin.id, announcementId, meta));
  }
}
