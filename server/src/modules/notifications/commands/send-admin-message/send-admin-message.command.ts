import { Command } from '@nestjs/cqrs';
import type { SendNotificationRequest, SentNotification } from '../../../../contracts/admin-notifications.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin sends a personal notification to one learner or a group; the worker delivers it. */
export class SendAdminMessageCommand extends Command<SentNotification> {
  constructor(
    readonly adminId: string,
    readonly request: SendNotificationRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
