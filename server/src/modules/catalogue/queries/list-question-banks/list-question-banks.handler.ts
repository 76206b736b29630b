import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { asc, eq, sql } from 'drizzle-orm';
import { QUESTION_STATUSES, type QuestionBankSummary, type QuestionStatus } from '../../../../contracts/studio-questions.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses, questionVersions } from '../../catalogue.schema.js';
import { ListQuestionBanksQuery } from './list-question-banks.query.js';
import { isLatestVersion } from '../../studio/question-bank.js';

@QueryHandler(ListQuestionBanksQuery)
export class ListQuestionBanksHandler implements IQueryHandler<ListQuestionBanksQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  /** A question counts once, in the state of its latest version (its working state). */
  async execute(): Promise<QuestionBankSummary[]> {
    const db = this.connection.db;
    const [rows, counts] = await Promise.all([
      db
        .select({ id: courses.id, slug: courses.slug, title: courses.title, exam: courses.exam })
        .from(courses)
        .where(eq(courses.kind, 'certification'))
        .orderBy(asc(courses.position), asc(courses.slug)),
      db
        .select({ courseId: questionVersions.courseId, status: questionVersions.status, count: sql<number>`count(*)`.mapWith(Number) })
        .from(questionVersions)
        .where(isLatestVersion)
        .groupBy(questionVersions.courseId, questionVersions.status),
    ]);
    return rows.map((course) => {
      const byStatus = Object.fromEntries(QUESTION_STATUSES.map((status) => [status, 0])) as Record<QuestionStatus, number>;
      for (const count of counts) if (count.courseId === course.id) byStatus[count.status] = count.count;
      return { courseSlug: course.slug, courseTitle: course.title, questionCount: course.exam?.questionCount ?? 0, byStatus };
    });
  }
}
