import { Query } from '@nestjs/cqrs';
import type { LessonDetail } from '../../../../contracts/lessons.js';

/** "Preview as a learner": one lesson of a course's draft as the lesson page would show it, unpublished. */
export class PreviewDraftLessonQuery extends Query<LessonDetail> {
  constructor(
    readonly courseId: string,
    readonly lessonSlug: string,
  ) {
    super();
  }
}
