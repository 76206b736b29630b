import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq } from 'drizzle-orm';
import type { FavoriteCourse } from '../../../../contracts/course-activity.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../catalogue.schema.js';
import { courseActivity } from '../../../course-activity/course-activity.schema.js';
import { courseCardColumns, toCourseCard } from '../../course-cards.js';
import { ListFavoriteCoursesQuery } from './list-favorite-courses.query.js';

/** The wish list, most recently added first. */
@QueryHandler(ListFavoriteCoursesQuery)
export class ListFavoriteCoursesHandler implements IQueryHandler<ListFavoriteCoursesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, kind }: ListFavoriteCoursesQuery): Promise<FavoriteCourse[]> {
    const rows = await this.connection.db
      .select({ ...courseCardColumns(userId), favoritedAt: courseActivity.favoritedAt })
      .from(courseActivity)
      .innerJoin(courses, eq(courses.id, courseActivity.courseId))
      .where(and(eq(courseActivity.userId, userId), eq(courseActivity.isFavorite, true), kind ? eq(courses.kind, kind) : undefined))
      .orderBy(desc(courseActivity.favoritedAt), courses.position);
    return rows.map((row) => ({ ...toCourseCard(row), favoritedAt: (row.favoritedAt ?? new Date(0)).toISOString() }));
  }
}
