import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../../core/errors/app-error.js';
import { tokyoDay } from '../../../../contracts/tokyo-date.js';
import type { LearnerAccommodation } from '../../../../contracts/exam-accommodations.js';
import { EventStore } from '../../../../database/event-store.js';
import { examAccommodations } from '../../accommodations.schema.js';
import { EXAM_ACCOMMODATION_STREAM, ExamAccommodationGranted } from '../../events.js';
import { learnerAccommodationView, learnerWithGrant, userIdOrNotFound } from '../../learner-accommodation.js';
import { GrantExamAccommodationCommand } from './grant-exam-accommodation.command.js';

/**
 * Records the grant and projects it, with the learner's row locked; the same terms as the grant in force
 * append nothing and answer it, so a double click or a retried request grants once.
 */
@CommandHandler(GrantExamAccommodationCommand)
export class GrantExamAccommodationHandler implements ICommandHandler<GrantExamAccommodationCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ userId: input, request, meta }: GrantExamAccommodationCommand): Promise<LearnerAccommodation> {
    const userId = userIdOrNotFound(input);
    const now = new Date();
    const terms = { extraMinutes: request.extraMinutes ?? null, extraPercent: request.extraPercent ?? null, endsOn: request.endsOn ?? null, note: request.note };
    // The contract checks the date's form; whether it is behind needs the server's clock (Tokyo calendar).
    if (terms.endsOn !== null && terms.endsOn < tokyoDay(now)) throw new AppError('VALIDATION_FAILED', 'endsOn は今日以降の日付で指定してください', 'endsOn');
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      // Held until commit: a second grant (a double click) waits, then finds this one.
      await lockStream(EXAM_ACCOMMODATION_STREAM, userId);
      const row = await learnerWithGrant(tx, { userId });
      const held = row.grant;
      const same =
        held !== null &&
        held.withdrawnAt === null &&
        held.extraMinutes === terms.extraMinutes &&
        held.extraPercent === terms.extraPercent &&
        held.endsOn === terms.endsOn &&
        held.note === terms.note;
      if (same) return learnerAccommodationView(row, now);
      const version = held?.streamVersion ?? 0;
      await append({ streamType: EXAM_ACCOMMODATION_STREAM, streamId: userId, expectedVersion: version }, [
        new ExamAccommodationGranted({ userId, ...terms, grantedAt: now.toISOString() }),
      ]);
      const grant = { userId, ...terms, grantedAt: now, grantedBy: meta.actorId, withdrawnAt: null, streamVersion: version + 1 };
      await tx.insert(examAccommodations).values(grant).onConflictDoUpdate({ target: examAccommodations.userId, set: grant });
      return learnerAccommodationView({ ...row, grant }, now);
    });
  }
}
