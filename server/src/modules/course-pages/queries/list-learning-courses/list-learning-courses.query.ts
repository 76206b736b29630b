import { Query } from '@nestjs/cqrs';
import type { CourseCardPage, LearningCoursesQuery } from '../../../../contracts/catalogue.js';

export class ListLearningCoursesQuery extends Query<CourseCardPage> {
  constructor(
    readonly filters: LearningCoursesQuery,
    readonly userId: string | null,
  ) {
    super();
  }
}
