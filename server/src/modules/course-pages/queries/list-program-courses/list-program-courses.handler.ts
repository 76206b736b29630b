import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, inArray } from 'drizzle-orm';
import type { CourseCard } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courseFields, easiestFirst, selectFromCourses, isPublishedCourse } from '../../../catalogue/reads.js';
import { courseCardColumns, toCourseCard } from '../../course-cards.js';
import { ListProgramCoursesQuery } from './list-program-courses.query.js';

@QueryHandler(ListProgramCoursesQuery)
export class ListProgramCoursesHandler implements IQueryHandler<ListProgramCoursesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ kind, filters, userId }: ListProgramCoursesQuery): Promise<CourseCard[]> {
    const rows = await selectFromCourses(this.connection.db, courseCardColumns(userId))
      .where(and(eq(courseFields.kind, kind), filters.program?.length ? inArray(courseFields.program, filters.program) : undefined, isPublishedCourse))
      .orderBy(...easiestFirst);
    return rows.map(toCourseCard);
  }
}
