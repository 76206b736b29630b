import { sql } from 'drizzle-orm';
import { rowsOf, type DatabaseExecutor } from '../../database/connection.js';

/**
 * Course reviews received in [startsAt, endsBefore), per course that has any (of these courses only,
 * when given): how many and their average score, to two decimals.
 */
export async function reviewTalliesByCourse(
  db: DatabaseExecutor,
  range: { startsAt: Date; endsBefore: Date },
  onlyCourseIds: readonly string[] | null,
): Promise<{ courseId: string; reviewCount: number; averageScore: number | null }[]> {
  if (onlyCourseIds?.length === 0) return [];
  const rows = await rowsOf<{ course_id: string; review_count: number; average_score: string | null }>(
    db,
    sql`select course_id, count(*)::int as review_count, round(avg(score)::numeric, 2) as average_score
          from course_feedback
         where received_at >= ${range.startsAt} and received_at < ${range.endsBefore}
           ${onlyCourseIds ? sql`and course_id in ${[...onlyCourseIds]}` : sql``}
         group by course_id`,
  );
  return rows.map((row) => ({ courseId: row.course_id, reviewCount: row.review_count, averageScore: row.average_score === null ? null : Number(row.average_score) }));
}
