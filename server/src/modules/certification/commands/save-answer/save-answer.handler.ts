import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../common/errors/app-error.js';
import { lockOwnExamSession } from '../../own-exam-session.js';
import type { SavedAnswer } from '../../../../contracts/exams.js';
import { EventStore } from '../../../../database/event-store.js';
import { examSessions } from '../../../../database/schema.js';
import { acceptsSubmitAt, validChoices } from '../../domain/exam-session.js';
import { AnswerSaved, EXAM_SESSION_STREAM } from '../../events.js';
import { SaveAnswerCommand } from './save-answer.command.js';

/** Keeps one answer of a running session; acknowledged only once committed. */
@CommandHandler(SaveAnswerCommand)
export class SaveAnswerHandler implements ICommandHandler<SaveAnswerCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, examSessionId, questionId, choiceIds, meta }: SaveAnswerCommand): Promise<SavedAnswer> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const session = await lockOwnExamSession(tx, examSessionId, userId);
      const now = new Date();
      if (session.status !== 'running' || !acceptsSubmitAt(session.deadline, now)) {
        throw new AppError('EXAM_TIME_OVER', '試験の終了時刻を過ぎたため、解答を保存できませんでした。');
      }
      const question = session.questions.find((candidate) => candidate.questionId === questionId);
      if (!question) throw notFound('問題');
      const chosen = validChoices(question, choiceIds);
      if (!chosen) throw new AppError('VALIDATION_FAILED', 'この問題の選択肢から選んでください', 'choiceIds');
      await append({ streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.streamVersion }, [
        new AnswerSaved({ questionId, choiceIds: chosen, savedAt: now.toISOString() }),
      ]);
      await tx
        .update(examSessions)
        .set({ answers: { ...session.answers, [questionId]: chosen }, streamVersion: session.streamVersion + 1 })
        .where(eq(examSessions.id, session.id));
      return { savedAt: now.toISOString() };
    });
  }
}
