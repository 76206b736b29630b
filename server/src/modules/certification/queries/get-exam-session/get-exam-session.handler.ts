import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, not } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { ExamSession } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificationCourseBySlug } from '../../../catalogue/reads.js';
import { examSessions } from '../../certification.schema.js';
import { publicQuestion } from '../../domain/exam-session.js';
import { overdueSessionsAt } from '../../domain/exam-timing.js';
import { GetExamSessionQuery } from './get-exam-session.query.js';

/**
 * The running session with what the learner may see, until it is overdue: one past its deadline and
 * grace is over, whether or not the finaliser has closed it yet.
 */
@QueryHandler(GetExamSessionQuery)
export class GetExamSessionHandler implements IQueryHandler<GetExamSessionQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, courseSlug }: GetExamSessionQuery): Promise<ExamSession> {
    const course = await certificationCourseBySlug(this.connection.db, courseSlug);
    const [session] = course
      ? await this.connection.db
          .select({ id: examSessions.id, startedAt: examSessions.startedAt, deadline: examSessions.deadline, questions: examSessions.questions, answers: examSessions.answers })
          .from(examSessions)
          .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, course.id), eq(examSessions.status, 'running'), not(overdueSessionsAt(new Date()))))
      : [];
    if (!session) throw notFound('受験中の試験');
    return {
      examSessionId: session.id,
      courseSlug,
      startedAt: session.startedAt.toISOString(),
      deadline: session.deadline.toISOString(),
      // Only what the learner may see: no correct flags, topics or explanations.
      questions: session.questions.map(publicQuestion),
      answers: session.answers,
    };
  }
}
