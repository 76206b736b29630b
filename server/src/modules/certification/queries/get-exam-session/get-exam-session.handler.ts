import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { ExamSession } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../../catalogue/catalogue.schema.js';
import { examSessions } from '../../certification.schema.js';
import { publicQuestion } from '../../domain/exam-session.js';
import { GetExamSessionQuery } from './get-exam-session.query.js';

@QueryHandler(GetExamSessionQuery)
export class GetExamSessionHandler implements IQueryHandler<GetExamSessionQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, courseSlug }: GetExamSessionQuery): Promise<ExamSession> {
    const [session] = await this.connection.db
      .select({ id: examSessions.id, startedAt: examSessions.startedAt, deadline: examSessions.deadline, questions: examSessions.questions, answers: examSessions.answers })
      .from(examSessions)
      .innerJoin(courses, eq(courses.id, examSessions.courseId))
      .where(and(eq(examSessions.userId, userId), eq(examSessions.status, 'running'), eq(courses.slug, courseSlug), eq(courses.kind, 'certification')));
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
