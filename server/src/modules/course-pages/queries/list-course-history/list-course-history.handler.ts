import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CourseHistory } from '../../../../contracts/course-activity.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courseFields, courseIdOfRow, lessonCountOfRow, selectFromCourses, isPublishedCourse } from '../../../catalogue/reads.js';
import { lastVisitedAtOf } from '../../../course-activity/reads.js';
import { completedLessonCount, lastLessonCompletedAt } from '../../../lessons/reads.js';
import { courseCardColumns, toCourseCard } from '../../course-cards.js';
import { ListCourseHistoryQuery } from './list-course-history.query.js';

/**
 * Courses the learner opened or studied, most recent first; with `inProgress`, only those under way
 * (some lessons completed, not all). Studying a lesson is a visit too: the latest of the last visit
 * (course-activity) and the last completed lesson (lessons) is when the course was last visited.
 */
@QueryHandler(ListCourseHistoryQuery)
export class ListCourseHistoryHandler implements IQueryHandler<ListCourseHistoryQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, filters }: ListCourseHistoryQuery): Promise<CourseHistory> {
    const { type, limit, offset, inProgress } = filters;
    // greatest() skips nulls: null only when the learner has neither visited nor studied the course.
    const visitedAt = sql<Date | null>`greatest(${lastVisitedAtOf(userId, courseIdOfRow)}, ${lastLessonCompletedAt(userId, courseIdOfRow)})`;
    const where = and(
      isPublishedCourse,
      sql`${visitedAt} is not null`,
      type ? eq(courseFields.kind, type) : undefined,
      inProgress ? sql`${completedLessonCount(userId, courseIdOfRow)} between 1 and ${lessonCountOfRow} - 1` : undefined,
    );
    const db = this.connection.db;
    const rows = await selectFromCourses(db, { ...courseCardColumns(userId), visitedAt: sql<Date | null>`${visitedAt}`.mapWith(dateOrNull) })
      .where(where)
      .orderBy(desc(visitedAt), courseFields.position)
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await selectFromCourses(db, { total: sql<number>`count(*)`.mapWith(Number) }).where(where)) as [{ total: number }];
    return { items: rows.map((row) => ({ ...toCourseCard(row), visitedAt: (row.visitedAt ?? new Date(0)).toISOString() })), total };
  }
}

/** A raw subquery's timestamp comes back as text. */
const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));
