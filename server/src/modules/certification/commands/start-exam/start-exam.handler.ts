import { randomUUID } from 'node:crypto';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { tokyoDay } from '../../../../contracts/tokyo-date.js';
import { loginRequired, notFound } from '../../../../core/errors/app-error.js';
import { basicCourseOf, isCertificationSlug } from '../../../../contracts/catalogue-slugs.js';
import { accommodationApplies, extraMinutesOf } from '../../../../contracts/exam-accommodations.js';
import type { ExamStart } from '../../../../contracts/exams.js';
import { EventStore } from '../../../../database/event-store.js';
import { isUniqueViolation } from '../../../../database/unique-violation.js';
import { examAccommodations } from '../../../accommodations/accommodations.schema.js';
import { courses, questions } from '../../../catalogue/catalogue.schema.js';
import { badges, examSessions } from '../../certification.schema.js';
import { users } from '../../../identity/identity.schema.js';
import { startDecision } from '../../domain/exam-session.js';
import { ExamSession } from '../../domain/exam-session-aggregate.js';
import { ExamSessionRepository } from '../../exam-session.repository.js';
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
      const [user] = await tx.select({ hasProfile: users.hasProfile }).from(users).where(eq(users.id, userId));
      if (!user) throw loginRequired();
      const [course] = await tx
        .select({ id: courses.id, slug: courses.slug, exam: courses.exam })
        .from(courses)
        .where(and(eq(courses.kind, 'certification'), eq(courses.slug, courseSlug)));
      if (!course?.exam || !isCertificationSlug(course.slug)) throw notFound('認定コース');

      const [running] = await tx
        .select({ id: examSessions.id, deadline: examSessions.deadline, courseSlug: courses.slug })
        .from(examSessions)
        .innerJoin(courses, eq(courses.id, examSessions.courseId))
        .where(and(eq(examSessions.userId, userId), eq(examSessions.status, 'running')));
      const basicSlug = basicCourseOf(course.slug);
      const held =
        basicSlug === course.slug
          ? true
          : (
              await tx
                .select({ at: badges.expiresAt })
                .from(badges)
                .innerJoin(courses, eq(courses.id, badges.courseId))
                .where(and(eq(badges.userId, userId), eq(courses.slug, basicSlug), gt(badges.expiresAt, now)))
            ).length > 0;
      const [heldBadge] = await tx
        .select({ expiresAt: badges.expiresAt })
        .from(badges)
        .where(and(eq(badges.userId, userId), eq(badges.courseId, course.id)));
      const [lastAttempt] = await tx
        .select({ finishedAt: examSessions.finishedAt, passed: examSessions.passed })
        .from(examSessions)
        .where(and(eq(examSessions.userId, userId), eq(examSessions.courseId, course.id), inArray(examSessions.status, ['submitted', 'expired', 'graded'])))
        .orderBy(desc(examSessions.startedAt))
        .limit(1);

      const decision = startDecision({
        hasProfile: user.hasProfile,
        requires: basicSlug === course.slug ? null : { basicSlug, held },
        running: running ? { courseSlug: running.courseSlug, deadline: running.deadline } : null,
        courseSlug: course.slug,
        heldBadge: heldBadge ?? null,
        lastAttempt: lastAttempt?.finishedAt ? { finishedAt: lastAttempt.finishedAt, passed: lastAttempt.passed === true, graded: lastAttempt.passed !== null } : null,
        retakeWaitHours: course.exam.retakeWaitHours,
        now,
      });
      if (decision.kind === 'refuse') throw startRefusalError(decision.refusal);
      // The same course's session is handed back: a second tab or a reload resumes it.
      if (decision.kind === 'resume') return { examSessionId: running!.id, deadline: running!.deadline.toISOString(), resumed: true };

      const bank = await tx
        .select({ questionId: questions.questionId, topic: questions.topic, type: questions.type, prompt: questions.prompt, choices: questions.choices })
        .from(questions)
        .where(eq(questions.courseId, course.id));
      // The grant in force at this start decides the extra time; a later change leaves this deadline alone.
      const [grant] = await tx
        .select({ extraMinutes: examAccommodations.extraMinutes, extraPercent: examAccommodations.extraPercent, endsOn: examAccommodations.endsOn })
        .from(examAccommodations)
        .where(and(eq(examAccommodations.userId, userId), isNull(examAccommodations.withdrawnAt)));
      const terms = grant && accommodationApplies(grant, tokyoDay(now)) ? grant : null;
      const session = ExamSession.start({
        id: randomUUID(),
        userId,
        course: { id: course.id, slug: course.slug, minutes: course.exam.minutes, topics: course.exam.topics },
        extraMinutes: extraMinutesOf(course.exam.minutes, terms),
        bank,
        now,
        random: Math.random,
      });
      await this.sessions.save(unit, session);
      return { examSessionId: session.state.id, deadline: session.state.deadline.toISOString(), resumed: false };
    });
  }
}
