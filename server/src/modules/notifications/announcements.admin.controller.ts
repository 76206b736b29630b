import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AdminRequiredGuard } from '../../common/auth/admin-required.guard.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { LoginRequiredGuard } from '../../common/auth/login-required.guard.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { publishAnnouncementRequestSchema, type PublishAnnouncementRequest } from '../../contracts/announcements.js';
import type { EventMeta } from '../../database/event-store.js';
import { PublishAnnouncementCommand } from './commands/publish-announcement/publish-announcement.command.js';

/** Admins publish announcements; everyone else gets 403. */
@Controller('v1/admin/announcements')
@UseGuards(LoginRequiredGuard, AdminRequiredGuard)
export class AnnouncementsAdminController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  publish(@Body(new ZodValidationPipe(publishAnnouncementRequestSchema, 'body')) body: PublishAnnouncementRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new PublishAnnouncementCommand(admin.id, body, meta));
  }
}
