import { Query } from '@nestjs/cqrs';
import type { CourseHistory, CourseHistoryQuery } from '../../../../contracts/course-activity.js';

export class ListCourseHistoryQuery extends Query<CourseHistory> {
  constructor(
    readonly userId: string,
    readonly filters: CourseHistoryQuery,
  ) {
    super();
  }
}
