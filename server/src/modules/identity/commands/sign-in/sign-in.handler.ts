import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../database/connection.js';
import { type DomainEvent, EventStore } from '../../../../database/event-store.js';
import { users } from '../../identity.schema.js';
import { isUniqueViolation } from '../../../../database/unique-violation.js';
import { RealtimePublisher } from '../../../../realtime/realtime-publisher.js';
import { USER_STREAM, UserRegistered, VerifiedEmailChanged } from '../../events.js';
import { MIGRATION_OFFER_AT_SIGN_IN, type MigrationOfferAtSignIn } from '../../user-stream.js';
import { SignInCommand } from './sign-in.command.js';

interface SignedIn {
  userId: string;
  /** The role before this sign-in; null for a new account. */
  previousRole: 'learner' | 'admin' | null;
}

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly realtime: RealtimePublisher,
    @Inject(MIGRATION_OFFER_AT_SIGN_IN) private readonly migrationOffer: MigrationOfferAtSignIn,
  ) {}

  /**
   * Cloud Campus records waiting for this verified e-mail offer the migration (the flag), unless it is
   * already offered. The flag is never cleared here: only migrating or accepting the agreements does.
   */
  private offerFor(tx: Transaction, email: string | null, alreadyOffered: boolean): Promise<DomainEvent | null> {
    return !email || alreadyOffered ? Promise.resolve(null) : this.migrationOffer.offerFor(tx, email);
  }

  async execute(command: SignInCommand): Promise<{ userId: string }> {
    const { userId, previousRole } = await this.signInOnceRegistered(command);
    // The provider changed the role: the user's sockets already open (other devices, other sessions)
    // must stop (or start) receiving the admin stream now, not at their next check.
    if (previousRole && previousRole !== command.identity.role) this.realtime.setAdminStream(userId, command.identity.role === 'admin');
    return { userId };
  }

  private async signInOnceRegistered(command: SignInCommand): Promise<SignedIn> {
    try {
      return await this.signIn(command);
    } catch (error) {
      // Two first sign-ins of one person at once (two tabs): the one that committed first registered
      // them, and this one, rolled back, finds that account when it runs again.
      if (isUniqueViolation(error, 'users_subject_unique')) return this.signIn(command);
      throw error;
    }
  }

  private signIn({ identity, meta }: SignInCommand): Promise<SignedIn> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      // Locked: another command on this user stream (agreements, migration, import offer) committing
      // between this read and the update below would otherwise have its stream_version written back over.
      const [existing] = await tx.select().from(users).where(eq(users.subject, identity.subject)).for('update');
      const { verifiedEmail } = identity;
      const offer = await this.offerFor(tx, verifiedEmail, existing?.canMigrateFromCloudCampus ?? false);
      if (existing) {
        const facts: DomainEvent[] = [];
        if (existing.verifiedEmail !== verifiedEmail) facts.push(new VerifiedEmailChanged({ verifiedEmail }));
        if (offer) facts.push(offer);
        const stored = await append({ streamType: USER_STREAM, streamId: existing.id, expectedVersion: existing.streamVersion }, facts);
        // Role and picture belong to the provider; the names belong to the learner's profile.
        await tx
          .update(users)
          .set({
            role: identity.role,
            iconUrl: identity.pictureUrl,
            verifiedEmail,
            ...(offer ? { canMigrateFromCloudCampus: true } : {}),
            // Moves only with what was appended: a login that records nothing leaves the version alone.
            ...(stored.length > 0 ? { streamVersion: stored[stored.length - 1]!.version } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id));
        return { userId: existing.id, previousRole: existing.role };
      }
      const userId = randomUUID();
      const registered = new UserRegistered({
        subject: identity.subject,
        lastName: identity.familyName,
        firstName: identity.givenName,
        role: identity.role,
        verifiedEmail,
      });
      const facts = offer ? [registered, offer] : [registered];
      await append({ streamType: USER_STREAM, streamId: userId, expectedVersion: 0 }, facts);
      await tx.insert(users).values({
        id: userId,
        subject: identity.subject,
        lastName: identity.familyName,
        firstName: identity.givenName,
        iconUrl: identity.pictureUrl,
        role: identity.role,
        verifiedEmail,
        canMigrateFromCloudCampus: offer !== null,
        streamVersion: facts.length,
      });
      return { userId, previousRole: null };
    });
  }
}
