import { Controller, Header, Param, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { AuthenticatedRequest } from '../../common/auth/authenticated-request.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { FeedItem, FeedPageQuery } from '../../contracts/notifications.js';
import { getAnnouncement, listAnnouncements, markAnnouncementsRead } from '../../contracts/routes/notifications.js';
import type { EventMeta } from '../../database/event-store.js';
import { MarkAnnouncementsReadCommand } from './commands/mark-announcements-read/mark-announcements-read.command.js';
import { GetAnnouncementQuery } from './queries/get-announcement/get-announcement.query.js';
import { ListAnnouncementsQuery } from './queries/list-announcements/list-announcements.query.js';

/** General announcements: anyone may read them; reading is remembered for learners who accepted the agreements. */
@Controller()
export class AnnouncementsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(listAnnouncements)
  // isRead is personal: no shared cache may keep it.
  @Header('cache-control', 'private, no-store')
  list(@Query() page: FeedPageQuery, @Req() request: Partial<AuthenticatedRequest>) {
    return this.queryBus.execute(new ListAnnouncementsQuery(request.user?.id ?? null, page));
  }

  @Endpoint(markAnnouncementsRead)
  markAllRead(@CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new MarkAnnouncementsReadCommand(user.id, meta));
  }

  /** Viewing reads it for a learner past the agreements; a visitor just reads. */
  @Endpoint(getAnnouncement)
  @Header('cache-control', 'private, no-store')
  async one(@Param('announcementId') announcementId: string, @Req() request: Partial<AuthenticatedRequest>, @RequestMeta() meta: EventMeta): Promise<FeedItem> {
    const user = request.user;
    const item = await this.queryBus.execute(new GetAnnouncementQuery(user?.id ?? null, announcementId));
    if (item.isRead || !user?.hasAcceptedAgreements) return item;
    await this.commandBus.execute(new MarkAnnouncementsReadCommand(user.id, meta, item.id));
    return { ...item, isRead: true };
  }
}
