import { Query } from '@nestjs/cqrs';
import type { StudioCourseList, StudioCourseListQuery } from '../../../../contracts/studio-courses.js';

/** Every course the studio manages, published or not, with its drafts; filtered by kind, program, state and words. */
export class ListStudioCoursesQuery extends Query<StudioCourseList> {
  constructor(readonly filter: StudioCourseListQuery) {
    super();
  }
}
