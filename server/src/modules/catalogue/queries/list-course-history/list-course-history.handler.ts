import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { CourseHistory } from '../../../../contracts/course-activity.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../catalogue.schema.js';
import { courseActivity } from '../../../course-activity/course-activity.schema.js';
import { courseCardColumns, toCourseCard } from '../../course-cards.js';
import { ListCourseHistoryQuery } from './list-course-history.query.js';

/** Lessons of the course the learner completed, and lessons it has: a course is under way between the two. */
const completedLessons = (userId: string) =>
  sql`(select count(*) from "lesson_completions" where "lesson_completions"."user_id" = ${userId} and "lesson_completions"."course_id" = "courses"."id")`;
const lessonTotal = sql`(select count(*) from "lessons" where "lessons"."course_id" = "courses"."id")`;

/** Courses the learner opened, most recent visit first; with `inProgress`, only those under way. */
@QueryHandler(ListCourseHistoryQuery)
export class ListCourseHistoryHandler implements IQueryHandler<ListCourseHistoryQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, filters }: ListCourseHistoryQuery): Promise<CourseHistory> {
    const { type, limit, offset, inProgress } = filters;
    const where = and(
      eq(courseActivity.userId, userId),
      isNotNull(courseActivity.lastVisitedAt),
      type ? eq(courses.kind, type) : undefined,
      inProgress ? sql`${completedLessons(userId)} between 1 and ${lessonTotal} - 1` : undefined,
    );
    const db = this.connection.db;
    const rows = await db
      .select({ ...courseCardColumns(userId), visitedAt: courseActivity.lastVisitedAt })
      .from(courseActivity)
      .innerJoin(courses, eq(courses.id, courseActivity.courseId))
      .where(where)
      .orderBy(desc(courseActivity.lastVisitedAt), courses.position)
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(courseActivity)
      .innerJoin(courses, eq(courses.id, courseActivity.courseId))
      .where(where)) as [{ total: number }];
    return { items: rows.map((row) => ({ ...toCourseCard(row), visitedAt: (row.visitedAt ?? new Date(0)).toISOString() })), total };
  }
}
