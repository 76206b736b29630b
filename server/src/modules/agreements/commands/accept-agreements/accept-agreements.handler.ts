import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { loginRequired } from '../../../../core/errors/app-error.js';
import type { AgreementAcceptance } from '../../../../contracts/agreements.js';
import { EventStore } from '../../../../database/event-store.js';
import { agreementAcceptances } from '../../agreements.schema.js';
import { learnerCloudCampusStanding } from '../../../identity/reads.js';
import { recordUserFacts } from '../../../identity/user-stream.js';
import { AgreementAccepted } from '../../events.js';
import { AcceptAgreementsCommand } from './accept-agreements.command.js';

@CommandHandler(AcceptAgreementsCommand)
export class AcceptAgreementsHandler implements ICommandHandler<AcceptAgreementsCommand> {
  constructor(
    private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ userId, meta }: AcceptAgreementsCommand): Promise<AgreementAcceptance> {
    const termsVersion = this.config.termsVersion;
    return this.eventStore.commit(meta, async (unit) => {
      const { tx } = unit;
      const canMigrate = (await learnerCloudCampusStanding(tx, userId))?.canMigrateFromCloudCampus ?? null;
      if (canMigrate === null) throw loginRequired();
      const [already] = await tx
        .select({ acceptedAt: agreementAcceptances.acceptedAt })
        .from(agreementAcceptances)
        .where(and(eq(agreementAcceptances.userId, userId), eq(agreementAcceptances.termsVersion, termsVersion)));
      // Accepting twice (two tabs, a retry) is not a second fact.
      if (already) return { termsVersion, acceptedAt: already.acceptedAt.toISOString() };

      const acceptedAt = new Date();
      // Accepting closes the Cloud Campus offer (the popup shows it beside the agreements).
      await recordUserFacts(
        unit,
        userId,
        [new AgreementAccepted({ termsVersion, acceptedAt: acceptedAt.toISOString(), migratedFromCloudCampus: canMigrate })],
        { hasAcceptedAgreements: true, acceptedTermsVersion: termsVersion, canMigrateFromCloudCampus: false },
      );
      await tx.insert(agreementAcceptances).values({ userId, termsVersion, acceptedAt });
      return { termsVersion, acceptedAt: acceptedAt.toISOString() };
    });
  }
}
