import { Query } from '@nestjs/cqrs';
import type { CourseDetail } from '../../../../contracts/catalogue.js';

/** A learning, seminar or video course page; `userId` is null for visitors. */
export class GetCourseQuery extends Query<CourseDetail> {
  constructor(
    readonly kind: 'learning' | 'seminar' | 'video',
    readonly slug: string,
    readonly userId: string | null,
  ) {
    super();
  }
}
