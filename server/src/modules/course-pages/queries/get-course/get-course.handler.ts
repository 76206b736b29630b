import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import type { CourseDetail } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courseFields, selectFromCourses, isPublishedCourse } from '../../../catalogue/reads.js';
import { courseCardColumns, toCourseCard } from '../../course-cards.js';
import { lessonSummaries } from '../../lesson-summaries.js';
import { GetCourseQuery } from './get-course.query.js';

@QueryHandler(GetCourseQuery)
export class GetCourseHandler implements IQueryHandler<GetCourseQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ kind, slug, userId }: GetCourseQuery): Promise<CourseDetail> {
    const db = this.connection.db;
    const [course] = await selectFromCourses(db, courseCardColumns(userId)).where(and(eq(courseFields.kind, kind), eq(courseFields.slug, slug), isPublishedCourse));
    if (!course) throw notFound('コース');
    if (course.loginRequired && !userId) throw new AppError('FORBIDDEN', 'このコースはログインした方だけがご覧いただけます');
    return { ...toCourseCard(course), lessons: await lessonSummaries(db, course.id, userId) };
  }
}
