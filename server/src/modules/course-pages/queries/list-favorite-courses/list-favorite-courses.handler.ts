import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FavoriteCourse } from '../../../../contracts/course-activity.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courseFields, courseIdOfRow, selectFromCourses, isPublishedCourse } from '../../../catalogue/reads.js';
import { favoritedAtOf } from '../../../course-activity/reads.js';
import { courseCardColumns, isFavoriteCourse, toCourseCard } from '../../course-cards.js';
import { ListFavoriteCoursesQuery } from './list-favorite-courses.query.js';

/** The wish list, most recently added first. */
@QueryHandler(ListFavoriteCoursesQuery)
export class ListFavoriteCoursesHandler implements IQueryHandler<ListFavoriteCoursesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, kind }: ListFavoriteCoursesQuery): Promise<FavoriteCourse[]> {
    const favoritedAt = favoritedAtOf(userId, courseIdOfRow);
    const rows = await selectFromCourses(this.connection.db, {
      ...courseCardColumns(userId),
      favoritedAt: sql<Date | null>`${favoritedAt}`.mapWith(dateOrNull),
    })
      .where(and(isFavoriteCourse(userId), kind ? eq(courseFields.kind, kind) : undefined, isPublishedCourse))
      .orderBy(desc(favoritedAt), courseFields.position);
    return rows.map((row) => ({ ...toCourseCard(row), favoritedAt: (row.favoritedAt ?? new Date(0)).toISOString() }));
  }
}

/** A raw subquery's timestamp comes back as text. */
const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));
