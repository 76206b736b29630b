import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from './config/config.module.js';
import type { AppConfig } from './config/config.js';
import type { DatabaseConnection } from './database/connection.js';
import { DATABASE_CONNECTION } from './database/database.tokens.js';
import type { EventMeta } from './database/event-store.js';
import { userIdBySubject } from './modules/identity/reads.js';
import { AcceptAgreementsCommand } from './modules/agreements/commands/accept-agreements/accept-agreements.command.js';
import { UpdateProfileCommand } from './modules/me/commands/update-profile/update-profile.command.js';
import { SignInCommand } from './modules/identity/commands/sign-in/sign-in.command.js';

/** The dev IdP's `learner` account (subject demo-learner): a learner who has already registered. */
const DEMO_LEARNER = {
  subject: 'demo-learner',
  profile: { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' },
};

/**
 * Development only: registers the demo learner through the same commands a real learner goes through,
 * so `npm start` shows both a fresh learner (learner-new) and a registered one (learner).
 */
@Injectable()
export class DemoLearnerSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoLearnerSeed.name);

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.demoSeed) return;
    if (await userIdBySubject(this.connection.db, DEMO_LEARNER.subject)) return;
    const meta: EventMeta = { actorId: null, requestId: null, correlationId: 'demo-seed', causationId: null };
    const { profile } = DEMO_LEARNER;
    const { userId } = await this.commandBus.execute(
      new SignInCommand(
        { subject: DEMO_LEARNER.subject, familyName: profile.lastName, givenName: profile.firstName, pictureUrl: null, role: 'learner', idToken: null, verifiedEmail: null },
        meta,
      ),
    );
    await this.commandBus.execute(new AcceptAgreementsCommand(userId, meta));
    await this.commandBus.execute(new UpdateProfileCommand(userId, profile, meta));
    this.logger.log('demo learner registered (profile and agreements)');
  }
}
