import { Body, Controller, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { RecipientCountQuery, SendNotificationRequest } from '../../contracts/admin-notifications.js';
import { countRecipients, sendNotification } from '../../contracts/routes/admin-messages.js';
import type { EventMeta } from '../../database/event-store.js';
import { SendAdminMessageCommand } from './commands/send-admin-message/send-admin-message.command.js';
import { CountRecipientsQuery } from './queries/count-recipients/count-recipients.query.js';

/** Admins send personal notifications to one learner or a group; everyone else gets 403. */
@Controller()
export class NotificationsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(sendNotification)
  send(@Body() body: SendNotificationRequest, @CurrentUser() admin: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new SendAdminMessageCommand(admin.id, body, meta));
  }

  @Endpoint(countRecipients)
  recipients(@Query() group: RecipientCountQuery) {
    return this.queryBus.execute(new CountRecipientsQuery(group));
  }
}
