import { randomUUID } from 'node:crypto';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { loginRequired, notFound } from '../../../../core/errors/app-error.js';
import { basicCourseOf, isCertificationSlug } from '../../../../contracts/catalogue-slugs.js';
import type { ExamStart } from '../../../../contracts/exams.js';
import { EventStore } from '../../../../database/event-store.js';
import { isUniqueViolation } from '../../../../database/unique-violation.js';
import { certificationCourseById, certificationCourseBySlug, isOpenCertification, questionBank } from '../../../catalogue/reads.js';
import { learnerHasProfile } from '../../../identity/reads.js';
import { startDecision } from '../../domain/exam-session.js';
import { ExamSession } from '../../domain/exam-session-aggregate.js';
import { ExamSessionRepository } from '../../exam-session.repository.js';
import { holdsValidBadge, questionIdsOfLastAttempt, runningSessionOf } from '../../learner-attempts.js';
import { examStanding } from '../../reads.js';
import { startRefusalError } from '../../start-refusal-error.js';
import { FinaliseOverdueExamsCommand } from '../finalise-overdue-exams/finalise-overdue-exams.command.js';
import { StartExamCommand } from './start-exam.command.js';

/** POST …/exam/start/: checks the start rules, draws and freezes the questions, fixes the deadline. */
@CommandHandler(StartExamCommand)
export class StartExamHandler implements ICommandHandler<StartExamCommand> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly sessions: ExamSessionRepository,
    private readonly commandBus: CommandBus,
  ) {}

  async execute(command: StartExamCommand): Promise<ExamStart> {
    // A session whose time ran out while the learner was away no longer holds them back.
    await this.commandBus.execute(new FinaliseOverdueExamsCommand(command.meta, command.userId));
    try {
      return await this.start(command);
    } catch (error) {
      // Two starts at once (a double click, two tabs): the one that committed first holds the running
      // session, and this one, rolled back, resumes it (or is refused for another course) on its second run.
      if (isUniqueViolation(error, 'exam_sessions_one_running_key')) return this.start(command);
      throw error;
    }
  }

  private start({ userId, courseSlug, meta }: StartExamCommand): Promise<ExamStart> {
    return this.eventStore.commit(meta, async (unit) => {
      const { tx } = unit;
      const now = new Date();
      const hasProfile = await learnerHasProfile(tx, userId);
      if (hasProfile === null) throw loginRequired();
      const course = await certificationCourseBySlug(tx, courseSlug);
      if (!isOpenCertification(course)) throw notFound('認定コース');

      // What every page shows of this course (the attempt, the badge, the extra time), then what only a start asks.
      const standing = await examStanding(tx, userId, course.id, now);
      const running = await runningSessionOf(tx, userId);
      const runningElsewhere = running && running.courseId !== course.id ? { courseSlug: (await certificationCourseById(tx, running.courseId))?.slug ?? '', deadline: running.deadline } : null;
      // The pack's Advanced courses ask for their Basic badge (spec §2); a studio course stands alone.
      const basicSlug = isCertificationSlug(course.slug) ? basicCourseOf(course.slug) : course.slug;
      const basic = basicSlug === course.slug ? null : await certificationCourseBySlug(tx, basicSlug);

      const decision = startDecision({
        hasProfile,
        requires: basicSlug === course.slug ? null : { basicSlug, held: basic !== null && (await holdsValidBadge(tx, userId, basic.id, now)) },
        attempt: standing.attempt,
        runningElsewhere,
        badgeExpiresAt: standing.badgeExpiresAt,
        now,
      });
      if (decision.kind === 'refuse') throw startRefusalError(decision.refusal);
      // The same course's session is handed back: a second tab or a reload resumes it.
      if (decision.kind === 'resume' && standing.attempt.kind === 'open') return { examSessionId: standing.attempt.examSessionId, deadline: standing.attempt.deadline.toISOString(), resumed: true };

      // The grant in force at this start decides the extra time (`standing.extraMinutes`); a later change leaves this deadline alone.
      const session = ExamSession.start({
        id: randomUUID(),
        userId,
        course: { id: course.id, slug: course.slug, minutes: course.exam.minutes, topics: course.exam.topics },
        extraMinutes: standing.extraMinutes,
        bank: await questionBank(tx, course.id),
        // Two attempts in a row share as few questions as the bank allows: a failed learner is not handed the same exam.
        seenBefore: await questionIdsOfLastAttempt(tx, userId, course.id),
        now,
        random: Math.random,
      });
      await this.sessions.save(unit, session);
      return { examSessionId: session.state.id, deadline: session.state.deadline.toISOString(), resumed: false };
    });
  }
}
