import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MailSettings } from '../../../../contracts/mail.js';
import { EventStore } from '../../../../database/event-store.js';
import { appendToOwnStream } from '../../mail-preference-stream.js';
import { MailPreferencesChanged } from '../../events.js';
import { mailSettingsOf, savePreferences } from '../../mail-preferences.js';
import { UpdateMailPreferencesCommand } from './update-mail-preferences.command.js';

/** The profile's メール通知: the whole set at once, one event on the learner's own stream. */
@CommandHandler(UpdateMailPreferencesCommand)
export class UpdateMailPreferencesHandler implements ICommandHandler<UpdateMailPreferencesCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ userId, preferences, meta }: UpdateMailPreferencesCommand): Promise<MailSettings> {
    return this.eventStore.commit(meta, async (unit) => {
      await savePreferences(unit.tx, userId, preferences);
      await appendToOwnStream(unit, userId, new MailPreferencesChanged({ userId, preferences }));
      return mailSettingsOf(unit.tx, userId);
    });
  }
}
