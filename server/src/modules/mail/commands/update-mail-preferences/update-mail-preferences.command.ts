import { Command } from '@nestjs/cqrs';
import type { MailPreferences, MailSettings } from '../../../../contracts/mail.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class UpdateMailPreferencesCommand extends Command<MailSettings> {
  constructor(
    readonly userId: string,
    readonly preferences: MailPreferences,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
