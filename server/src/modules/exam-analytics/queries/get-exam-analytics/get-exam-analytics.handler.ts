import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ExamAnalytics } from '../../../../contracts/exam-analytics.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { type CertificationCourse, certificationCourseIdOfFilter, certificationCoursesBySlugs, coursesInCatalogueOrder } from '../../../catalogue/reads.js';
import { gradedAttemptsByDay, questionOutcomeTallies } from '../../../certification/reads.js';
import { reviewTalliesByCourse } from '../../../lessons/reads.js';
import { type AnalyticsRange, analyticsRange, periodsOf, rateOf, seriesOf } from '../../../../core/dates/report-range.js';
import { examDifficulty } from '../../exam-difficulty.js';
import { GetExamAnalyticsQuery } from './get-exam-analytics.query.js';

/**
 * Exam analytics compose what their owners publish: the certification courses (catalogue), the graded
 * attempts and question outcomes (certification) and the course reviews (lessons).
 */
@QueryHandler(GetExamAnalyticsQuery)
export class GetExamAnalyticsHandler implements IQueryHandler<GetExamAnalyticsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ filter, now }: GetExamAnalyticsQuery): Promise<ExamAnalytics> {
    const range = analyticsRange(filter, now);
    const db = this.connection.db;
    if (filter.courseSlug) await certificationCourseIdOfFilter(db, filter.courseSlug);
    const certificationCourses: CertificationCourse[] = await certificationCoursesBySlugs(db, filter.courseSlug ? [filter.courseSlug] : null);
    const courseIds = certificationCourses.map((course) => course.id);
    const [days, tallies, reviews] = await Promise.all([
      gradedAttemptsByDay(db, range, courseIds),
      questionOutcomeTallies(db, range, courseIds),
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

  /** Reviews received in the range, per course that has any (of one course when the page is about one). */
  private async reviews(range: AnalyticsRange, onlyCourseIds: string[] | null): Promise<ExamAnalytics['reviews']> {
    const tallies = await reviewTalliesByCourse(this.connection.db, range, onlyCourseIds);
    const tallyOf = new Map(tallies.map((tally) => [tally.courseId, tally]));
    const ordered = await coursesInCatalogueOrder(this.connection.db, [...tallyOf.keys()]);
    return ordered.map((course) => ({
      courseSlug: course.slug,
      title: course.title,
      reviewCount: tallyOf.get(course.id)!.reviewCount,
      averageScore: tallyOf.get(course.id)!.averageScore,
    }));
  }
}
