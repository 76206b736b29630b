import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq, ne, or } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import type { ExamResult } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificationCourseBySlug } from '../../../catalogue/reads.js';
import { examSessions } from '../../certification.schema.js';
import { overdueSessionsAt } from '../../domain/exam-timing.js';
import { examResultView } from '../../exam-result.view.js';
import { GetLastResultQuery } from './get-last-result.query.js';

@QueryHandler(GetLastResultQuery)
export class GetLastResultHandler implements IQueryHandler<GetLastResultQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, courseSlug }: GetLastResultQuery): Promise<ExamResult> {
    const db = this.connection.db;
    const course = await certificationCourseBySlug(db, courseSlug);
    if (!course) throw notFound('試験結果');
    const ofCourse = and(eq(examSessions.userId, userId), eq(examSessions.courseId, course.id));
    // The latest attempt that has ended decides — finished, or overdue and only waiting for the finaliser:
    // one that waits for the worker hides the older result.
    const [latest] = await db
      .select({ status: examSessions.status })
      .from(examSessions)
      .where(and(ofCourse, or(ne(examSessions.status, 'running'), overdueSessionsAt(new Date()))))
      .orderBy(desc(examSessions.startedAt))
      .limit(1);
    if (latest && latest.status !== 'graded') throw new AppError('RESULT_PENDING', '採点しています。しばらくお待ちください。');
    const [row] = await db
      .select({ id: examSessions.id, finishedAt: examSessions.finishedAt, deadline: examSessions.deadline, score: examSessions.score })
      .from(examSessions)
      .where(and(ofCourse, eq(examSessions.status, 'graded')))
      .orderBy(desc(examSessions.startedAt))
      .limit(1);
    if (!row?.score) throw notFound('試験結果');
    return examResultView({ examSessionId: row.id, courseSlug, finishedAt: row.finishedAt ?? row.deadline, score: row.score, exam: course.exam });
  }
}
