import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError, loginRequired } from '../../../../common/errors/app-error.js';
import { unprintableCharactersOf } from '../../../../common/fonts/certificate-font.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { unprintableNameMessage, type CurrentUser } from '../../../../contracts/current-user.js';
import { EventStore } from '../../../../database/event-store.js';
import { users } from '../../../identity/identity.schema.js';
import { USER_STREAM } from '../../../identity/events.js';
import { readCurrentUser } from '../../current-user.view.js';
import { ProfileUpdated } from '../../events.js';
import { UpdateProfileCommand } from './update-profile.command.js';

const PRINTED_FIELDS = ['lastName', 'firstName'] as const;

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, profile, meta }: UpdateProfileCommand): Promise<CurrentUser> {
    // Names end up on certificates, so a name the certificate font cannot print is refused here.
    for (const field of PRINTED_FIELDS) {
      const unprintable = unprintableCharactersOf(profile[field]);
      if (unprintable.length > 0) throw new AppError('VALIDATION_FAILED', `${field}: ${unprintableNameMessage(unprintable)}`, field);
    }
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const [user] = await tx.select({ version: users.streamVersion }).from(users).where(eq(users.id, userId));
      if (!user) throw loginRequired();
      await append({ streamType: USER_STREAM, streamId: userId, expectedVersion: user.version }, [
        new ProfileUpdated(profile),
      ]);
      await tx
        .update(users)
        .set({ ...profile, hasProfile: true, streamVersion: user.version + 1, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return (await readCurrentUser(tx, userId, this.config.termsVersion))!;
    });
  }
}
