import { Query } from '@nestjs/cqrs';
import type { CourseCard, ProgramFilterQuery } from '../../../../contracts/catalogue.js';

/** Seminar or video courses, optionally of some programs only: few enough to list without pages. */
export class ListProgramCoursesQuery extends Query<CourseCard[]> {
  constructor(
    readonly kind: 'seminar' | 'video',
    readonly filters: ProgramFilterQuery,
    readonly userId: string | null,
  ) {
    super();
  }
}
