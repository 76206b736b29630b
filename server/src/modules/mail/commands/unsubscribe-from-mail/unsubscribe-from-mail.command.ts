import { Command } from '@nestjs/cqrs';
import type { UnsubscribeResult } from '../../../../contracts/mail.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class UnsubscribeFromMailCommand extends Command<UnsubscribeResult> {
  constructor(
    readonly token: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
