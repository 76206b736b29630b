import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { certificationCourseById } from '../../catalogue/reads.js';
import { badges } from '../certification.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { ExamSessionRepository } from '../exam-session.repository.js';
import { examResultView } from '../exam-result.view.js';

/**
 * The grading worker: the session grades itself (`ExamSession.grade`: the score, pass or fail with the
 * per-topic breakdown, and on a pass the badge or its renewal); this records the badge: a renewal
 * replaces the held row's dates, a failed attempt leaves it as it was. Delivery is at least once, so
 * the session row is locked while grading and a graded session records nothing more.
 */
@Injectable()
@JobHandler('grade-exam-when-exam-submitted')
export class GradeExamWhenExamSubmittedHandler implements HandlesJob<StoredEvent> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly sessions: ExamSessionRepository,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    await this.eventStore.commit(meta, async (unit) => {
      const session = await this.sessions.lock(unit.tx, event.streamId);
      if (!session) return;
      const course = await certificationCourseById(unit.tx, session.state.courseId);
      const courseSlug = course?.slug ?? '';
      // Locked: a pass renews exactly the badge read here.
      const [held] = await unit.tx
        .select({ expiresAt: badges.expiresAt })
        .from(badges)
        .where(and(eq(badges.userId, session.state.userId), eq(badges.courseId, session.state.courseId)))
        .for('update');
      const award = session.grade(
        {
          slug: courseSlug,
          passPercent: course?.exam?.passPercent ?? 100,
          badgeValidMonths: course?.badgeValidMonths ?? null,
          heldBadgeExpiresAt: held?.expiresAt ?? null,
          resultOf: (score, finishedAt) => examResultView({ examSessionId: session.state.id, courseSlug, finishedAt, score, exam: course?.exam ?? null }),
        },
        new Date(),
      );
      if (award) {
        const { userId, courseId } = session.state;
        await unit.tx
          .insert(badges)
          .values({ userId, courseId, awardedAt: award.awardedAt, expiresAt: award.expiresAt })
          .onConflictDoUpdate({ target: [badges.userId, badges.courseId], set: { awardedAt: award.awardedAt, expiresAt: award.expiresAt } });
      }
      await this.sessions.save(unit, session);
    });
  }
}
