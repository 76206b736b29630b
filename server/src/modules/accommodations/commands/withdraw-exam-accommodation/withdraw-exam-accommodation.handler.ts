import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import type { LearnerAccommodation } from '../../../../contracts/exam-accommodations.js';
import { EventStore } from '../../../../database/event-store.js';
import { examAccommodations } from '../../accommodations.schema.js';
import { EXAM_ACCOMMODATION_STREAM, ExamAccommodationWithdrawn } from '../../events.js';
import { learnerAccommodationView, learnerWithGrant, userIdOrNotFound } from '../../learner-accommodation.js';
import { WithdrawExamAccommodationCommand } from './withdraw-exam-accommodation.command.js';

/** Withdraws the grant in force; with none (never granted, or withdrawn already) nothing is recorded. */
@CommandHandler(WithdrawExamAccommodationCommand)
export class WithdrawExamAccommodationHandler implements ICommandHandler<WithdrawExamAccommodationCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ userId: input, meta }: WithdrawExamAccommodationCommand): Promise<LearnerAccommodation> {
    const userId = userIdOrNotFound(input);
    const now = new Date();
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      await lockStream(EXAM_ACCOMMODATION_STREAM, userId);
      const row = await learnerWithGrant(tx, { userId });
      if (!row.grant || row.grant.withdrawnAt !== null) return learnerAccommodationView(row, now);
      await append({ streamType: EXAM_ACCOMMODATION_STREAM, streamId: userId, expectedVersion: row.grant.streamVersion }, [
        new ExamAccommodationWithdrawn({ userId, withdrawnAt: now.toISOString() }),
      ]);
      const change = { withdrawnAt: now, streamVersion: row.grant.streamVersion + 1 };
      await tx.update(examAccommodations).set(change).where(eq(examAccommodations.userId, userId));
      return learnerAccommodationView({ ...row, grant: { ...row.grant, ...change } }, now);
    });
  }
}
