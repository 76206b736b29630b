import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
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
@Access('admin')
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
