import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { loginRequired } from '../../../../common/errors/app-error.js';
import type { CourseCardPage } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../../../database/schema.js';
import { courseCardColumns, isFavoriteOf, isStartedBy, toCourseCard } from '../../course-cards.js';
import { ListLearningCoursesQuery } from './list-learning-courses.query.js';

@QueryHandler(ListLearningCoursesQuery)
export class ListLearningCoursesHandler implements IQueryHandler<ListLearningCoursesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ filters, userId }: ListLearningCoursesQuery): Promise<CourseCardPage> {
    const { program, level, category, isStarted, isFavorite, page, limit } = filters;
    // The learner's own filters mean nothing for a visitor: ask them to log in rather than guess.
    if ((isStarted !== undefined || isFavorite !== undefined) && !userId) throw loginRequired();
    const where = and(
      eq(courses.kind, 'learning'),
      program?.length ? inArray(courses.program, program) : undefined,
      level?.length ? inArray(courses.level, level) : undefined,
      // Any of the categories: the course's jsonb list overlaps the wanted ones.
      category?.length ? sql`${courses.categories} ?| ${sql`array[${sql.join(category.map((slug) => sql`${slug}`), sql`, `)}]::text[]`}` : undefined,
      userId && isStarted !== undefined ? (isStarted ? isStartedBy(userId) : not(isStartedBy(userId))) : undefined,
      userId && isFavorite !== undefined ? (isFavorite ? isFavoriteOf(userId) : not(isFavoriteOf(userId))) : undefined,
    );
    const db = this.connection.db;
    const rows = await db
      .select(courseCardColumns(userId))
      .from(courses)
      .where(where)
      .orderBy(courses.position)
      .limit(limit)
      .offset((page - 1) * limit);
    const [{ total }] = (await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(courses).where(where)) as [{ total: number }];
    return { items: rows.map(toCourseCard), total, page, limit };
  }
}
