import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AdminRequiredGuard } from '../../common/auth/admin-required.guard.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { LoginRequiredGuard } from '../../common/auth/login-required.guard.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import {
  recipientCountQuerySchema,
  type RecipientCountQuery,
  sendNotificationRequestSchema,
  type SendNotificationRequest,
} from '../../contracts/admin-notifications.js';
import type { EventMeta } from '../../database/event-store.js';
import { SendAdminMessageCommand } from './commands/send-admin-message/send-admin-message.command.js';
import { CountRecipientsQuery } from './queries/count-recipients/count-recipients.query.js';

/** Admins send personal notifications to one learner or a group; everyone else gets 403. */
@Controller('v1/admin/notifications')
@UseGuards(LoginRequiredGuard, AdminRequiredGuard)
export class NotificationsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  send(@Body(new ZodValidationPipe(sendNotificationRequestSchema, 'body')) body: SendNotificationRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new SendAdminMessageCommand(admin.id, body, meta));
  }

  @Get('recipients')
  recipients(@Query(new ZodValidationPipe(recipientCountQuerySchema, 'query')) group: RecipientCountQuery) {
    return this.queryBus.execute(new CountRecipientsQuery(group));
  }
}
