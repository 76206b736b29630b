import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, asc, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../common/errors/app-error.js';
import type { LearningCourse } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses, lessons } from '../../../../database/schema.js';
import { courseCardColumns, toCourseCard } from '../../course-cards.js';
import { GetLearningCourseQuery } from './get-learning-course.query.js';

@QueryHandler(GetLearningCourseQuery)
export class GetLearningCourseHandler implements IQueryHandler<GetLearningCourseQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ slug, loggedIn }: GetLearningCourseQuery): Promise<LearningCourse> {
    const db = this.connection.db;
    const [course] = await db.select(courseCardColumns).from(courses).where(and(eq(courses.kind, 'learning'), eq(courses.slug, slug)));
    if (!course) throw notFound('コース');
    if (course.loginRequired && !loggedIn) throw new AppError('FORBIDDEN', 'このコースはログインした方だけがご覧いただけます');
    const lessonRows = await db
      .select({ slug: lessons.slug, title: lessons.title, kind: lessons.kind, estimatedMinutes: lessons.estimatedMinutes, loginRequired: lessons.loginRequired })
      .from(lessons)
      .where(eq(lessons.courseId, course.id))
      .orderBy(asc(lessons.position));
    return { ...toCourseCard(course), lessons: lessonRows };
  }
}
