import { sql } from 'drizzle-orm';
import type { CourseCard } from '../../contracts/catalogue.js';
import { courses } from '../../database/schema.js';
import { coursePath } from './course-path.js';

/** The columns a course card is made of; the lesson count is counted by the database. */
export const courseCardColumns = {
  id: courses.id,
  kind: courses.kind,
  slug: courses.slug,
  program: courses.program,
  title: courses.title,
  summary: courses.summary,
  level: courses.level,
  categories: courses.categories,
  estimatedMinutes: courses.estimatedMinutes,
  loginRequired: courses.loginRequired,
  // Spelled out: drizzle leaves column names unqualified inside a raw subquery, and "id" would bind to lessons.
  lessonCount: sql<number>`(select count(*) from "lessons" where "lessons"."course_id" = "courses"."id")`.mapWith(Number),
};

type CourseCardRow = Omit<CourseCard, 'path' | 'program' | 'level'> & { kind: string; program: string; level: string | null };

export function toCourseCard(row: CourseCardRow): CourseCard {
  return {
    slug: row.slug,
    program: row.program as CourseCard['program'],
    title: row.title,
    summary: row.summary,
    level: (row.level ?? 'BEGINNER') as CourseCard['level'],
    categories: row.categories,
    estimatedMinutes: row.estimatedMinutes,
    lessonCount: row.lessonCount,
    loginRequired: row.loginRequired,
    path: coursePath(row.kind, row.program, row.slug),
  };
}
