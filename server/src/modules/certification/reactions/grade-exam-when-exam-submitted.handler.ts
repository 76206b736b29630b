import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { type DomainEvent, EventStore, type StoredEvent } from '../../../database/event-store.js';
import { badges, courses, examSessions } from '../../../database/schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { scoreExam } from '../domain/exam-session.js';
import { examResultView } from '../exam-result.view.js';
import { BadgeAwarded, EXAM_SESSION_STREAM, ExamGraded } from '../events.js';

/** Badges last this long unless the course says otherwise. */
const DEFAULT_BADGE_MONTHS = 12;

const addMonths = (date: Date, months: number) => {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
};

/**
 * The grading worker: scores the frozen questions, records pass or fail with the per-topic
 * breakdown and, on a pass, awards the badge (the relay pushes `exam.graded` from ExamGraded). Delivery is at least once, so a graded session is
 * left alone (the session row is locked while grading).
 */
@Injectable()
@JobHandler('grade-exam-when-exam-submitted')
export class GradeExamWhenExamSubmittedHandler implements HandlesJob<StoredEvent> {
  constructor(private readonly eventStore: EventStore) {}

  async handle(event: StoredEvent): Promise<void> {
    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    await this.eventStore.commit(meta, async ({ tx, append }) => {
      const [session] = await tx.select().from(examSessions).where(eq(examSessions.id, event.streamId)).for('update');
      if (!session || session.status === 'graded') return;
      const [course] = await tx
        .select({ slug: courses.slug, exam: courses.exam, badgeValidMonths: courses.badgeValidMonths })
        .from(courses)
        .where(eq(courses.id, session.courseId));
      const score = scoreExam(session.questions, session.answers, course?.exam?.passPercent ?? 100);
      const gradedAt = new Date();
      const courseSlug = course?.slug ?? '';
      // The result rides in the event, so the push that follows it needs no read and the page no refetch.
      const result = examResultView({ examSessionId: session.id, courseSlug, finishedAt: session.finishedAt ?? session.deadline, score, exam: course?.exam ?? null });
      const facts: DomainEvent[] = [
        new ExamGraded({ userId: session.userId, courseId: session.courseId, passed: score.passed, percent: score.percent, correct: score.correct, total: score.total, courseSlug, result }),
      ];
      if (score.passed) {
        const expiresAt = addMonths(gradedAt, course?.badgeValidMonths ?? DEFAULT_BADGE_MONTHS);
        facts.push(new BadgeAwarded({ userId: session.userId, courseId: session.courseId, awardedAt: gradedAt.toISOString(), expiresAt: expiresAt.toISOString() }));
        await tx
          .insert(badges)
          .values({ userId: session.userId, courseId: session.courseId, awardedAt: gradedAt, expiresAt })
          // A new award waits for its own certificate.
          .onConflictDoUpdate({ target: [badges.userId, badges.courseId], set: { awardedAt: gradedAt, expiresAt, certificateId: null } });
      }
      await append({ streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.streamVersion }, facts);
      await tx
        .update(examSessions)
        .set({ status: 'graded', passed: score.passed, score, streamVersion: session.streamVersion + facts.length })
        .where(eq(examSessions.id, session.id));
    });
  }
}
