import { Command } from '@nestjs/cqrs';
import type { EventMeta } from '../../../../database/event-store.js';
import type { ProviderIdentity } from '../../oidc-relying-party.js';

/** Records a login by the identity provider: registers the learner the first time. Returns the user id. */
export class SignInCommand extends Command<{ userId: string }> {
  constructor(
    readonly identity: ProviderIdentity,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
