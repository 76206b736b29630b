import { Command } from '@nestjs/cqrs';
import type { AddressConfirmationResult } from '../../../../contracts/mail.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class ConfirmMailAddressCommand extends Command<AddressConfirmationResult> {
  constructor(
    readonly token: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
