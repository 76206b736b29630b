import { Query } from '@nestjs/cqrs';
import type { CurrentExamSession } from '../../../../contracts/exams.js';

/** The learner's open session of one certification course, or null: no session is an answer, not an error. */
export class GetCurrentExamSessionQuery extends Query<CurrentExamSession | null> {
  constructor(
    readonly userId: string,
    readonly courseSlug: string,
  ) {
    super();
  }
}
