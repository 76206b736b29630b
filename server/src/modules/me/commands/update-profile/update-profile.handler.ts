import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../../core/errors/app-error.js';
import { unprintableCharactersOf } from '../../../../core/fonts/certificate-font.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { unprintableNameMessage, type CurrentUser } from '../../../../contracts/current-user.js';
import { EventStore } from '../../../../database/event-store.js';
import { recordUserFacts } from '../../../identity/user-stream.js';
import { currentUser } from '../../../identity/reads.js';
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
    return this.eventStore.commit(meta, async (unit) => {
      await recordUserFacts(unit, userId, [new ProfileUpdated(profile)], { ...profile, hasProfile: true });
      return (await currentUser(unit.tx, userId, this.config.termsVersion))!;
    });
  }
}
