import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../../common/errors/app-error.js';
import { lockOwnExamSession } from '../../own-exam-session.js';
import type { ExamSubmission } from '../../../../contracts/exams.js';
import { EventStore } from '../../../../database/event-store.js';
import { examSessions } from '../../../../database/schema.js';
import { acceptsSubmitAt, validChoices } from '../../domain/exam-session.js';
import { EXAM_SESSION_STREAM, ExamSubmitted } from '../../events.js';
import { SubmitExamCommand } from './submit-exam.command.js';

/** Spec §8: the time-out variant of the submit-failure message. */
export const SUBMIT_TIMED_OUT_MESSAGE = '試験時間を過ぎたため、解答を送信できませんでした。24時間後に再度受験してください。';

/** Ends the attempt with its answers; a repeat returns the same submission (idempotent). */
@CommandHandler(SubmitExamCommand)
export class SubmitExamHandler implements ICommandHandler<SubmitExamCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, examSessionId, answers, meta }: SubmitExamCommand): Promise<ExamSubmission> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const session = await lockOwnExamSession(tx, examSessionId, userId);
      if (session.status !== 'running') {
        return { examSessionId, status: session.status, finishedAt: (session.finishedAt ?? session.deadline).toISOString() };
      }
      const now = new Date();
      if (!acceptsSubmitAt(session.deadline, now)) throw new AppError('EXAM_TIME_OVER', SUBMIT_TIMED_OUT_MESSAGE);

      const merged = { ...session.answers };
      for (const [questionId, choiceIds] of Object.entries(answers)) {
        const question = session.questions.find((candidate) => candidate.questionId === questionId);
        const chosen = question && validChoices(question, choiceIds);
        if (!chosen) throw new AppError('VALIDATION_FAILED', `解答が問題と合いません: ${questionId}`, 'answers');
        merged[questionId] = chosen;
      }
      // A submit inside the grace period still finishes at the deadline at the latest.
      const finishedAt = now > session.deadline ? session.deadline : now;
      await append({ streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.streamVersion }, [
        new ExamSubmitted({ finishedAt: finishedAt.toISOString(), answeredCount: Object.keys(merged).length }),
      ]);
      await tx
        .update(examSessions)
        .set({ status: 'submitted', answers: merged, finishedAt, streamVersion: session.streamVersion + 1 })
        .where(eq(examSessions.id, session.id));
      return { examSessionId, status: 'submitted', finishedAt: finishedAt.toISOString() };
    });
  }
}
