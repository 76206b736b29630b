import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CERTIFICATION_SLUGS } from '../../../../contracts/catalogue-slugs.js';
import type { ExamAnalytics } from '../../../../contracts/exam-analytics.js';
import { TOKYO_TIME_ZONE } from '../../../../contracts/tokyo-date.js';
import { type DatabaseConnection, rowsOf } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../../catalogue/catalogue.schema.js';
import { type AnalyticsRange, analyticsRange, type DayTally, periodsOf, rateOf, seriesOf } from '../../../../core/dates/report-range.js';
import { examDifficulty, type QuestionTally } from '../../exam-difficulty.js';
import { GetExamAnalyticsQuery } from './get-exam-analytics.query.js';

interface Course {
  id: string;
  slug: string;
  title: string;
  exam: (typeof courses.$inferSelect)['exam'];
}

const TOKYO_DAY = sql`to_char(started_at at time zone ${TOKYO_TIME_ZONE}, 'YYYY-MM-DD')`;

@QueryHandler(GetExamAnalyticsQuery)
export class GetExamAnalyticsHandler implements IQueryHandler<GetExamAnalyticsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ filter, now }: GetExamAnalyticsQuery): Promise<ExamAnalytics> {
    const range = analyticsRange(filter, now);
    const slugs = filter.courseSlug ? [filter.courseSlug] : CERTIFICATION_SLUGS;
    const certificationCourses: Course[] = await this.connection.db
      .select({ id: courses.id, slug: courses.slug, title: courses.title, exam: courses.exam })
      .from(courses)
      .where(and(eq(courses.kind, 'certification'), inArray(courses.slug, slugs)))
      .orderBy(asc(courses.position));
    const courseIds = certificationCourses.map((course) => course.id);
    const [days, tallies, reviews] = await Promise.all([
      this.attemptsByDay(range, courseIds),
      this.questionTallies(range, courseIds),
      this.reviews(range, filter.courseSlug ? courseIds : null),
    ]);

    const periods = periodsOf(range, filter.granularity);
    const slugOf = new Map(certificationCourses.map((course) => [course.id, course.slug]));
    return {
      from: range.from,
      to: range.to,
      granularity: filter.granularity,
      courses: certificationCourses.map((course) => {
        const own = days.filter((day) => day.courseId === course.id);
        const attempts = own.reduce((sum, day) => sum + day.attempts, 0);
        const passed = own.reduce((sum, day) => sum + day.passed, 0);
        return { courseSlug: course.slug, title: course.title, attempts, passed, passRate: rateOf(passed, attempts), series: seriesOf(periods, own, filter.granularity) };
      }),
      ...examDifficulty(
        tallies.map(({ courseId, ...tally }) => ({ ...tally, courseSlug: slugOf.get(courseId)! })),
        certificationCourses.map((course) => ({ slug: course.slug, topicNames: course.exam?.topicNames ?? {} })),
      ),
      reviews,
    };
  }

  /** Graded sessions by course and the Tokyo day they started. */
  private async attemptsByDay(range: AnalyticsRange, courseIds: string[]): Promise<(DayTally & { courseId: string })[]> {
    if (courseIds.length === 0) return [];
    const rows = await rowsOf<{ course_id: string; day: string; attempts: number; passed: number }>(
      this.connection.db,
      sql`select course_id, ${TOKYO_DAY} as day, count(*)::int as attempts, (count(*) filter (where passed))::int as passed
            from exam_sessions
           where status = 'graded' and started_at >= ${range.startsAt} and started_at < ${range.endsBefore}
             and course_id in ${courseIds}
           group by 1, 2`,
    );
    return rows.map((row) => ({ courseId: row.course_id, day: row.day, attempts: row.attempts, passed: row.passed }));
  }

  /**
   * Every question of the sessions graded in the range, right or not as grading scored it
   * (`exam_question_outcomes`); an unanswered question counts as answered wrong. The prompt is the latest one seen.
   */
  private async questionTallies(range: AnalyticsRange, courseIds: string[]): Promise<(Omit<QuestionTally, 'courseSlug'> & { courseId: string })[]> {
    if (courseIds.length === 0) return [];
    const rows = await rowsOf<{ course_id: string; question_id: string; topic: string; prompt: string; answered: number; correct: number }>(
      this.connection.db,
      sql`select course_id, question_id, topic, (array_agg(prompt order by started_at desc))[1] as prompt,
                 count(*)::int as answered, (count(*) filter (where correct))::int as correct
            from exam_question_outcomes
           where started_at >= ${range.startsAt} and started_at < ${range.endsBefore}
             and course_id in ${courseIds}
           group by course_id, question_id, topic`,
    );
    return rows.map((row) => ({ courseId: row.course_id, questionId: row.question_id, topic: row.topic, prompt: row.prompt, answered: row.answered, correct: row.correct }));
  }

  /** Reviews received in the range, per course that has any (of one course when the page is about one). */
  private async reviews(range: AnalyticsRange, onlyCourseIds: string[] | null): Promise<ExamAnalytics['reviews']> {
    if (onlyCourseIds?.length === 0) return [];
    const rows = await rowsOf<{ slug: string; title: string; review_count: number; average_score: string | null }>(
      this.connection.db,
      sql`select c.slug, c.title, count(*)::int as review_count, round(avg(f.score)::numeric, 2) as average_score
            from course_feedback f
            join courses c on c.id = f.course_id
           where f.received_at >= ${range.startsAt} and f.received_at < ${range.endsBefore}
             ${onlyCourseIds ? sql`and f.course_id in ${onlyCourseIds}` : sql``}
           group by c.id, c.slug, c.title, c.kind, c.position
           order by c.kind, c.position, c.slug`,
    );
    return rows.map((row) => ({
      courseSlug: row.slug,
      title: row.title,
      reviewCount: row.review_count,
      averageScore: row.average_score === null ? null : Number(row.average_score),
    }));
  }
}
