import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { EventStore } from '../../../../database/event-store.js';
import { users } from '../../../../database/schema.js';
import { USER_STREAM, UserRegistered } from '../../events.js';
import { SignInCommand } from './sign-in.command.js';

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ identity, meta }: SignInCommand): Promise<{ userId: string }> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const [existing] = await tx.select().from(users).where(eq(users.subject, identity.subject));
      if (existing) {
        // Role and picture belong to the provider; the names belong to the learner's profile.
        await tx
          .update(users)
          .set({ role: identity.role, iconUrl: identity.pictureUrl, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        return { userId: existing.id };
      }
      const userId = randomUUID();
      const registered = new UserRegistered({
        subject: identity.subject,
        lastName: identity.familyName,
        firstName: identity.givenName,
        role: identity.role,
      });
      await append({ streamType: USER_STREAM, streamId: userId, expectedVersion: 0 }, [registered]);
      await tx.insert(users).values({
        id: userId,
        subject: identity.subject,
        lastName: identity.familyName,
        firstName: identity.givenName,
        iconUrl: identity.pictureUrl,
        role: identity.role,
        streamVersion: 1,
      });
      return { userId };
    });
  }
}
