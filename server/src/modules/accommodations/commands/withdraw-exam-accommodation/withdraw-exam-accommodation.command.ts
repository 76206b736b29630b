import { Command } from '@nestjs/cqrs';
import type { LearnerAccommodation } from '../../../../contracts/exam-accommodations.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin withdraws a learner's extra exam time. */
export class WithdrawExamAccommodationCommand extends Command<LearnerAccommodation> {
  constructor(
    readonly userId: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
