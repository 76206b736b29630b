import { Query } from '@nestjs/cqrs';
import type { LearningCourse } from '../../../../contracts/catalogue.js';

export class GetLearningCourseQuery extends Query<LearningCourse> {
  constructor(
    readonly slug: string,
    readonly loggedIn: boolean,
  ) {
    super();
  }
}
