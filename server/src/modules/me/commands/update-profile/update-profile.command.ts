import { Command } from '@nestjs/cqrs';
import type { CurrentUser, UpdateProfile } from '../../../../contracts/current-user.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class UpdateProfileCommand extends Command<CurrentUser> {
  constructor(
    readonly userId: string,
    readonly profile: UpdateProfile,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
