import { Query } from '@nestjs/cqrs';
import type { ExamResult } from '../../../../contracts/exams.js';

/** The learner's latest graded attempt of a course (404 when there is none). */
export class GetLastResultQuery extends Query<ExamResult> {
  constructor(
    readonly userId: string,
    readonly courseSlug: string,
  ) {
    super();
  }
}
