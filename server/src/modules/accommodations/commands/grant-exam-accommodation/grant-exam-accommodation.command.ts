import { Command } from '@nestjs/cqrs';
import type { ExamAccommodationRequest, LearnerAccommodation } from '../../../../contracts/exam-accommodations.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin grants a learner extra exam time (replacing what they had). */
export class GrantExamAccommodationCommand extends Command<LearnerAccommodation> {
  constructor(
    readonly userId: string,
    readonly request: ExamAccommodationRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
