import { Query } from '@nestjs/cqrs';
import type { ActivityCourseKind, FavoriteCourse } from '../../../../contracts/course-activity.js';

export class ListFavoriteCoursesQuery extends Query<FavoriteCourse[]> {
  constructor(
    readonly userId: string,
    readonly kind: ActivityCourseKind | undefined,
  ) {
    super();
  }
}
