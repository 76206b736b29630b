import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, gt } from 'drizzle-orm';
import type { CurrentExamSession } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses } from '../../../catalogue/catalogue.schema.js';
import { examSessions } from '../../certification.schema.js';
import { GetCurrentExamSessionQuery } from './get-current-exam-session.query.js';

/**
 * Only a session still open (`isOpenAt`: before its deadline) is offered for resuming; one whose time is up
 * is being finalised and graded, which the course page says from the same reading (`attemptStanding`).
 */
@QueryHandler(GetCurrentExamSessionQuery)
export class GetCurrentExamSessionHandler implements IQueryHandler<GetCurrentExamSessionQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, courseSlug }: GetCurrentExamSessionQuery): Promise<CurrentExamSession | null> {
    const [session] = await this.connection.db
      .select({ examSessionId: examSessions.id, deadline: examSessions.deadline })
      .from(examSessions)
      .innerJoin(courses, eq(courses.id, examSessions.courseId))
      .where(
        and(
          eq(examSessions.userId, userId),
          eq(examSessions.status, 'running'),
          gt(examSessions.deadline, new Date()),
          eq(courses.slug, courseSlug),
          eq(courses.kind, 'certification'),
        ),
      );
    return session ? { examSessionId: session.examSessionId, courseSlug, deadline: session.deadline.toISOString() } : null;
  }
}
