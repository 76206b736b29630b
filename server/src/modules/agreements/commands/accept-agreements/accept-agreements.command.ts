import { Command } from '@nestjs/cqrs';
import type { AgreementAcceptance } from '../../../../contracts/agreements.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class AcceptAgreementsCommand extends Command<AgreementAcceptance> {
  constructor(
    readonly userId: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
