import { Command } from '@nestjs/cqrs';
import type { CredentialRevocation, CredentialRevocationRequest } from '../../../../contracts/credentials.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin revokes a credential or restores it, with a reason the learner is told. */
export class SetCredentialRevocationCommand extends Command<CredentialRevocation> {
  constructor(
    readonly credentialId: string,
    readonly request: CredentialRevocationRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
