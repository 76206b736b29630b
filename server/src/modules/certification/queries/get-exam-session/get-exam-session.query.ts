import { Query } from '@nestjs/cqrs';
import type { ExamSession } from '../../../../contracts/exams.js';

/** The learner's running session of one certification course (404 when there is none). */
export class GetExamSessionQuery extends Query<ExamSession> {
  constructor(
    readonly userId: string,
    readonly courseSlug: string,
  ) {
    super();
  }
}
