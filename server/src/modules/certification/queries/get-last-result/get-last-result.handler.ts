import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../../../../common/errors/app-error.js';
import type { ExamResult } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses, examSessions } from '../../../../database/schema.js';
import { retakeOpensAt } from '../../domain/exam-session.js';
import { GetLastResultQuery } from './get-last-result.query.js';

@QueryHandler(GetLastResultQuery)
export class GetLastResultHandler implements IQueryHandler<GetLastResultQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, courseSlug }: GetLastResultQuery): Promise<ExamResult> {
    const [row] = await this.connection.db
      .select({ id: examSessions.id, finishedAt: examSessions.finishedAt, deadline: examSessions.deadline, score: examSessions.score, exam: courses.exam })
      .from(examSessions)
      .innerJoin(courses, eq(courses.id, examSessions.courseId))
      .where(and(eq(examSessions.userId, userId), eq(examSessions.status, 'graded'), eq(courses.kind, 'certification'), eq(courses.slug, courseSlug)))
      .orderBy(desc(examSessions.startedAt))
      .limit(1);
    if (!row?.score) throw notFound('試験結果');
    const finishedAt = row.finishedAt ?? row.deadline;
    return {
      examSessionId: row.id,
      courseSlug,
      finishedAt: finishedAt.toISOString(),
      passed: row.score.passed,
      percent: row.score.percent,
      correct: row.score.correct,
      total: row.score.total,
      topics: row.score.topics.map((topic) => ({ ...topic, name: row.exam?.topicNames?.[topic.topic] ?? topic.topic })),
      nextAttemptAt: row.score.passed ? null : retakeOpensAt(finishedAt, row.exam?.retakeWaitHours ?? 24).toISOString(),
    };
  }
}
