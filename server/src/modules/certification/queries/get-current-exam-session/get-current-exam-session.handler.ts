import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CurrentExamSession } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificationCourseBySlug } from '../../../catalogue/reads.js';
import { attemptStanding } from '../../domain/exam-timing.js';
import { latestAttemptOf } from '../../learner-attempts.js';
import { GetCurrentExamSessionQuery } from './get-current-exam-session.query.js';

/**
 * Only a session still open (`isOpenAt`: before its deadline) is offered for resuming; one whose time is up
 * is being finalised and graded, which the course page says from the same reading (`attemptStanding`).
 */
@QueryHandler(GetCurrentExamSessionQuery)
export class GetCurrentExamSessionHandler implements IQueryHandler<GetCurrentExamSessionQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId, courseSlug }: GetCurrentExamSessionQuery): Promise<CurrentExamSession | null> {
    const course = await certificationCourseBySlug(this.connection.db, courseSlug);
    if (!course) return null;
    const standing = attemptStanding(await latestAttemptOf(this.connection.db, userId, course.id), course.exam?.retakeWaitHours ?? 0, new Date());
    return standing.kind === 'open' ? { examSessionId: standing.examSessionId, courseSlug, deadline: standing.deadline.toISOString() } : null;
  }
}
