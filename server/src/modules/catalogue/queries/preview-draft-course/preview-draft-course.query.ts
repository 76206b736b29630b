import { Query } from '@nestjs/cqrs';
import type { CourseDetail } from '../../../../contracts/catalogue.js';

/** "Preview as a learner": a course's draft as its course page would show it to a visitor, unpublished. */
export class PreviewDraftCourseQuery extends Query<CourseDetail> {
  constructor(readonly courseId: string) {
    super();
  }
}
