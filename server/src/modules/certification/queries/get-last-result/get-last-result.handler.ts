import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq, ne } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import type { ExamResult } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../../catalogue/catalogue.schema.js';
import { examSessions } from '../../certification.schema.js';
import { examResultView } from '../../exam-result.view.js';
import { GetLastResultQuery } from './get-last-result.query.js';

@QueryHandler(GetLastResultQuery)
export class GetLastResultHandler implements IQueryHandler<GetLastResultQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, courseSlug }: GetLastResultQuery): Promise<ExamResult> {
    // The latest attempt decides: one that has ended and waits for the worker hides the older result.
    const [latest] = await this.connection.db
      .select({ status: examSessions.status })
      .from(examSessions)
      .innerJoin(courses, eq(courses.id, examSessions.courseId))
      .where(and(eq(examSessions.userId, userId), ne(examSessions.status, 'running'), eq(courses.kind, 'certification'), eq(courses.slug, courseSlug)))
      .orderBy(desc(examSessions.startedAt))
      .limit(1);
    if (latest && latest.status !== 'graded') throw new AppError('RESULT_PENDING', '採点しています。しばらくお待ちください。');
    const [row] = await this.connection.db
      .select({ id: examSessions.id, finishedAt: examSessions.finishedAt, deadline: examSessions.deadline, score: examSessions.score, exam: courses.exam })
      .from(examSessions)
      .innerJoin(courses, eq(courses.id, examSessions.courseId))
      .where(and(eq(examSessions.userId, userId), eq(examSessions.status, 'graded'), eq(courses.kind, 'certification'), eq(courses.slug, courseSlug)))
      .orderBy(desc(examSessions.startedAt))
      .limit(1);
    if (!row?.score) throw notFound('試験結果');
    return examResultView({ examSessionId: row.id, courseSlug, finishedAt: row.finishedAt ?? row.deadline, score: row.score, exam: row.exam });
  }
}
